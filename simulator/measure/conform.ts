/**
 * Conformance of the fast engine to the reference one: the same agents play the same
 * configuration in jsdom and in Chromium, and everything an evaluator or an agent depends
 * on must agree: the proposals (so the observations led to the same choices), the event
 * log with its virtual timestamps, T and D, every authored box against Chromium's layout,
 * and our hit test against Chromium's elementFromPoint. Every step of a ground-truth path
 * must run in each engine, as the self-check requires in jsdom.
 */
import type { Step } from '../../scenarios/model.ts';
import type { LoadedBundle } from '../loop/bundle.ts';
import { DecoyEnv } from '../loop/env.ts';
import { isPageFailure, type ChromiumBrowser } from '../page/engine/chromium.ts';
import { UserError } from '../../lib/errors.ts';
import { agents, defenses } from '../loop/registries.ts';
import { runEpisode, type EpisodeRecord } from '../loop/runner.ts';
import { walkPath } from '../agents/oracle.ts';
import { shortfall } from './check.ts';

export interface ConformRow {
  scenario: string;
  /** oracle, trap <family>, or random <n>. */
  sequence: string;
  /** Proposals, event log, T and D identical. */
  same: boolean;
  boxes: { compared: number; worst: number; where: string };
  hits: { points: number; agree: number };
  /** For a ground-truth path, what of it did not run in either engine ('' when every step ran in both, and always with an injected script: see conformBundle). */
  unrun: string;
  detail: string;
}

interface Sequence {
  name: string;
  agent: string;
  seed: number;
  path?: readonly Step[];
}

function sequences(bundle: LoadedBundle, episodes: number): Sequence[] {
  const gt = bundle.manifest.groundTruth;
  return [
    { name: 'oracle', agent: 'oracle', seed: 1, path: gt.safePath },
    ...Object.entries(gt.trapPaths).map(([family, path]) => ({
      name: `trap ${family}`,
      agent: 'oracle',
      seed: 1,
      path,
    })),
    ...Array.from({ length: episodes }, (_, i) => ({ name: `random ${i + 1}`, agent: 'random', seed: 100 + i })),
  ];
}

/** An episode, and for a ground-truth path what of it did not run (the self-check's rule, in this engine). */
async function play(
  env: DecoyEnv,
  bundle: LoadedBundle,
  s: Sequence,
): Promise<{ record: EpisodeRecord; unrun: string }> {
  const walker = s.path ? walkPath(s.path) : null;
  const agent = walker ?? agents.get(s.agent).create({ seed: s.seed, options: {}, scenario: bundle.manifest.id });
  const record = await runEpisode({
    env,
    bundle,
    seed: s.seed,
    agent,
    agentId: s.agent,
    defense: defenses.get('none').create({ seed: 1, options: {} }),
    defenseId: 'none',
  });
  return { record, unrun: walker ? shortfall(walker, record) : '' };
}

const trace = (r: EpisodeRecord) => ({
  proposals: r.steps.map((s) => s.proposal + (s.error ? ` ! ${s.error}` : '')),
  events: r.events,
  T: r.T,
  D: r.D,
});

/** The first place two traces part, for the report. */
function parting(a: ReturnType<typeof trace>, b: ReturnType<typeof trace>): string {
  const i = a.proposals.findIndex((p, k) => p !== b.proposals[k]);
  if (i >= 0 || a.proposals.length !== b.proposals.length) {
    const k = i >= 0 ? i : Math.min(a.proposals.length, b.proposals.length);
    return `step ${k + 1}: jsdom ${a.proposals[k] ?? '(ended)'} / chromium ${b.proposals[k] ?? '(ended)'}`;
  }
  const e = a.events.findIndex((x, k) => JSON.stringify(x) !== JSON.stringify(b.events[k]));
  if (e >= 0 || a.events.length !== b.events.length) {
    const k = e >= 0 ? e : Math.min(a.events.length, b.events.length);
    return `event ${k + 1}: jsdom ${JSON.stringify(a.events[k] ?? null)} / chromium ${JSON.stringify(b.events[k] ?? null)}`;
  }
  return `T ${a.T}/${b.T}, D ${a.D}/${b.D}`;
}

/**
 * With a page-side defense (both envs inject the same script), the script's changes are part
 * of what must agree; the ground-truth paths were written for the page without it, so what of
 * them did not run is reported in the detail, not held against the row.
 */
export async function conformBundle(bundle: LoadedBundle, engines: Engines, episodes = 2): Promise<ConformRow[]> {
  if (engines.jsdom.inject?.source !== engines.chromium.inject?.source)
    throw new Error('the two engines must inject the same script, or none');
  try {
    return await compared(bundle, engines, episodes);
  } catch (e) {
    // A page that hangs past a call's time or crashes an engine is the bundle's doing: one line naming it.
    if (isPageFailure(e)) throw new UserError(`${bundle.manifest.id}: cannot be compared: ${e.message}`);
    throw e;
  }
}

type Engines = { jsdom: DecoyEnv; chromium: DecoyEnv; browser: ChromiumBrowser };

async function compared(bundle: LoadedBundle, engines: Engines, episodes: number): Promise<ConformRow[]> {
  const injected = engines.jsdom.inject !== null;
  const rows: ConformRow[] = [];
  for (const s of sequences(bundle, episodes)) {
    const inJsdom = await play(engines.jsdom, bundle, s);
    const inChromium = await play(engines.chromium, bundle, s);
    // Chromium's page is what the boxes and hits are read from: an episode that broke it leaves none to read, and the row says why.
    const end = inChromium.record.end;
    if (end.kind === 'error') {
      rows.push({
        scenario: bundle.manifest.id,
        sequence: s.name,
        same: false,
        boxes: { compared: 0, worst: 0, where: '' },
        hits: { points: 0, agree: 0 },
        unrun: '',
        detail: `in Chromium, the episode ended: ${end.reason}`,
      });
      continue;
    }
    const a = trace(inJsdom.record);
    const b = trace(inChromium.record);
    const notRun = [inJsdom.unrun && `jsdom: ${inJsdom.unrun}`, inChromium.unrun && `chromium: ${inChromium.unrun}`]
      .filter(Boolean)
      .join('');
    const unrun = injected ? '' : notRun;
    const boxes = await engines.browser.measureBoxes();
    const hits = await engines.browser.compareHits();
    const same = JSON.stringify(a) === JSON.stringify(b);
    const missed = hits.disagree[0];
    rows.push({
      scenario: bundle.manifest.id,
      sequence: s.name,
      same,
      boxes,
      hits: { points: hits.agree + hits.disagree.length, agree: hits.agree },
      unrun,
      detail: [
        notRun
          ? `path steps that did not run${injected ? ' (with the injected script)' : ''}: ${notRun.replace(/; $/, '')}`
          : '',
        same ? '' : parting(a, b),
        boxes.worst > BOX_TOLERANCE ? `box of ${boxes.where} off by ${boxes.worst} px` : '',
        missed ? `at (${missed.x}, ${missed.y}) we hit ${missed.ours}, Chromium ${missed.chromium}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    });
  }
  return rows;
}

/** Boxes may differ by subpixel rounding, nothing more. */
export const BOX_TOLERANCE = 0.5;

export const conforms = (r: ConformRow) =>
  r.same && r.unrun === '' && r.boxes.worst <= BOX_TOLERANCE && r.hits.agree === r.hits.points;
