import { createRng } from '../scenarios/rng.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { ChromiumBrowser } from '../simulator/page/engine/chromium.ts';
import type { PageInjection } from '../simulator/page/engine/inject.ts';
import { DecoyEnv } from '../simulator/loop/env.ts';
import { conformBundle, type ConformRow } from '../simulator/measure/conform.ts';
import { silent, type Progress } from './progress.ts';
import { inLanes } from '../lib/lanes.ts';

export interface ConformConfig {
  readonly episodes: number;
  /** Compare only this many configurations, drawn with `seed`; all when null. */
  readonly configs: number | null;
  readonly seed: number;
  readonly executable?: string;
  /** A page-side defense both engines run in every document (simulator/loop/resolve.ts pageInjection). */
  readonly inject?: PageInjection | null;
  /** Pairs of engines (a jsdom sandbox and a Chromium) the configurations are spread over (default 1); the rows are the same at any number. */
  readonly workers?: number;
}

/** The same episodes in jsdom and Chromium, compared (simulator/measure/conform.ts). */
export async function conformBundles(
  all: readonly LoadedBundle[],
  c: ConformConfig,
  progress: Progress = silent,
): Promise<{ bundles: number; rows: ConformRow[] }> {
  const bundles =
    c.configs === null
      ? [...all]
      : createRng(c.seed)
          .shuffle([...all])
          .slice(0, c.configs);
  const inject = c.inject ?? null;
  const found: ConformRow[][] = [];
  let counted = 0;
  // Each lane a jsdom engine process and a Chromium of its own, taking the next configuration not yet taken.
  await inLanes(
    bundles.length,
    c.workers ?? 1,
    {
      open: (worker) => {
        const browser = new ChromiumBrowser({ executable: c.executable });
        return { jsdom: DecoyEnv.sandboxed({}, inject, worker), chromium: new DecoyEnv({ browser, inject }), browser };
      },
      close: async (engines) => {
        await engines.browser.close();
        await engines.jsdom.close();
      },
    },
    async (engines, i) => {
      found[i] = await conformBundle(bundles[i]!, engines, c.episodes);
      progress('configurations', ++counted, bundles.length);
    },
  );
  const rows = found.flat();
  return { bundles: bundles.length, rows };
}
