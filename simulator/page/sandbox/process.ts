/**
 * The engine process a run's jsdom episodes execute in: one per run process (per heap
 * limit) for decoy's own bundles, and one for each trusted bundle (sandbox/trusted.ts), so
 * that a bundle whose scripts decoy never checked cannot reach another's episodes. Started
 * on first use, reused across episodes and runs, and replaced after it fails. It runs the
 * precompiled build (bin/build.mjs, rebuilt when a source changed) under Node's permission
 * model: it may read the code and its dependencies, nothing else; it may not write files,
 * start processes or workers, or load native code. Where the kernel offers one, it runs
 * inside bubblewrap too (boundary.ts). It talks to the run over a pipe of its own, in
 * frames the run decodes itself (frames.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable, Writable } from 'node:stream';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { shortReason } from '../../../lib/errors.ts';
import { withTimeout } from '../../../lib/timeout.ts';
import { packagePath } from '../../../lib/root.ts';
import { bwrapArgs, kernelBoundary, nodeBinary, type Boundary } from './boundary.ts';
import { frame, FrameError, FrameReader } from './frames.ts';
import { LimitError, overTime } from '../engine/limits.ts';
import { LOADING, PART_MESSAGE, READY, REPLY, type Method, type Reply } from './protocol.ts';
import type { CheckedPart } from './wire.ts';

/** Why a call failed, when the process, not the page, is the reason (it is gone or timed out). */
export class EngineProcessError extends Error {
  override name = 'EngineProcessError';
}

interface Pending {
  resolve: (r: Reply) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
  allowance: Allowance;
  /** Time granted so far for pages the call loaded, in ms. */
  loadMs: number;
  /** Takes a part of the answer sent ahead of it; the reason it is malformed, or null. Absent: the call's answer comes whole. */
  onPart?: (part: CheckedPart) => string | null;
}

/** How long a call may take: `ms`, and `loadMs(tags)` more for each page it loads, `maxLoadMs` at most in all. */
export interface Allowance {
  ms: number;
  loadMs: (tags: number) => number;
  maxLoadMs: number;
}

/** Startup (loading jsdom) is not a page's doing: it gets its own, generous, allowance. */
const STARTUP_MS = 60_000;

/**
 * A step's time is the engine process's own CPU time where the system tells it (Linux
 * /proc), so that a machine busy with other work does not fail healthy episodes; a step
 * still ends after this many times its limit in wall time, whatever the CPU says.
 */
const WALL_FACTOR = 10;
const TICKS_PER_SECOND = 100;

/**
 * `--memory-mb` caps V8's heap; typed arrays and other memory outside it are not counted
 * there, so the engine's resident memory is watched too. It may be the heap limit plus
 * this allowance, jsdom's own baseline (an engine after a few episodes holds about 150 MB).
 */
export const RSS_ALLOWANCE_MB = 256;

/**
 * The young generation's semi-space, in MB: an observation makes many short-lived records,
 * and jsdom's heap is large, so a roomier young generation spends less time collecting
 * (on a 50,000-element page a fifth of the observation was spent so). Outside the heap
 * limit, inside the resident allowance.
 */
const SEMI_SPACE_MB = 32;

/** How often a call in flight has its CPU time and memory looked at, in ms. */
const POLL_MS = 100;

/** Resident memory of a process in MB, or null where /proc is not there. */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU seconds a process has used (user + system), or null where /proc is not there. */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * The folders of installed packages the engine loads jsdom from: where resolution finds it
 * (its real path) and the package's own node_modules (which may be a link to it).
 */
function modulesDirs(): string[] {
  let dir = dirname(createRequire(import.meta.url).resolve('jsdom/package.json'));
  while (basename(dir) !== 'node_modules' && dirname(dir) !== dir) dir = dirname(dir);
  return [...new Set([dir, packagePath('node_modules')])];
}

let pinned: Promise<{ dir: string; entry: string }> | null = null;

/**
 * The precompiled build of the sources as they were when this process first needed one (built
 * if missing), and the engine's entry in it: every engine process this process starts runs
 * that same code, so what they answer is one code's (engine/memo.ts keeps answers by it).
 */
