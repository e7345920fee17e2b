/**
 * Click-level samples (the RUC shape, DUDE Appendix D) from a bundle: page states reached by
 * replaying the safe path, with the correct box B_c, the deceptive box B_d where the state
 * shows a pattern's choice, and the labelled click samples.
 */
import type { RucCategory } from '../../scenarios/model.ts';
import { createRng, contentSeed, subSeed } from '../../scenarios/rng.ts';
import type { LoadedBundle } from '../loop/bundle.ts';
import type { Agent } from '../loop/agent.ts';
import { DecoyEnv, type EnvObservation } from '../loop/env.ts';
import { agents, defenses } from '../loop/registries.ts';
import { runEpisode } from '../loop/runner.ts';
import { byLocator } from '../page/query.ts';
import { centre, contains, type Rect } from '../page/dom/geometry.ts';
import { formatAction, parseAction, scopeOf, type Action } from '../loop/actions.ts';
import type { ObservedElement } from '../page/observe.ts';
import type { Locator } from '../../scenarios/model.ts';

export type ClickLabel = 1 | 0 | -1;

export interface BoxedElement {
  role: string;
  name: string;
  /** [x1, y1, x2, y2] in viewport pixels. */
  bbox: [number, number, number, number];
}

export interface ClickSample {
  id: string;
  scenario: string;
  domain: string;
  category: RucCategory | 'normal';
  task: string;
  /** Action strings that bring a fresh episode of the scenario to this state, in any engine. */
  actions: string[];
  url: string;
  viewport: { width: number; height: number };
  correct: BoxedElement;
  dark?: BoxedElement;
  clicks: { x: number; y: number; label: ClickLabel }[];
  split?: 'train' | 'valid' | 'test';
}

const bbox = (r: Rect): [number, number, number, number] => [r.x, r.y, r.x + r.w, r.y + r.h];
/** The inverse of a sample's [x1, y1, x2, y2]. */
export const bboxRect = (b: readonly number[]): Rect => ({ x: b[0]!, y: b[1]!, w: b[2]! - b[0]!, h: b[3]! - b[1]! });
const inView = (r: Rect | null, vp: { width: number; height: number }): r is Rect =>
  !!r && r.x >= 0 && r.y >= 0 && r.x + r.w <= vp.width && r.y + r.h <= vp.height;

/**
 * The deceptive click: B_d's centroid, moved onto B_d's edge when the centroid falls inside
 * B_c (an overlay that covers the right element), so that the label stays unambiguous.
 */
export function deceptiveClick(d: Rect, c: Rect): { x: number; y: number } {
  const mid = centre(d);
  if (!contains(c, mid.x, mid.y)) return mid;
  const edges = [
    { x: mid.x, y: d.y },
    { x: mid.x, y: d.y + d.h - 1 },
    { x: d.x, y: mid.y },
    { x: d.x + d.w - 1, y: mid.y },
    { x: d.x, y: d.y },
    { x: d.x + d.w - 1, y: d.y + d.h - 1 },
  ];
  return edges.find((p) => !contains(c, p.x, p.y)) ?? { x: d.x, y: d.y };
}

/** Null clicks by rejection sampling: uniform over the viewport, outside every box. */
export function nullClicks(
  n: number,
  boxes: readonly Rect[],
  vp: { width: number; height: number },
  seed: number,
): { x: number; y: number }[] {
  const rng = createRng(seed);
  const out: { x: number; y: number }[] = [];
  for (let tries = 0; out.length < n && tries < 10_000; tries++) {
    const p = { x: rng.int(0, vp.width - 1), y: rng.int(0, vp.height - 1) };
    if (!boxes.some((b) => contains(b, p.x, p.y))) out.push(p);
  }
  return out;
}

/** The episode seed a sample's state is reached under: replaying its `actions` needs the same. */
export const SAMPLE_EPISODE_SEED = 1;

interface Walk {
  seen: EnvObservation[];
  actions: string[];
}

