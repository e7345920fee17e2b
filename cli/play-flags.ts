import type { Command } from 'commander';
import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import { DEFAULT_LIMITS, type EpisodeLimits } from '../simulator/page/engine/limits.ts';
import { flag, int, text } from './command.ts';

/** --unsafe-no-sandbox: on every command that plays the pages of bundles it may be told to trust (playFlags', and check, conform, label, assess). */
const UNSAFE_OPTION = ['--unsafe-no-sandbox', "with --trust-bundles: play their pages even where the engine has no kernel boundary (bubblewrap), under Node's permission model alone"] as const;
export const sandboxFlag = (cmd: Command): Command => cmd.option(...UNSAFE_OPTION);
export const sandboxShape = { unsafeNoSandbox: flag };

/** The flags of commands that play episodes (run, compare): the self-check, the per-episode limits and the engine. */
export function playFlags(cmd: Command): Command {
  return cmd
    .option('--no-check', 'run even if the suite fails its self-check (decoy check)')
    .option('--step-seconds <s>', `time (the engine's CPU time) one step of an episode may take before the episode ends as an error (default ${DEFAULT_LIMITS.stepSeconds})`)
    .option('--memory-mb <mb>', `heap of the engine process the pages run in (default ${DEFAULT_LIMITS.memoryMb})`)
    .option('--max-elements <n>', `elements a page may hold before its episode ends as an error (default ${DEFAULT_LIMITS.domElements})`)
    .option('--engine <name>', 'jsdom (in the engine sandbox) or chromium (the reference browser; a step is bounded in wall time)', 'jsdom')
    .option('--browser <path>', 'with --engine chromium: Chromium executable (default: $DECOY_CHROMIUM, else chromium on PATH)')
    .option(...UNSAFE_OPTION);
}

export const playShape = {
  check: z.boolean(),
  stepSeconds: int('step-seconds', 1, 3600).optional(),
  memoryMb: int('memory-mb', 64, 65_536).optional(),
  maxElements: int('max-elements', 100).optional(),
  engine: z.enum(['jsdom', 'chromium'], { message: '--engine: jsdom or chromium' }),
  browser: text,
  ...sandboxShape,
};

type PlayFlags = { stepSeconds?: number | undefined; memoryMb?: number | undefined; maxElements?: number | undefined; engine: 'jsdom' | 'chromium'; browser?: string | undefined };

/** The limits the flags set (the defaults for the rest). */
export const limitsOf = (c: PlayFlags): Partial<EpisodeLimits> => ({ ...(c.stepSeconds ? { stepSeconds: c.stepSeconds } : {}), ...(c.memoryMb ? { memoryMb: c.memoryMb } : {}), ...(c.maxElements ? { domElements: c.maxElements } : {}) });

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
export async function sandboxFor(c: { trustBundles: boolean; unsafeNoSandbox: boolean; engine?: string }, warn: (line: string) => void): Promise<void> {
  if (c.unsafeNoSandbox && !c.trustBundles) throw new UserError("--unsafe-no-sandbox goes with --trust-bundles; decoy's own bundles play in whatever sandbox there is");
  if (!c.trustBundles) return;
  const { describeBoundary, kernelBoundary } = await import('../simulator/page/sandbox/boundary.ts');
  const boundary = kernelBoundary();
  if (boundary.kind === 'none' && !c.unsafeNoSandbox) {
    throw new UserError(`--trust-bundles plays scripts no check has read, and the engine has no kernel boundary here (${boundary.why}); install bubblewrap, or pass --unsafe-no-sandbox to play them under Node's permission model alone`);
  }
  // In Chromium the pages play in its renderer, outside bubblewrap; the self-check still plays them in the jsdom engine.
  warn(c.engine === 'chromium' ? `pages play in Chromium's renderer, its network closed to the bundle's own files; the self-check's ${describeBoundary(boundary)}` : describeBoundary(boundary));
}
