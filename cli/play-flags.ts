/** What the play flags (flags.ts playFlags) and --trust-bundles mean once parsed: the limits, the engine, the sandbox. */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { UserError } from '../lib/errors.ts';
import type { RunLimits } from '../simulator/loop/call-limits.ts';
import type { SessionOptions } from '../simulator/llm/session.ts';
import type { Progress } from '../harness/progress.ts';

type PlayFlags = {
  stepSeconds?: number | undefined;
  memoryMb?: number | undefined;
  maxElements?: number | undefined;
  callSeconds?: number | undefined;
  engine: 'jsdom' | 'chromium';
  browser?: string | undefined;
};

/** The run's LLM as the flags set it: where its calls go, what they cost, how many episodes play at once. */
export function llmOf(c: {
  cassette?: string | undefined;
  llmMode?: 'record' | 'replay' | 'auto' | undefined;
  llmPrices?: string | undefined;
  concurrency: number;
}): { llm: SessionOptions; concurrency: number } {
  if (c.llmMode && !c.cassette) throw new UserError(`--llm-mode ${c.llmMode} needs --cassette <file.jsonl>`);
  return {
    llm: {
      ...(c.cassette ? { cassette: c.cassette, mode: c.llmMode ?? 'auto' } : {}),
      ...(c.llmPrices ? { pricesFile: c.llmPrices } : {}),
    },
    concurrency: c.concurrency,
  };
}

/** The CPUs a cgroup's quota grants (a container's CPU limit: cgroup v2, then v1), or null where none is set. */
export function quotaCpus(read: (file: string) => string | null = readOrNull): number | null {
  const v2 = read('/sys/fs/cgroup/cpu.max')?.trim().split(/\s+/);
  if (v2 && v2[0] !== 'max' && Number(v2[0]) > 0 && Number(v2[1]) > 0) return Number(v2[0]) / Number(v2[1]);
  const quota = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_quota_us'));
  const period = Number(read('/sys/fs/cgroup/cpu/cpu.cfs_period_us'));
  return quota > 0 && period > 0 ? quota / period : null;
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The engine processes a run spreads its episodes over: --workers, else one per core it may
 * use: the cores it is given (affinity), no more than a container's CPU limit grants (a pod
 * limited to 2 CPUs on a 96-core node gets 2), 64 at most.
 */
export const workersOf = (c: { workers?: number | undefined }): number =>
  c.workers ?? Math.max(1, Math.min(64, availableParallelism(), Math.ceil(quotaCpus() ?? Infinity)));

/** What the play flags give a command that plays episodes (run, run --seeds, compare), once its engine is up and Ctrl-C is wired. */
export function playOptions(
  c: PlayFlags &
    Parameters<typeof llmOf>[0] & { check: boolean; workers?: number | undefined; maxErrors?: number | undefined },
  progress: Progress,
  signal: AbortSignal,
  executable: string | undefined,
) {
  return {
    noCheck: !c.check,
    progress,
    signal,
    limits: limitsOf(c),
    executable,
    ...llmOf(c),
    workers: workersOf(c),
    ...(c.maxErrors !== undefined ? { maxErrors: c.maxErrors } : {}),
  };
}

/** The limits the flags set (the defaults for the rest). */
export const limitsOf = (c: PlayFlags): RunLimits => ({
  ...(c.stepSeconds ? { stepSeconds: c.stepSeconds } : {}),
  ...(c.memoryMb ? { memoryMb: c.memoryMb } : {}),
  ...(c.maxElements ? { domElements: c.maxElements } : {}),
  ...(c.callSeconds ? { callSeconds: c.callSeconds } : {}),
});

/**
 * Runs `work` with the engine the flags name: for Chromium, the browser is found and started
 * before any work (a run without a browser that starts has nothing to play in), kept for the
 * work and closed after it.
 */
export async function withEngine<T>(c: PlayFlags, work: (executable: string | undefined) => Promise<T>): Promise<T> {
  if (c.browser !== undefined && c.engine !== 'chromium') throw new UserError('--browser is for --engine chromium');
  const chromium = c.engine === 'chromium' ? await import('../simulator/page/engine/chromium.ts') : null;
  const executable = chromium ? await chromium.launchableChromium(c.browser) : undefined;
  return work(executable).finally(() => chromium?.releaseChromium());
}

/**
 * Before any work with trusted bundles, whose scripts no check has read: says on stderr
 * which boundary their pages play in, and refuses to play them without a kernel boundary
 * unless --unsafe-no-sandbox says so.
 */
export async function sandboxFor(
  c: { trustBundles: boolean; unsafeNoSandbox: boolean; engine?: string },
  warn: (line: string) => void,
): Promise<void> {
  if (c.unsafeNoSandbox && !c.trustBundles)
    throw new UserError(
      "--unsafe-no-sandbox goes with --trust-bundles; decoy's own bundles play in whatever sandbox there is",
    );
  if (!c.trustBundles) return;
  const { describeBoundary, kernelBoundary } = await import('../simulator/page/sandbox/boundary.ts');
  const boundary = kernelBoundary();
  if (boundary.kind === 'none' && !c.unsafeNoSandbox) {
    throw new UserError(
      `--trust-bundles plays scripts no check has read, and the engine has no kernel boundary here (${boundary.why}); install bubblewrap, or pass --unsafe-no-sandbox to play them under Node's permission model alone`,
    );
  }
  // In Chromium the pages play in its renderer, outside bubblewrap; the self-check still plays them in the jsdom engine.
  warn(
    c.engine === 'chromium'
      ? `pages play in Chromium's renderer, its network closed to the bundle's own files; the self-check's ${describeBoundary(boundary)}`
      : describeBoundary(boundary),
  );
}