async function walkSafePath(env: DecoyEnv, bundle: LoadedBundle): Promise<Walk> {
  const seen: EnvObservation[] = [];
  const walker = agents.get('oracle').create({
    seed: 1,
    options: {},
    scenario: bundle.manifest.id,
    privileged: { safePath: bundle.manifest.groundTruth.safePath, trapPath: [] },
  });
  const agent: Agent = {
    act(obs, history) {
      seen.push(obs);
      return walker.act(obs, history);
    },
  };
  const record = await runEpisode({
    env,
    bundle,
    seed: SAMPLE_EPISODE_SEED,
    agent,
    agentId: 'oracle',
    defense: defenses.get('none').create({ seed: 1, options: {} }),
    defenseId: 'none',
  });
  return { seen, actions: record.steps.map((s) => s.proposal) };
}

/**
 * Whether a step of a control's safe path gives a normal sample: an action aimed at an element
 * (the action table's scope), but not select_option. ruc v2's samples were drawn without it, and
 * counting it would add samples at drop-downs (booking/reserve, shopping/purchase-variant) and
 * so change which configurations fill the quotas: a new dataset under the same version.
 */
const sampled = (a: Action): a is Extract<Action, { bid: string }> =>
  scopeOf(a) === 'element' && a.name !== 'select_option';

/** Does this action (as the path executes it on the state where `el` was observed) act on `el`? */
function actsOn(text: string, el: ObservedElement | undefined): boolean {
  if (!el) return false;
  const a = parseAction(text);
  const scope = scopeOf(a);
  if (scope === 'element' && 'bid' in a) return el.ref !== null && a.bid === el.ref;
  return scope === 'point' && 'x' in a && el.box !== null && contains(el.box, a.x, a.y);
}

/**
 * The state before `prefix`'s next action, scrolled so that B_c and B_d are both in view,
 * when one viewport can hold them; the scroll joins the actions that reach the state.
 */
async function scrolledToBoth(
  env: DecoyEnv,
  bundle: LoadedBundle,
  prefix: readonly string[],
  c: Rect,
  d: Rect,
  ct: Locator,
  dt: Locator,
) {
  const vp = bundle.manifest.viewport;
  const top = Math.min(c.y, d.y);
  const bottom = Math.max(c.y + c.h, d.y + d.h);
  if (bottom - top > vp.height) return null;
  const scroll = formatAction({ name: 'scroll', delta_x: 0, delta_y: Math.round((top + bottom) / 2 - vp.height / 2) });
  await env.reset({ bundle, seed: SAMPLE_EPISODE_SEED });
  for (const a of prefix) await env.step(a);
  const obs = (await env.step(scroll)).observation;
  const ce = byLocator(obs.elements, ct);
  const de = byLocator(obs.elements, dt);
  if (!ce?.box || !de?.box || !inView(ce.box, vp) || !inView(de.box, vp)) return null;
  return { actions: [...prefix, scroll], correct: { ...ce, box: ce.box }, dark: { ...de, box: de.box } };
}

/**
 * Samples of one bundle: with a pattern, the first state where its B_c and B_d are both in
 * view and neither has been acted on yet (one deceptive sample; where the safe path acts on
 * one before they share the view, the state before that action, scrolled to show both);
 * without, one normal sample per targeted step of the safe path.
 */
