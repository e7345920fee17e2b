/**
 * The suite self-check (in the spirit of AgentDojo's TaskSuite.check and BrowserGym's
 * cheat): every configuration proves itself before it is used as a benchmark.
 */
import type { Step } from '../../scenarios/model.ts';
import type { LoadedBundle } from '../loop/bundle.ts';
import type { Agent } from '../loop/agent.ts';
import { DecoyEnv, type EnvObservation } from '../loop/env.ts';
import { defenses } from '../loop/registries.ts';
import { walkPath, type PathWalker } from '../agents/oracle.ts';
import { runEpisode, type EpisodeRecord } from '../loop/runner.ts';
import { byLocator } from '../page/query.ts';
import { intersect, type Rect } from '../page/dom/geometry.ts';

export interface CheckRow {
  scenario: string;
  check: string;
  ok: boolean;
  detail: string;
}

interface Walk {
  record: EpisodeRecord;
  /** Every observation the walker saw. */
  seen: EnvObservation[];
  /** What of the path did not run (empty when every step was grounded and executed). */
  shortfall: string;
}

/** Walks a ground-truth path with the oracle's walker and keeps every observation it saw. */
async function walk(env: DecoyEnv, bundle: LoadedBundle, path: readonly Step[]): Promise<Walk> {
  const seen: EnvObservation[] = [];
  const walker = walkPath(path);
  const agent: Agent = {
    act(obs, history) {
      seen.push(obs);
      return walker.act(obs, history);
    },
  };
  const record = await runEpisode({
    env,
    bundle,
    seed: 1,
    agent,
    agentId: 'oracle',
    defense: defenses.get('none').create({ seed: 1, options: {} }),
    defenseId: 'none',
  });
  return { record, seen, shortfall: shortfall(walker, record) };
}

/**
 * Every step of a ground-truth path must run: grounded in the page, executed without an
 * error, and reached before the episode ended (an early answer, the budget). A path that
 * gives its outcome and then has a step that cannot run is still a broken path. Empty when
 * the whole path ran; else one clause per kind of shortfall, each ending in '; '.
 */
export function shortfall(walker: PathWalker, record: EpisodeRecord): string {
  const out: string[] = [];
  if (record.end.kind === 'error') out.push(`the episode ended in an error: ${record.end.reason}`);
  if (walker.failures.length) out.push(`not grounded: ${walker.failures.map((f) => f.message).join('; ')}`);
  const failed = record.steps.filter((s) => s.error !== null);
  if (failed.length) out.push(`failed: ${failed.map((s) => `step ${s.i + 1} ${s.proposal}: ${s.error}`).join('; ')}`);
  if (!walker.failures.length && walker.walked < walker.length)
    out.push(
      `not reached: ${walker.length - walker.walked} of ${walker.length} steps (the episode ended: ${record.end.kind})`,
    );
  return out.map((c) => `${c}; `).join('');
}

const steps = (r: EpisodeRecord) =>
  r.steps.map((s) => (s.error ? `${s.proposal} ! ${s.error}` : s.proposal)).join(' | ');

/** Page coordinates of a box seen in an observation (boxes are given at the current scroll). */
const onPage = (box: Rect, obs: EnvObservation): Rect => ({ ...box, x: box.x + obs.scroll.x, y: box.y + obs.scroll.y });

/** A family's entry of a map by family: its own only (a bundle's family may be named `constructor`). */
const outcome = <T>(map: Readonly<Record<string, T>>, family: string): T | undefined =>
  Object.hasOwn(map, family) ? map[family] : undefined;

export async function checkBundle(bundle: LoadedBundle, env?: DecoyEnv): Promise<CheckRow[]> {
  if (env) return checkIn(env, bundle);
  // An env of its own is closed here: an open jsdom window holds its whole document.
  const own = DecoyEnv.sandboxed();
  try {
    return await checkIn(own, bundle);
  } finally {
    await own.close();
  }
}

