/**
 * A suite file's versions as git has them: the rule that a version's digest, once committed,
 * never changes, checked against every revision of the file that records `released`.
 */
import { execFileSync } from 'node:child_process';
import { projectRoot } from '../../lib/root.ts';

export interface Recorded {
  version: number;
  digest: string;
  released: string[];
}

/** What a suite file's text records, or null where it records no history (before the rule). */
export function recordedIn(text: string): Recorded | null {
  const version = /\bversion: (\d+),/.exec(text)?.[1];
  const digest = /\bdigest: '([0-9a-f]+)'/.exec(text)?.[1];
  const released = /\breleased: \[([^\]]*)\]/.exec(text)?.[1];
  if (version === undefined || digest === undefined || released === undefined) return null;
  return { version: Number(version), digest, released: [...released.matchAll(/'([0-9a-f]+)'/g)].map((m) => m[1]!) };
}

/** Where an earlier revision says otherwise than `now` of a version: one line each. */
export function historyBreaks(
  id: string,
  now: Recorded,
  revisions: readonly { commit: string; text: string }[],
): string[] {
  const out: string[] = [];
  for (const { commit, text } of revisions) {
    const then = recordedIn(text);
    if (!then) break; // older revisions predate the rule
    const at = commit.slice(0, 10);
    const kept = now.version === then.version ? now.digest : now.released[then.version - 1];
    if (then.version > now.version)
      out.push(`${id}: ${at} had version ${then.version}, now ${now.version}: a version never goes back`);
    else if (kept !== then.digest)
      out.push(
        `${id}: ${at} committed version ${then.version} with digest ${then.digest}, now ${kept ?? 'none'}: ` +
          `a changed suite takes version ${now.version + (now.version === then.version ? 1 : 0)} and keeps ${then.digest} in released`,
      );
    then.released.forEach((d, i) => {
      if (now.released[i] !== d)
        out.push(`${id}: ${at} released version ${i + 1} as ${d}, now ${now.released[i] ?? 'none'}`);
    });
  }
  return out;
}

/** The committed revisions of a file, newest first; none where there is no git or no history. */
export function revisionsOf(path: string): { commit: string; text: string }[] {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: projectRoot(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  let commits: string[];
  try {
    commits = git('log', '--format=%H', '--', path).split('\n').filter(Boolean);
  } catch {
    return [];
  }
  const out: { commit: string; text: string }[] = [];
  for (const commit of commits) {
    const text = git('show', `${commit}:${path}`);
    out.push({ commit, text });
    if (!recordedIn(text)) break;
  }
  return out;
}