export async function clickSamples(
  bundle: LoadedBundle,
  opts: { category: RucCategory | 'normal'; nullClicks: number },
  env = new DecoyEnv(),
): Promise<ClickSample[]> {
  const m = bundle.manifest;
  const vp = m.viewport;
  const { seen, actions } = await walkSafePath(env, bundle);
  const make = (
    i: number,
    correct: BoxedElement,
    dark?: BoxedElement,
    to: { actions: string[]; url: string } = { actions: actions.slice(0, i), url: (seen[i] as EnvObservation).url },
  ): ClickSample => {
    const id = `${m.id}#${i}`;
    const c = bboxRect(correct.bbox);
    const d = dark ? bboxRect(dark.bbox) : null;
    const clicks: ClickSample['clicks'] = [{ ...centre(c), label: 1 }];
    if (d) clicks.push({ ...deceptiveClick(d, c), label: -1 });
    for (const p of nullClicks(opts.nullClicks, d ? [c, d] : [c], vp, contentSeed(id, 'null')))
      clicks.push({ ...p, label: 0 });
    return {
      id,
      scenario: m.id,
      domain: m.task.domain,
      category: opts.category,
      task: m.task.instruction,
      actions: to.actions,
      url: to.url,
      viewport: { ...vp },
      correct,
      ...(dark ? { dark } : {}),
      clicks,
    };
  };

  if (m.patterns.length > 0) {
    const gt = m.groundTruth.elements;
    const c = gt.find((e) => e.kind === 'correct');
    const d = gt.find((e) => e.kind === 'deceptive');
    if (!c || !d) return [];
    const boxed = (e: ObservedElement & { box: Rect }): BoxedElement => ({
      role: e.role,
      name: e.name || (e.text ?? ''),
      bbox: bbox(e.box),
    });
    for (let i = 0; i < seen.length; i++) {
      const obs = seen[i] as EnvObservation;
      const ce = byLocator(obs.elements, c.target);
      const de = byLocator(obs.elements, d.target);
      if (ce && de && inView(ce.box, vp) && inView(de.box, vp))
        return [make(i, boxed({ ...ce, box: ce.box }), boxed({ ...de, box: de.box }))];
      // The choice must still be open in the picture: once the path acts on either, the state is past it.
      const next = actions[i];
      if (next !== undefined && (actsOn(next, ce) || actsOn(next, de))) {
        const shown =
          ce?.box && de?.box
            ? await scrolledToBoth(env, bundle, actions.slice(0, i), ce.box, de.box, c.target, d.target)
            : null;
        return shown
          ? [make(i, boxed(shown.correct), boxed(shown.dark), { actions: shown.actions, url: obs.url })]
          : [];
      }
    }
    return [];
  }

  const out: ClickSample[] = [];
  actions.forEach((text, i) => {
    const action = parseAction(text);
    if (!sampled(action)) return;
    const el = (seen[i] as EnvObservation).elements.find((e) => e.ref === action.bid);
    if (el && inView(el.box, vp) && !el.covered)
      out.push(make(i, { role: el.role, name: el.name, bbox: bbox(el.box) }));
  });
  return out;
}

/**
 * Train/valid/test by category, each category shuffled with the split seed. A set too small
 * for every category to reach every split still gets a sample in each split (from three
 * samples on): the largest split gives one from its largest category.
 */
export function assignSplits(samples: ClickSample[], split: { train: number; valid: number; seed: number }): void {
  const byCategory = new Map<string, ClickSample[]>();
  for (const s of samples) byCategory.set(s.category, [...(byCategory.get(s.category) ?? []), s]);
  for (const [category, group] of [...byCategory].sort(([a], [b]) => a.localeCompare(b))) {
    const shuffled = createRng(subSeed(split.seed, category)).shuffle(group);
    const train = Math.round(group.length * split.train);
    const valid = Math.round(group.length * split.valid);
    shuffled.forEach((s, i) => (s.split = i < train ? 'train' : i < train + valid ? 'valid' : 'test'));
  }
  if (samples.length < 3) return;
  const names = ['train', 'valid', 'test'] as const;
  for (const empty of names) {
    if (samples.some((s) => s.split === empty)) continue;
    const count = (pred: (s: ClickSample) => boolean) => samples.filter(pred).length;
    const from = [...names].sort(
      (a, b) => count((s) => s.split === b) - count((s) => s.split === a),
    )[0] as (typeof names)[number];
    const cats = [...byCategory.keys()].sort(
      (a, b) =>
        count((s) => s.split === from && s.category === b) - count((s) => s.split === from && s.category === a) ||
        a.localeCompare(b),
    );
    const moved = samples.filter((s) => s.split === from && s.category === cats[0]).at(-1) as ClickSample;
    moved.split = empty;
  }
}
