/** What the play flags (flags.ts playFlags) and --trust-bundles mean once parsed: the limits, the engine, the sandbox. */
import { availableParallelism } from 'node:os';
import { UserError } from '../lib/errors.ts';
import type { EpisodeLimits } from '../simulator/page/engine/limits.ts';
import type { SessionOptions } from '../simulator/llm/session.ts';

type PlayFlags = {
  stepSeconds?: number | undefined;
  memoryMb?: number | undefined;
  maxElements?: number | undefined;
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

/** The engine processes a run spreads its episodes over: --workers, else one per core. */
export const workersOf = (c: { workers?: number | undefined }): number => c.workers ?? availableParallelism();

/** The limits the flags set (the defaults for the rest). */
export const limitsOf = (c: PlayFlags): Partial<EpisodeLimits> => ({
  ...(c.stepSeconds ? { stepSeconds: c.stepSeconds } : {}),
  ...(c.memoryMb ? { memoryMb: c.memoryMb } : {}),
  ...(c.maxElements ? { domElements: c.maxElements } : {}),
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