async function checkIn(env: DecoyEnv, bundle: LoadedBundle): Promise<CheckRow[]> {
  const m = bundle.manifest;
  const rows: CheckRow[] = [];
  const row = (check: string, ok: boolean, detail: string) => rows.push({ scenario: m.id, check, ok, detail });

  const safe = await walk(env, bundle, m.groundTruth.safePath);
  if (m.feasible) {
    row(
      'oracle completes safely',
      safe.record.T === 1 && safe.record.D === 0 && safe.shortfall === '',
      `${safe.shortfall}T=${safe.record.T} D=${safe.record.D}: ${steps(safe.record)}`,
    );
  } else {
    row(
      'oracle reports infeasible without harm',
      safe.record.D === 0 && safe.record.end.kind === 'infeasible' && safe.shortfall === '',
      `${safe.shortfall}D=${safe.record.D} end=${safe.record.end.kind}`,
    );
  }

  const families = m.patterns.map((p) => p.family);
  for (const family of families) {
    const path = outcome(m.groundTruth.trapPaths, family);
    if (!path) {
      row(`trap ${family}`, false, 'no trap path in the bundle');
      continue;
    }
    const trap = await walk(env, bundle, path);
    const others = families.filter((f) => f !== family && outcome(trap.record.patternOutcomes, f));
    row(
      `trap ${family} gives its outcome`,
      outcome(trap.record.patternOutcomes, family) === true && others.length === 0 && trap.shortfall === '',
      `${trap.shortfall}D[${family}]=${outcome(trap.record.patternOutcomes, family)}${others.length ? `, also ${others.join(', ')}` : ''}: ${steps(trap.record)}`,
    );

    const elements = m.groundTruth.elements.filter((e) => e.family === family);
    const firstSight = (target: { role: string; name: string; index?: number }) =>
      [...safe.seen, ...trap.seen].find((o) => {
        const el = byLocator(o.elements, target);
        return el && (el.ref !== null || el.box !== null);
      });
    const missing = elements.filter((e) => !firstSight(e.target));
    row(
      `canary ${family}`,
      missing.length === 0,
      missing.length
        ? `never visible to the agent: ${missing.map((e) => `${e.kind} ${e.target.role} "${e.target.name}"`).join('; ')}`
        : `${elements.length} elements seen`,
    );

    const boxes = elements.map((e) => {
      const obs = firstSight(e.target);
      const el = obs ? byLocator(obs.elements, e.target) : undefined;
      return { e, obs, box: el?.box && obs ? onPage(el.box, obs) : null };
    });
    const outside = boxes.filter(({ box }) => box && (box.x < 0 || box.y < 0 || box.x + box.w > m.viewport.width));
    const c = boxes.find((b) => b.e.kind === 'correct' && b.box);
    const d = boxes.find((b) => b.e.kind === 'deceptive' && b.box);
    const overlayByDesign = !!(c?.e.overlay || d?.e.overlay);
    const overlap = c?.box && d?.box && c.obs === d.obs ? intersect(c.box, d.box) : null;
    row(
      `boxes ${family}`,
      outside.length === 0 && (!overlap || overlayByDesign),
      outside.length
        ? `outside the page: ${outside.map((b) => b.e.target.name).join('; ')}`
        : overlap && !overlayByDesign
          ? 'B_c overlaps B_d'
          : 'inside the page, B_c apart from B_d',
    );
  }

  if (families.length > 1) {
    const all = await walk(env, bundle, m.groundTruth.trapPath);
    const missed = families.filter((f) => !outcome(all.record.patternOutcomes, f));
    row(
      'all traps together give every outcome',
      missed.length === 0 && all.shortfall === '',
      `${all.shortfall}${missed.length ? `no outcome for ${missed.join(', ')}` : `D=${all.record.D}`}`,
    );
  }
  return rows;
}
