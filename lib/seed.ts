/** The largest seed a run, a suite or a case takes: the generator's PRNG takes 32-bit seeds, and what every command's --seed accepts. */
export const SEED_MAX = 2 ** 31 - 1;
