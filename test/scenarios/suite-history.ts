/**
 * A suite file's versions as git has them: the rule that a version's digest, once committed,
 * never changes, checked against every revision of the file since the rule began.
 */
import { execFileSync } from 'node:child_process';
import { projectRoot } from '../../lib/root.ts';

/** The commit that began the rule: every revision of a suite file from it on records released. */
export const RULE_FROM = '0891d187f18f30d8ec05b9f63f6821a7dc253ccc';

export interface Recorded {
  version: number;
  digest: string;
  released: string[];
}

/* A field as the formatter writes it: at the suite object's indent, alone on its line. */
const field = (text: string, name: string, value: string): string[] =>
  [...text.matchAll(new RegExp(`^  ${name}: ${value},$`, 'gm'))].map((m) => m[1]!);

/** What a suite file's text records, or why it cannot be read (a field missing, or written twice). */
export function recordedIn(text: string): Recorded | string {
  const version = field(text, 'version', '(\\d+)');
  const digest = field(text, 'digest', "'([0-9a-f]+)'");
  const released = field(text, 'released', '\\[([^\\]\\n]*)\\]');
  for (const [name, found] of [
    ['version', version],
    ['digest', digest],
    ['released', released],
  ] as const)
    if (found.length !== 1) return `${name} is written ${found.length} times, not once, at the suite's indent`;
  return {
    version: Number(version[0]),
    digest: digest[0]!,
    released: [...released[0]!.matchAll(/'([0-9a-f]+)'/g)].map((m) => m[1]!),
  };
}

/** Where a revision since the rule began says otherwise than `now` of a version: one line each. */
export function historyBreaks(
  id: string,
  now: Recorded,
  revisions: readonly { commit: string; text: string }[],
): string[] {
  const out: string[] = [];
  for (const { commit, text } of revisions) {
    const at = commit.slice(0, 10);
    const then = recordedIn(text);
    if (typeof then === 'string') {
      out.push(`${id}: ${at} cannot be read (${then})`);
      continue;
    }
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

/**
 * The committed revisions of a file since the rule began, newest first (the rule's own commit
 * last); none where there is no git. A history cut short (a shallow clone) gives what it holds.
 */
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
    let text: string;
    try {
      text = git('show', `${commit}:${path}`);
    } catch {
      break; // the file did not exist there
    }
    out.push({ commit, text });
    if (commit === RULE_FROM) break;
  }
  // Without the rule's commit (a shallow clone) the older revisions cannot be told from those since: only the readable ones count.
  let known = true;
  try {
    git('cat-file', '-e', `${RULE_FROM}^{commit}`);
  } catch {
    known = false;
  }
  return known ? out : out.filter((r) => typeof recordedIn(r.text) !== 'string');
}