function build(): Promise<{ dir: string; entry: string }> {
  pinned ??= (async () => {
    const { ensureBuild } = (await import(pathToFileURL(packagePath('bin', 'build.mjs')).href)) as {
      ensureBuild: () => Promise<string>;
    };
    const dir = dirname(dirname(await ensureBuild()));
    return { dir, entry: join(dir, 'simulator', 'page', 'sandbox', 'child.js') };
  })().catch((e: unknown) => {
    pinned = null;
    throw e;
  });
  return pinned;
}

/** The name of the build this process's engines run (a fingerprint of the sources and of the build itself). */
export async function engineBuild(): Promise<string> {
  return basename((await build()).dir);
}

/**
 * SIGUSR1 starts Node's inspector, which would run any code a debugger client sends in
 * this (unsandboxed) process; Node 20 has no switch to turn that off, but a listener of
 * its own takes the signal instead. The engine cannot send signals; this is for anyone
 * else who could. A process started with --inspect keeps its inspector.
 */
function keepInspectorShut(): void {
  if (process.listenerCount('SIGUSR1') === 0) process.on('SIGUSR1', () => undefined);
}

/** What an engine that ended at start said of why: the error's line (or bwrap's), not Node's version line after the stack. */
function startError(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('at ') && !/^Node\.js v/.test(l));
  return lines.find((l) => /^(\w*Error\b|bwrap:)/.test(l)) ?? lines.pop() ?? '';
}

/** The engine's pid outside the sandbox, as bwrap reports it (undefined if it does not). */
function confinedPid(info: Readable): Promise<number | undefined> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      info.destroy();
      const m = /"child-pid"\s*:\s*(\d+)/.exec(text);
      resolve(m ? Number(m[1]) : undefined);
    };
    info.setEncoding('utf8');
    info.on('data', (d: string) => {
      text += d;
      if (text.includes('}') || text.length > INFO_MAX) done();
    });
    info.on('error', done);
    info.on('close', done);
  });
}

/** The descriptor bwrap writes its report to (the engine's pid outside the sandbox). */
const INFO_FD = 4;
/** A report of bwrap's is a few hundred bytes. */
const INFO_MAX = 4096;

export class EngineProcess {
  private child: ChildProcess | null = null;
  private channel: (Readable & Writable) | null = null;
  /** The engine's own pid, whose CPU time and memory are measured (bwrap's child, not bwrap, when it is confined). */
  private pid: number | undefined;
  private started: Promise<void> | null = null;
  /** While the process starts: takes its first message. */
  private onReady: ((m: unknown) => void) | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stderr = '';
  private dead: string | null = null;

  /** `boundary`: where the process runs (the machine's, looked for once, unless given). */
  constructor(
    readonly memoryMb: number,
    private readonly boundary?: Boundary,
  ) {}

  get alive(): boolean {
    return this.dead === null;
  }

