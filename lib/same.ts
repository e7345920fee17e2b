/**
 * Whether two types describe the same values, field for field: each assignable to the other,
 * and again with every field required at every depth, so that a field one has and the other
 * lacks is told even where it is optional (mutual assignability alone lets an optional field
 * go missing). A schema written beside a type is held to it with
 * `export const X: Same<z.infer<typeof schema>, T> = true`, which fails type checking when
 * the two drift.
 */
export type Same<A, B> = Both<A, B> extends true ? Both<Filled<A>, Filled<B>> : false;

type Both<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** T with every property required, at every depth (arrays by their elements, unions member by member). */
type Filled<T> = T extends readonly (infer E)[]
  ? Filled<E>[]
  : T extends object
    ? { [K in keyof T]-?: Filled<T[K]> }
    : T;
