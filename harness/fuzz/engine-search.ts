import type { Browser } from '../../simulator/page/engine/browser.ts';
import { EnginePair, type EngineDiff, type EngineKind } from './engines.ts';
import { pageCase, type PageCase } from './pages.ts';
import { Pool } from './pool.ts';
import { search, type Found, type SearchOptions } from './search.ts';
import { caseCells, spaceCells, type SpaceOptions } from './space.ts';

export interface EngineFuzzOptions extends SearchOptions {
  /** Chromium's executable (already found). */
  executable: string;
  /** The sites the pages are cut from (single-family sites of the whole space by default). */
  space?: SpaceOptions;
  /** Engine pairs at once (default 1). */
  workers?: number;
  /** The jsdom side of each pair (the engine sandbox's by default): a test plants a difference here. */
  jsdom?: () => Browser;
}

/** A class of the engines' disagreements: by what they part on. */
export interface EngineClass extends Found<PageCase, EngineDiff> {
  kind: EngineKind;
}

export interface EngineFuzzResult {
  seed: number;
  classes: EngineClass[];
  runs: number;
  seconds: { search: number; shrink: number };
  /** Cells of the space (family × variant × task, or a task's control) the pages were cut from, of those the space opens. */
  coverage: { reached: number; of: number };
  stopped: boolean;
  unconfirmed: string[];
}

/**
 * Differential testing of the two engines: pages cut from the generator's sites (blocks,
 * overlays and frame left out or kept, in every design the seeds draw), the same clicks at the
 * points conformance probes played in jsdom and Chromium, and each way they part shrunk to the
 * smallest page and fewest clicks that still part that way.
 */
export async function fuzzEngines(opts: EngineFuzzOptions): Promise<EngineFuzzResult> {
  const workers = Math.max(1, Math.floor(opts.workers ?? 1));
  // Single-family sites unless told otherwise: a page is cut from one pattern's site.
  const space: SpaceOptions = { maxFamilies: 1, ...opts.space };
  const pairs = new Pool(
    Array.from({ length: workers }, () => EnginePair.open(opts.executable, opts.jsdom?.() ?? undefined)),
  );
  try {
    const r = await search<PageCase, EngineDiff>(
      pageCase(space),
      {
        judge: async (c, kind) => {
          const diffs = await pairs
            .use((pair) => pair.compare(c))
            .catch((e: unknown): EngineDiff[] => [
              { kind: 'error', detail: `the pair failed: ${(e as Error).message}` },
            ]);
          return kind ? diffs.filter((d) => d.kind === kind) : diffs;
        },
        key: (d) => d.kind,
        cells: (c) => caseCells(c.site),
        batch: Math.max(4, workers * 2),
        engines: workers,
      },
      opts,
    );
    const { reached, ...rest } = r;
    return {
      ...rest,
      coverage: { reached, of: spaceCells(space).size },
      classes: r.classes.map((c) => ({ ...c, kind: c.shrunk.failure.kind })),
    };
  } finally {
    await Promise.all(pairs.all.map((p) => p.close()));
  }
}
