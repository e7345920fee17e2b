// jstat ships no types; the part the seed aggregate uses. A CommonJS module: its exports are the default export.
declare module 'jstat' {
  const jstat: { jStat: { studentt: { inv(p: number, dof: number): number } } };
  export default jstat;
}