  /** CPU seconds the engine process has used so far (user + system), or null before it starts or where /proc is not there. */
  cpuSeconds(): number | null {
    return cpuSeconds(this.pid);
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      keepInspectorShut();
      const { dir, entry } = await build();
      const modules = modulesDirs();
      const node = [
        '--experimental-permission',
        ...modules.map((d) => `--allow-fs-read=${join(d, '*')}`),
        `--allow-fs-read=${join(dir, '*')}`,
        `--max-old-space-size=${this.memoryMb}`,
        `--max-semi-space-size=${SEMI_SPACE_MB}`,
        '--disable-warning=ExperimentalWarning',
        entry,
      ];
      const boundary = this.boundary ?? kernelBoundary();
      const confined = boundary.kind === 'bubblewrap';
      // The build's modules are ES modules by the package's "type": its package.json is the one file of the package root the engine sees.
      const reads = { dirs: [...modules, dir], files: [packagePath('package.json')] };
      const [file, args] = confined
        ? [boundary.bwrap, [...bwrapArgs(reads), '--info-fd', String(INFO_FD), '--', nodeBinary(), ...node]]
        : [process.execPath, node];
      const child = spawn(file, args, {
        // Nothing of the run's environment: a page that escapes finds no variables to read.
        env: { TZ: 'UTC' },
        // Descriptor 3 is the channel to the run (a socket pair); 4, bwrap's report.
        stdio: ['ignore', 'ignore', 'pipe', 'pipe', ...(confined ? (['pipe'] as const) : [])],
      });
      this.child = child;
      this.channel = child.stdio[3] as Readable & Writable;
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (d: string) => (this.stderr = (this.stderr + d).slice(-4000)));
      child.on('exit', (code, signal) => this.exited(code, signal));
      child.on('error', (e) => this.fail(`the engine process failed: ${e.message}`));
      // Its end is the process's: the exit says why.
      this.channel.on('error', () => undefined);
      const reader = new FrameReader();
      this.channel.on('data', (chunk: Buffer) => this.heard(reader, chunk));
      const [pid] = await Promise.all([
        confined ? confinedPid(child.stdio[INFO_FD] as Readable) : Promise.resolve(child.pid),
        withTimeout(
          new Promise<void>((resolve, reject) => {
            this.onReady = (m) =>
              m === READY ? resolve() : reject(new EngineProcessError('the engine process did not start'));
            child.once('exit', () =>
              reject(
                new EngineProcessError(shortReason(`the engine process exited at start: ${startError(this.stderr)}`)),
              ),
            );
          }),
          STARTUP_MS,
          () => new EngineProcessError('the engine process did not start'),
        ),
      ]);
      this.pid = pid;
      this.idle();
    })();
    return this.started;
  }

  /** Let a run that is done exit while the engine process waits. */
  private idle(): void {
    if (this.pending.size > 0) return;
    this.child?.unref();
    (this.child?.stderr as { unref?: () => void } | null | undefined)?.unref?.();
    (this.channel as { unref?: () => void } | null)?.unref?.();
  }

  private busy(): void {
    this.child?.ref();
    (this.child?.stderr as { ref?: () => void } | null | undefined)?.ref?.();
    (this.channel as { ref?: () => void } | null)?.ref?.();
  }

  /** Bytes from the engine: every message they complete, in order. Anything it sends that the run cannot take ends the process, never the run. */
  private heard(reader: FrameReader, chunk: Buffer): void {
    try {
      for (const m of reader.push(chunk)) {
        if (this.dead !== null) return;
        this.receive(m);
      }
    } catch (e) {
      this.fail(
        `the engine process sent ${e instanceof FrameError ? e.message : `a message the run could not take (${shortReason(String((e as Error)?.message), 100)})`}`,
      );
    }
  }

  private receive(m: unknown): void {
    if (this.onReady) {
      const ready = this.onReady;
      this.onReady = null;
      return ready(m);
    }
    const loading = LOADING.safeParse(m);
    if (loading.success) {
      const p = this.pending.get(loading.data.id);
      if (p) p.loadMs = Math.min(p.allowance.maxLoadMs, p.loadMs + p.allowance.loadMs(loading.data.loading));
      return;
    }
    const part = PART_MESSAGE.safeParse(m);
    if (part.success) {
      const p = this.pending.get(part.data.id);
      if (!p?.onPart) return this.fail('the engine process sent a part of an answer nobody asked for in parts');
      const wrong = p.onPart(part.data.part);
      if (wrong !== null) return this.fail(`the engine process sent a malformed part of an answer (${wrong})`);
      return;
    }
    const parsed = REPLY.safeParse(m);
    if (!parsed.success) return this.fail('the engine process sent a malformed message');
    const p = this.pending.get(parsed.data.id);
    if (!p) return this.fail('the engine process answered a call nobody made');
    this.pending.delete(parsed.data.id);
    clearTimeout(p.timer);
    p.resolve(parsed.data);
    this.idle();
  }

  private exited(code: number | null, signal: NodeJS.Signals | null): void {
    const oom = /heap limit|out of memory/i.test(this.stderr);
    this.fail(oom ? OVER_MEMORY(this.memoryMb) : `the engine process ended (${signal ?? `exit code ${code}`})`);
  }

  /** Ends the process and fails every call in flight with `reason`. */
  fail(reason: string, error: (m: string) => Error = (m) => new EngineProcessError(m)): void {
    if (this.dead === null) this.dead = reason;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(error(reason));
      this.pending.delete(id);
    }
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  /** One call (its answer's parts, if it comes in parts, to `onPart` as they arrive); rejects with a LimitError when it takes longer than its allowance (and the process is ended). */
  async call(
    browser: number,
    method: Method,
    args: unknown[],
    given: Allowance,
    onPart?: Pending['onPart'],
  ): Promise<Reply> {
    await this.start();
    if (this.dead !== null) throw new EngineProcessError(this.dead);
    const id = this.nextId++;
    this.busy();
    const pid = this.pid;
    const cpu0 = cpuSeconds(pid);
    const started = Date.now();
    return new Promise<Reply>((resolve, reject) => {
      const check = (): void => {
        const p = this.pending.get(id);
        if (!p) return;
        const timeoutMs = given.ms + p.loadMs;
        const limit = timeoutMs / 1000;
        const over = () => this.fail(overTime(limit), (m) => new LimitError(m));
        const rss = rssMb(pid);
        if (rss !== null && rss > this.memoryMb + RSS_ALLOWANCE_MB)
          return this.fail(OVER_MEMORY(this.memoryMb), (m) => new LimitError(m));
        const cpu = cpuSeconds(pid);
        const spent = cpu0 === null || cpu === null ? (Date.now() - started) / 1000 : cpu - cpu0;
        if (spent >= limit || Date.now() - started >= timeoutMs * WALL_FACTOR) return over();
        p.timer = setTimeout(check, Math.min(POLL_MS, Math.max(50, (limit - spent) * 1000)));
      };
      const timer = setTimeout(check, Math.min(POLL_MS, given.ms));
      this.pending.set(id, { resolve, reject, timer, allowance: given, loadMs: 0, ...(onPart ? { onPart } : {}) });
      try {
        this.channel?.write(frame({ id, browser, method, args }));
      } catch (e) {
        this.fail(`the engine process cannot be reached: ${(e as Error).message}`);
      }
    });
  }
}

