import { findChromium } from '../../simulator/page/engine/chromium.ts';

/**
 * Chromium tests need a browser. In CI one must exist (a missing one fails them); on a
 * machine without one they are skipped, saying why.
 */
export function chromiumOrSkip(): { ok: boolean; why: string } {
  try {
    findChromium();
    return { ok: true, why: '' };
  } catch (e) {
    if (process.env.CI) throw e;
    return { ok: false, why: `skipped: ${(e as Error).message}` };
  }
}
