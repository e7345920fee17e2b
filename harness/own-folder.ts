/** An output folder a command writes a few files of its own into, and may write again. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { clip, clipPath, UserError } from '../lib/errors.ts';
import { realPath } from '../lib/real-path.ts';
import { isTempName } from '../lib/files.ts';

/** Whether a file's text fits what the command writes there. */
export type Fits = (text: string) => boolean;

/** A JSON object, as a summary or an assessment is. */
export const jsonObject: Fits = (text) => {
  const j = JSON.parse(text) as unknown;
  return typeof j === 'object' && j !== null && !Array.isArray(j);
};

/** JSON Lines of objects, each line whole. */
export const jsonLines: Fits = (text) =>
  text === '' || (text.endsWith('\n') && text.slice(0, -1).split('\n').every(jsonObject));

/**
 * Refuses, before any work, an output folder that holds anything but the command's own files
 * (each name in `own`, its text as its check says) and temporary files a killed writer left:
 * nothing in it is changed. `what` is what the folder would hold (`an assessment`).
 */
export function assertOwnFolder(out: string, own: Readonly<Record<string, Fits>>, what: string): void {
  if (!existsSync(out)) return;
  for (const name of readdirSync(out)) {
    if (isTempName(name)) continue;
    const fits = Object.hasOwn(own, name) ? own[name] : undefined;
    let ours = false;
    try {
      ours = fits !== undefined && fits(readFileSync(join(out, name), 'utf8'));
    } catch {
      ours = false;
    }
    if (!ours)
      throw new UserError(
        `${clip(out)} holds something other than ${what} (${clip(name)}); nothing was changed (choose another --out)`,
      );
  }
}

/**
 * Refuses an output folder that is, or lies inside, one of the folders a command reads
 * (`read` says how: `the build reads`), links followed: the command that wrote that folder
 * finds only its own files there.
 */
export function assertOutside(out: string, dirs: readonly string[], read: string, flag = '--out'): void {
  const to = realPath(out);
  for (const d of dirs) {
    const r = relative(realPath(d), to);
    if (r === '' || !(r === '..' || r.startsWith(`..${sep}`) || isAbsolute(r)))
      throw new UserError(`${flag} ${clip(out)} is inside ${clipPath(d)}, a folder ${read}; choose another ${flag}`);
  }
}
