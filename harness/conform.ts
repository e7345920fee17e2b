import { createRng } from '../scenarios/rng.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { ChromiumBrowser } from '../simulator/page/engine/chromium.ts';
import type { PageInjection } from '../simulator/page/engine/inject.ts';
import { DecoyEnv } from '../simulator/loop/env.ts';
import { conformBundle, type ConformRow } from '../simulator/measure/conform.ts';
import { silent, type Progress } from './progress.ts';

export interface ConformConfig {
  readonly episodes: number;
  /** Compare only this many configurations, drawn with `seed`; all when null. */
  readonly configs: number | null;
  readonly seed: number;
  readonly executable?: string;
  /** A page-side defense both engines run in every document (simulator/loop/resolve.ts pageInjection). */
  readonly inject?: PageInjection | null;
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
  const browser = new ChromiumBrowser({ executable: c.executable });
  const inject = c.inject ?? null;
  const engines = { jsdom: DecoyEnv.sandboxed({}, inject), chromium: new DecoyEnv({ browser, inject }), browser };
  const rows: ConformRow[] = [];
  try {
    for (const [i, b] of bundles.entries()) {
      rows.push(...(await conformBundle(b, engines, c.episodes)));
      progress('configurations', i + 1, bundles.length);
    }
  } finally {
    await browser.close();
    await engines.jsdom.close();
  }
  return { bundles: bundles.length, rows };
}
