/** Screenshots of bundle states in the reference engine. */
import type { LoadedBundle } from '../loop/bundle.ts';
import { ChromiumBrowser } from '../page/engine/chromium.ts';
import { DecoyEnv, type EnvObservation } from '../loop/env.ts';

export interface Shot {
  png: Buffer;
  observation: EnvObservation;
}

export class Camera {
  readonly browser: ChromiumBrowser;
  private readonly env: DecoyEnv;

  constructor(opts: { executable?: string; scale?: number } = {}) {
    this.browser = new ChromiumBrowser(opts);
    this.env = new DecoyEnv({ browser: this.browser });
  }

  /** Replays action strings from a fresh episode (seed 1, as click samples are drawn) and photographs where they lead. */
  async shoot(bundle: LoadedBundle, actions: readonly string[]): Promise<Shot> {
    let { observation } = await this.env.reset({ bundle, seed: 1 });
    for (const a of actions) {
      const r = await this.env.step(a);
      if (r.observation.last_action_error)
        throw new Error(`${bundle.manifest.id}: replaying ${a} failed in Chromium: ${r.observation.last_action_error}`);
      observation = r.observation;
    }
    return { png: await this.browser.screenshot(), observation };
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
