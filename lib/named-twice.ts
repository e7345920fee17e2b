/** Folders named twice on a command line, however they are written. */
import { realPath } from './real-path.ts';

/**
 * The first of `paths` that names the same file or folder as an earlier one (`as`), however
 * written: relative or absolute, or through a symbolic link; null when each names its own.
 */
export function namedTwice(paths: readonly string[]): { twice: string; as: string } | null {
  const seen = new Map<string, string>();
  for (const p of paths) {
    const real = realPath(p);
    const earlier = seen.get(real);
    if (earlier !== undefined) return { twice: p, as: earlier };
    seen.set(real, p);
  }
  return null;
}
