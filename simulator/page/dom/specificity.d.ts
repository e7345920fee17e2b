// The package ships types its "exports" map does not point to; the part the style index uses.
declare module '@bramus/specificity' {
  interface Specificity {
    readonly a: number;
    readonly b: number;
    readonly c: number;
    selectorString(): string;
  }
  const Specificity: { calculate(selectorList: string): Specificity[] };
  export default Specificity;
}