const OVER_MEMORY = (mb: number) => `the page used more than ${mb} MB of memory`;

/** Decoy's own bundles' processes, by heap limit and worker: shared by every browser of the run that plays on that worker. */
const own = new Map<string, EngineProcess>();

/** A trusted site's process, with how many browsers hold it: it ends when the last lets go. */
interface Held {
  proc: EngineProcess;
  holders: number;
}
/** Trusted sites' processes, by site and heap limit: never shared with decoy's own bundles nor with another site. */
const trusted = new Map<object, Map<number, Held>>();

/**
 * The live engine process for pages of `site` with this heap limit; a new one if there is
 * none or it failed. A trusted site (sandbox/trusted.ts) has one of its own, while a browser
 * holds it (holdEngine); any other site is decoy's own and shares one per worker (--workers:
 * each worker is a process of its own, so episodes on two workers use two cores).
 */
export function engineProcess(memoryMb: number, site: object | null = null, worker = 0): EngineProcess {
  const held = site ? trusted.get(site)?.get(memoryMb) : undefined;
  if (held) {
    if (!held.proc.alive) held.proc = new EngineProcess(memoryMb);
    return held.proc;
  }
  const key = `${memoryMb}/${worker}`;
  let p = own.get(key);
  if (!p || !p.alive) {
    p = new EngineProcess(memoryMb);
    own.set(key, p);
  }
  return p;
}

/** A browser will play `site` (a trusted one, or null for decoy's own): its process is kept for it until it lets go. */
export function holdEngine(memoryMb: number, site: object | null): void {
  if (!site) return;
  let bySize = trusted.get(site);
  if (!bySize) trusted.set(site, (bySize = new Map()));
  const held = bySize.get(memoryMb);
  if (held) held.holders++;
  else bySize.set(memoryMb, { proc: new EngineProcess(memoryMb), holders: 1 });
}

/** A browser is done with `site`: a trusted site's process ends when no browser holds it. */
export function releaseEngine(memoryMb: number, site: object | null): void {
  const bySize = site ? trusted.get(site) : undefined;
  const held = bySize?.get(memoryMb);
  if (!site || !bySize || !held) return;
  if (--held.holders > 0) return;
  held.proc.fail('the engine process of a trusted bundle was ended after its episodes');
  bySize.delete(memoryMb);
  if (bySize.size === 0) trusted.delete(site);
}
