/** Called as a long job advances: `done` of `total` items of the step named by `label`. */
export type Progress = (label: string, done: number, total: number) => void;

export const silent: Progress = () => {};
