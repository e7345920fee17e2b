/**
 * The operating-system boundary the jsdom engine process runs in, where the kernel offers
 * one: bubblewrap (Linux namespaces). The lock-down and Node's permission model are
 * JavaScript, and a page that found one more way into Node would be past both; inside
 * bubblewrap it is still in a network namespace with no interface but its own loopback, a
 * process, IPC and host-name namespace of its own, with no capabilities, and a file system
 * that holds only the system's programs and libraries, decoy's build and its packages, all
 * read-only (and an empty /tmp).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { delimiter, join, sep } from 'node:path';
import { shortReason } from '../../../lib/errors.ts';

export type Boundary =
  { readonly kind: 'bubblewrap'; readonly bwrap: string } | { readonly kind: 'none'; readonly why: string };

/** What the engine may read, besides the system: folders and single files, each at its own path. */
export interface Reads {
  readonly dirs: readonly string[];
  readonly files: readonly string[];
}

/** The bwrap on PATH (an executable file), or null. */
function findBwrap(): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const file = join(dir, 'bwrap');
    try {
      if (!statSync(file).isFile()) continue;
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** The node binary, by its real path: inside the sandbox no link leads to it. */
export const nodeBinary = (): string => realpathSync(process.execPath);

/** Top-level folders of the system's programs and libraries: bound read-only, or made the same links they are here (a merged /usr). */
const SYSTEM = ['/usr', '/lib', '/lib32', '/lib64', '/libx32', '/bin', '/sbin'];
/** What the dynamic loader reads to find the libraries node links to. */
const LOADER = ['/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d'];

const inside = (path: string, dir: string) => path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);

/** bwrap's arguments, up to `--`, for a process that may read `reads` and the system, and nothing else. */
export function bwrapArgs(reads: Reads): string[] {
  const args = [
    // Every namespace: network (only a loopback of its own), pid, IPC, UTS, user and cgroup where they can be made.
    '--unshare-all',
    // Ends with the run, and with bwrap when the run ends bwrap.
    '--die-with-parent',
    // No controlling terminal: a terminal's TIOCSTI would type into the user's shell.
    '--new-session',
    // The engine is the namespace's first process, so the pid bwrap reports (--info-fd) is the one to measure.
    '--as-pid-1',
    // Run as root (as CI does), bwrap would keep its capabilities.
    '--cap-drop',
    'ALL',
    // The host-name namespace starts with the host's name; the engine gets a neutral one.
    '--hostname',
    'engine',
  ];
  // Mounted first: a folder the engine is given under /tmp (a package unpacked there) is bound over the empty /tmp, not hidden by it.
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  const bound: string[] = [];
  for (const top of SYSTEM) {
    try {
      const s = lstatSync(top);
      if (s.isSymbolicLink()) args.push('--symlink', readlinkSync(top), top);
      else if (s.isDirectory()) (args.push('--ro-bind', top, top), bound.push(top));
    } catch {
      // not on this system
    }
  }
  for (const f of LOADER) {
    try {
      lstatSync(f);
      args.push('--ro-bind', f, f);
    } catch {
      // not on this system
    }
  }
  const node = nodeBinary();
  if (!bound.some((d) => inside(node, d))) args.push('--ro-bind', node, node);
  for (const d of reads.dirs) args.push('--ro-bind', d, d);
  for (const f of reads.files) args.push('--ro-bind', f, f);
  args.push('--chdir', '/');
  return args;
}

function probe(): Boundary {
  const bwrap = findBwrap();
  if (bwrap === null) return { kind: 'none', why: 'bubblewrap (bwrap) is not installed' };
  // Where user namespaces are off, or a container forbids mounts, bwrap is there and fails at once.
  const r = spawnSync(bwrap, [...bwrapArgs({ dirs: [], files: [] }), '--', nodeBinary(), '-e', ''], {
    env: {},
    timeout: 20_000,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (r.status === 0) return { kind: 'bubblewrap', bwrap };
  const why = r.error?.message ?? (r.stderr.trim() || `exit code ${r.status ?? r.signal}`);
  return { kind: 'none', why: `bubblewrap cannot start here: ${shortReason(why, 120)}` };
}

let found: Boundary | null = null;

/** The boundary the engine process runs in on this machine: looked for (and bubblewrap tried) once. */
export function kernelBoundary(): Boundary {
  found ??= probe();
  return found;
}

/** The boundary in force, in one line (what `decoy` says at the start of work with trusted bundles). */
export function describeBoundary(b: Boundary = kernelBoundary()): string {
  return b.kind === 'bubblewrap'
    ? "engine sandbox: bubblewrap (no network, read-only code) and Node's permission model"
    : `engine sandbox: Node's permission model only (${b.why})`;
}
