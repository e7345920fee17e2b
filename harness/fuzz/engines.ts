import type { Browser } from '../../simulator/page/engine/browser.ts';
import { ChromiumBrowser } from '../../simulator/page/engine/chromium.ts';
import { SandboxBrowser } from '../../simulator/page/sandbox/browser.ts';
import { snapshotText } from '../../simulator/page/observe.ts';
import { BOX_TOLERANCE } from '../../simulator/measure/conform.ts';
import { shortReason } from '../../lib/errors.ts';
import { pageBundle, type PageCase } from './pages.ts';

/**
 * How jsdom and Chromium part on a page:
 * - `hit`: at a probe point (every interactive box's centre, inner points and corners) the hit
 *   test reaches another element in one engine, or a click there reaches another (or a disabled one);
 * - `visibility`: the accessibility snapshot an agent reads (roles, names, states, values, refs) differs;
 * - `boxes`: an authored box is not where Chromium lays it out;
 * - `events`: the page's own log differs after the same clicks;
 * - `error`: one engine failed to open or play the page and the other did not, or both failed differently.
 */
export const ENGINE_KINDS = ['hit', 'visibility', 'boxes', 'events', 'error'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

export interface EngineDiff {
  kind: EngineKind;
  detail: string;
}

/** The first line two texts part at, as `line n: jsdom … / chromium …`. */
function firstParting(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const i = x.findIndex((l, k) => l !== y[k]);
  const k = i >= 0 ? i : Math.min(x.length, y.length);
  return `line ${k + 1}: jsdom ${JSON.stringify(x[k] ?? '(ended)')} / chromium ${JSON.stringify(y[k] ?? '(ended)')}`;
}

const failed = async <T>(work: () => Promise<T>): Promise<{ ok: T } | { error: string }> => {
  try {
    return { ok: await work() };
  } catch (e) {
    return { error: shortReason(e instanceof Error ? e.message : String(e), 160) };
  }
};

/**
 * The two engines side by side: jsdom (in its engine sandbox, or a browser a test gives) and a
 * Chromium. A page case plays in both, step by step, and the first way they part is reported.
 */
export class EnginePair {
  private constructor(
    private readonly jsdom: Browser,
    private readonly chromium: ChromiumBrowser,
  ) {}

  static open(executable: string, jsdom: Browser = new SandboxBrowser()): EnginePair {
    return new EnginePair(jsdom, new ChromiumBrowser({ executable }));
  }

  /** How the engines part on the page case: none when they agree throughout; after a click they part on, nothing more is compared. */
  async compare(p: PageCase): Promise<EngineDiff[]> {
    let bundle: ReturnType<typeof pageBundle>;
    try {
      bundle = pageBundle(p);
    } catch {
      // A cut that leaves a reference dangling (an overlay pressing a button left out) is no page: nothing to compare.
      return [];
    }
    const opts = { seed: p.site.seed, path: bundle.manifest.entry, viewport: bundle.manifest.viewport };
    // Both engines failing alike is agreement: there is nothing further to compare (null).
    const both = async <T>(what: string, work: (b: Browser) => Promise<T>): Promise<[T, T] | EngineDiff | null> => {
      const a = await failed(() => work(this.jsdom));
      const b = await failed(() => work(this.chromium));
      if ('ok' in a && 'ok' in b) return [a.ok, b.ok];
      if ('error' in a && 'error' in b && a.error === b.error) return null;
      const said = (r: typeof a) => ('error' in r ? r.error : 'no error');
      return { kind: 'error', detail: `${what}: jsdom ${said(a)} / chromium ${said(b)}` };
    };
    const diff = (x: unknown): x is EngineDiff => x !== null && !Array.isArray(x);
    const opened = await both('opening the page', (b) => b.open(bundle.site, opts));
    if (opened === null) return [];
    if (diff(opened)) return [opened];
    const out: EngineDiff[] = [];
    // Chromium alone: a failure here (a browser gone) is an error of this page, which a class's confirmation judges again.
    const boxes = await this.chromium.measureBoxes().catch((e: unknown) => e as Error);
    if (boxes instanceof Error)
      return [{ kind: 'error', detail: `measuring boxes: chromium ${shortReason(boxes.message, 160)}` }];
    if (boxes.worst > BOX_TOLERANCE)
      out.push({ kind: 'boxes', detail: `the box of ${boxes.where} is off by ${boxes.worst} px in Chromium` });
    const seen = async (when: string): Promise<EngineDiff | null> => {
      const r = await both(`observing ${when}`, async (b) => snapshotText(await b.observe()));
      if (r === null || diff(r)) return r;
      return r[0] === r[1] ? null : { kind: 'visibility', detail: `${when}: ${firstParting(r[0], r[1])}` };
    };
    const first = await seen('on opening');
    if (first) return [...out, first];
    const points = await this.chromium.probePoints().catch((e: unknown) => e as Error);
    if (points instanceof Error)
      return [...out, { kind: 'error', detail: `finding probe points: chromium ${shortReason(points.message, 160)}` }];
    // Every probe point is aimed at in both engines before any click: what each one's hit test reaches there.
    const aimed = await both('aiming at the probe points', (b) => b.aim(points));
    if (aimed === null || diff(aimed)) return aimed === null ? out : [...out, aimed];
    const parted = points.findIndex((_, i) => aimed[0][i] !== aimed[1][i]);
    if (parted >= 0) {
      const at = points[parted]!;
      return [
        ...out,
        {
          kind: 'hit',
          detail: `at (${at.x}, ${at.y}): jsdom ${aimed[0][parted] ?? '(nothing)'} / chromium ${aimed[1][parted] ?? '(nothing)'}`,
        },
      ];
    }
    for (const [n, c] of p.clicks.entries()) {
      const at = points[c % Math.max(1, points.length)];
      if (!at) break;
      const r = await both(`click ${n + 1} at (${at.x}, ${at.y})`, (b) => b.clickAt(at.x, at.y));
      if (r === null) return out;
      if (diff(r)) return [...out, r];
      const [a, b] = r;
      if (a.target !== b.target || a.disabled !== b.disabled) {
        const said = (o: typeof a) => `${o.target}${o.disabled ? ' (disabled)' : ''}`;
        return [
          ...out,
          { kind: 'hit', detail: `click ${n + 1} at (${at.x}, ${at.y}): jsdom ${said(a)} / chromium ${said(b)}` },
        ];
      }
      const after = await seen(`after click ${n + 1} at (${at.x}, ${at.y})`);
      if (after) return [...out, after];
    }
    const events = await both('reading the log', (b) => b.events());
    if (events === null) return out;
    if (diff(events)) return [...out, events];
    const [a, b] = events.map((log) => log.map((e) => JSON.stringify(e)).join('\n'));
    if (a !== b) out.push({ kind: 'events', detail: `the page's log, ${firstParting(a ?? '', b ?? '')}` });
    return out;
  }

  async close(): Promise<void> {
    await Promise.all([this.jsdom.close(), this.chromium.close()]);
  }
}
