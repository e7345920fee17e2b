/**
 * Where a comparison keeps the engine's answers its episodes got (simulator/page/engine/memo.ts)
 * for the comparison played in the same folder again: in the package's cache beside the
 * self-check's verdicts, by the folder's real path, never in the folder. A folder from
 * elsewhere brings no answers with it, since nothing could tell forged ones from played ones.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { isTempName } from '../lib/files.ts';
import { dirname, join } from 'node:path';
import { packagePath } from '../lib/root.ts';
import { realPath } from '../lib/real-path.ts';
import { PageMemo } from '../simulator/page/engine/memo.ts';
import { pageCode } from './check.ts';

/** The memos of every folder, at most this many bytes in all: past it, the least recently used go. */
export const MEMO_CACHE_BYTES = 256 * 1024 * 1024;
/** A memo not used for this long goes: its folder is likely gone (the cache cannot tell, as it names none). */
const MEMO_DAYS = 14;

export const memoCacheDir = () => packagePath('node_modules', '.cache', 'decoy', 'pages');

/** The file that keeps the memo of the comparison in `out`. */
export function memoFileFor(out: string, cacheDir = memoCacheDir()): string {
  return join(cacheDir, `${createHash('sha256').update(realPath(out)).digest('hex').slice(0, 32)}.memo`);
}

export interface KeptMemo {
  memo: PageMemo;
  /** Writes what was kept since; a memo that cannot be written costs the next comparison time, never a result. */
  save: () => void;
}

/** The memo kept for `out` under the current code (empty if none, or not used for MEMO_DAYS), and how to keep it again. */
export async function keptMemo(out: string, cacheDir = memoCacheDir()): Promise<KeptMemo> {
  const file = memoFileFor(out, cacheDir);
  const code = await pageCode();
  let memo = new PageMemo();
  try {
    if (existsSync(file) && statSync(file).mtimeMs >= Date.now() - MEMO_DAYS * DAY) {
      memo = PageMemo.read(file, code);
      // Used now: the cache's pruning keeps what is used, not only what was written lately.
      const now = new Date();
      utimesSync(file, now, now);
    }
  } catch {
    // Unreadable: an empty memo, written over.
  }
  return {
    memo,
    save: () => {
      try {
        mkdirSync(dirname(file), { recursive: true });
        memo.save(file, code);
        prune(dirname(file));
      } catch {
        // Only time is lost: the next comparison plays what this one would have kept.
      }
    },
  };
}

const DAY = 24 * 3600 * 1000;

/**
 * Removes the memos not used for MEMO_DAYS, then the least recently used while the cache holds
 * more than MEMO_CACHE_BYTES, and what a write cut short left (a temporary file an hour old).
 */
function prune(dir: string): void {
  if (!existsSync(dir)) return;
  const now = Date.now();
  const held: { path: string; size: number; at: number }[] = [];
  for (const n of readdirSync(dir)) {
    const st = statSync(join(dir, n), { throwIfNoEntry: false });
    if (!st) continue;
    if (n.endsWith('.memo')) held.push({ path: join(dir, n), size: st.size, at: st.mtimeMs });
    else if (isTempName(n) && st.mtimeMs < now - 3600 * 1000) rmSync(join(dir, n), { force: true });
  }
  held.sort((a, b) => a.at - b.at);
  let total = held.reduce((n, f) => n + f.size, 0);
  for (const f of held) {
    if (total <= MEMO_CACHE_BYTES && f.at >= now - MEMO_DAYS * DAY) break;
    rmSync(f.path, { force: true });
    total -= f.size;
  }
}
