/**
 * The engine process a run's jsdom episodes execute in: one per run process (per heap
 * limit), started on first use, reused across episodes and runs, and replaced after it
 * fails. It runs the precompiled build (bin/build.mjs, rebuilt when a source changed)
 * under Node's permission model: it may read the code and its dependencies, nothing else;
 * it may not write files, start processes or workers, or load native code.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { shortReason } from '../../scenarios/errors.ts';
import { packagePath } from '../../scenarios/root.ts';
import { LimitError, overTime } from './limits.ts';
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

/** The precompiled build of the current sources (built if missing) and the engine's entry in it. */
async function build(): Promise<{ dir: string; entry: string }> {
  const { ensureBuild } = (await import(pathToFileURL(packagePath('bin', 'build.mjs')).href)) as { ensureBuild: () => Promise<string> };
  const dir = dirname(dirname(await ensureBuild()));
  return { dir, entry: join(dir, 'simulator', 'sandbox', 'child.js') };
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

export class EngineProcess {
  private child: ChildProcess | null = null;
  private started: Promise<void> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stderr = '';
  private dead: string | null = null;

  constructor(readonly memoryMb: number) {}

  get alive(): boolean {
    return this.dead === null;
  }

  /** CPU seconds the engine process has used so far (user + system), or null before it starts or where /proc is not there. */
  cpuSeconds(): number | null {
    return cpuSeconds(this.child?.pid);
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      keepInspectorShut();
      const { dir, entry } = await build();
      const child = fork(entry, [], {
        execArgv: [
          '--experimental-permission',
          ...modulesDirs().map((d) => `--allow-fs-read=${join(d, '*')}`),
          `--allow-fs-read=${join(dir, '*')}`,
          `--max-old-space-size=${this.memoryMb}`,
          `--max-semi-space-size=${SEMI_SPACE_MB}`,
          '--disable-warning=ExperimentalWarning',
        ],
        // Nothing of the run's environment: a page that escapes finds no variables to read.
        env: { TZ: 'UTC' },
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'advanced',
      });
      this.child = child;
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (d: string) => (this.stderr = (this.stderr + d).slice(-4000)));
      child.on('exit', (code, signal) => this.exited(code, signal));
      child.on('error', (e) => this.fail(`the engine process failed: ${e.message}`));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new EngineProcessError('the engine process did not start')), STARTUP_MS);
        child.once('message', (m) => {
          clearTimeout(timer);
          if (m === READY) resolve();
          else reject(new EngineProcessError('the engine process did not start'));
        });
        child.once('exit', () => {
          clearTimeout(timer);
          reject(new EngineProcessError(shortReason(`the engine process exited at start: ${this.stderr.trim().split('\n').pop() ?? ''}`)));
        });
      });
      child.on('message', (m) => this.receive(m));
      this.idle();
    })();
    return this.started;
  }

  /** Let a run that is done exit while the engine process waits. */
  private idle(): void {
    if (this.pending.size > 0) return;
    this.child?.unref();
    (this.child?.stderr as { unref?: () => void } | null | undefined)?.unref?.();
    (this.child as unknown as { channel?: { unref(): void } } | null)?.channel?.unref();
  }

  private busy(): void {
    this.child?.ref();
    (this.child?.stderr as { ref?: () => void } | null | undefined)?.ref?.();
    (this.child as unknown as { channel?: { ref(): void } } | null)?.channel?.ref();
  }

  private receive(m: unknown): void {
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
  async call(browser: number, method: Method, args: unknown[], given: Allowance, onPart?: Pending['onPart']): Promise<Reply> {
    await this.start();
    if (this.dead !== null) throw new EngineProcessError(this.dead);
    const id = this.nextId++;
    this.busy();
    const pid = this.child?.pid;
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
        if (rss !== null && rss > this.memoryMb + RSS_ALLOWANCE_MB) return this.fail(OVER_MEMORY(this.memoryMb), (m) => new LimitError(m));
        const cpu = cpuSeconds(pid);
        const spent = cpu0 === null || cpu === null ? (Date.now() - started) / 1000 : cpu - cpu0;
        if (spent >= limit || Date.now() - started >= timeoutMs * WALL_FACTOR) return over();
        p.timer = setTimeout(check, Math.min(POLL_MS, Math.max(50, (limit - spent) * 1000)));
      };
      const timer = setTimeout(check, Math.min(POLL_MS, given.ms));
      this.pending.set(id, { resolve, reject, timer, allowance: given, loadMs: 0, ...(onPart ? { onPart } : {}) });
      try {
        this.child?.send({ id, browser, method, args });
      } catch (e) {
        this.fail(`the engine process cannot be reached: ${(e as Error).message}`);
      }
    });
  }
}

const OVER_MEMORY = (mb: number) => `the page used more than ${mb} MB of memory`;

const processes = new Map<number, EngineProcess>();

/** The live engine process with this heap limit; a new one if there is none or it failed. */
export function engineProcess(memoryMb: number): EngineProcess {
  let p = processes.get(memoryMb);
  if (!p || !p.alive) {
    p = new EngineProcess(memoryMb);
    processes.set(memoryMb, p);
  }
  return p;
}
