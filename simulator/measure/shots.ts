/** Screenshots of bundle states in the reference engine. */
import { z } from 'zod';
import type { Same } from '../../lib/same.ts';
import type { LoadedBundle } from '../loop/bundle.ts';
import { centre, intersect } from '../page/dom/geometry.ts';
import { ChromiumBrowser, isPageFailure } from '../page/engine/chromium.ts';
import { UserError } from '../../lib/errors.ts';
import { DecoyEnv, type EnvObservation } from '../loop/env.ts';

export interface Shot {
  png: Buffer;
  observation: EnvObservation;
}

export class Camera {
  readonly browser: ChromiumBrowser;
  private readonly env: DecoyEnv;

  /** `callMs`: how long one call into the browser may take (the browser's default unless given). */
  constructor(opts: { executable?: string; scale?: number; callMs?: number } = {}) {
    this.browser = new ChromiumBrowser(opts);
    this.env = new DecoyEnv({ browser: this.browser });
  }

  /**
   * Replays action strings from a fresh episode (seed 1, as click samples are drawn) and
   * photographs where they lead. A page that cannot be photographed (it hangs past a call's
   * time, crashes the browser, or a step fails) is the bundle's doing: a UserError naming it.
   */
  async shoot(bundle: LoadedBundle, actions: readonly string[]): Promise<Shot> {
    const id = bundle.manifest.id;
    try {
      let { observation } = await this.env.reset({ bundle, seed: 1 });
      for (const a of actions) {
        const r = await this.env.step(a);
        if (r.observation.last_action_error)
          throw new UserError(`${id}: replaying ${a} failed in Chromium: ${r.observation.last_action_error}`);
        observation = r.observation;
      }
      return { png: await this.browser.screenshot(), observation };
    } catch (e) {
      if (isPageFailure(e)) throw new UserError(`${id}: cannot be photographed in Chromium: ${e.message}`);
      throw e;
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

/**
 * shots/start.json, beside start.png: the state the picture shows (the actions replayed from a
 * fresh episode, the page's URL and scroll), the viewport and scale it was taken at, and where
 * a click on each element in view would land, in CSS pixels of the viewport: what a report
 * needs to mark on the picture the point a step in that same state acted on.
 */
export interface ShotState {
  actions: string[];
  url: string;
  scroll: { x: number; y: number };
  viewport: { width: number; height: number };
  scale: number;
  /** Per ref of an element in view and not covered: the centre of its visible box, where a click lands. */
  points: Record<string, { x: number; y: number }>;
}

const px = z.number().finite();
export const shotStateSchema = z.strictObject({
  actions: z.array(z.string()),
  url: z.string(),
  scroll: z.strictObject({ x: px, y: px }),
  viewport: z.strictObject({ width: z.number().positive(), height: z.number().positive() }),
  scale: z.number().positive(),
  points: z.record(z.string(), z.strictObject({ x: px, y: px })),
});
export const SHOT_STATE_SCHEMA_IS_THE_TYPE: Same<z.infer<typeof shotStateSchema>, ShotState> = true;

/** The state `shot` shows, taken after `actions` at `scale` in a viewport of `viewport`. */
export function shotState(
  shot: Shot,
  actions: readonly string[],
  viewport: { width: number; height: number },
  scale: number,
): ShotState {
  const view = { x: 0, y: 0, w: viewport.width, h: viewport.height };
  const points: ShotState['points'] = {};
  for (const e of shot.observation.elements) {
    if (!e.ref || !e.box || !e.inViewport || e.covered) continue;
    const seen = intersect(e.box, view);
    if (seen) points[e.ref] = centre(seen);
  }
  return {
    actions: [...actions],
    url: shot.observation.url,
    scroll: shot.observation.scroll,
    viewport: { ...viewport },
    scale,
    points,
  };
}
