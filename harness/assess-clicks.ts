/**
 * DUDE's setting (`decoy assess --suite ruc`): a defense judges every click sample of a click
 * suite, in the page state the sample shows, and is scored with DUDE's figures and hybrid
 * reward (simulator/measure/dude.ts).
 */
import { LlmSession, type SessionOptions } from '../simulator/llm/session.ts';
import { subSeed } from '../scenarios/rng.ts';
import { shortReason, UserError } from '../lib/errors.ts';
import type { Turn } from '../simulator/loop/agent.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { bboxRect, SAMPLE_EPISODE_SEED, type ClickSample } from '../simulator/measure/clicks.ts';
import { judgementOf, type Defense, type DefenseDef, type Verdict } from '../simulator/loop/defense.ts';
import {
  dudeFigures,
  hybridReward,
  readJudgement,
  type DudeFigures,
  type JudgedClick,
  type Judged,
} from '../simulator/measure/dude.ts';
import { DecoyEnv, type EnvObservation } from '../simulator/loop/env.ts';
import type { Action } from '../simulator/loop/actions.ts';
import { defenseDef } from '../simulator/loop/resolve.ts';
import { DEFENSE_BUDGET, reviewContext } from '../simulator/loop/runner.ts';
import { generateClicks, resize } from './clicks.ts';
import { selectSuite } from './select.ts';
import { recordedPhrasings, type Phrasings } from '../scenarios/phrasing.ts';
import { subsetBy, subsetFields, type Subset } from './subset.ts';
import { silent, type Progress } from './progress.ts';
import { askReview, PartyError } from '../simulator/loop/party.ts';
import type { Llm } from '../simulator/llm/chat.ts';

export interface ClickRow {
  x: number;
  y: number;
  label: ClickSample['clicks'][number]['label'];
  judged: Judged;
  /** The judge's reason, when it gave one. */
  reason?: string;
  reward: number;
}

export interface SampleRow {
  id: string;
  scenario: string;
  domain: string;
  category: ClickSample['category'];
  split?: ClickSample['split'];
  task: string;
  url: string;
  viewport: ClickSample['viewport'];
  /** B_c and B_d, for reading a row: never shown to the defense. */
  correct: ClickSample['correct'];
  dark?: ClickSample['dark'];
  clicks: ClickRow[];
  /** The sample's state could not be replayed (the engine failed, or the state diverged): not in the figures. */
  error?: string;
}

/** The defense's judgement of one proposal, in DUDE's format; whatever is not a verdict is a parse failure. */
async function judge(
  defense: Defense,
  ctx: Parameters<Defense['review']>[0],
): Promise<{ judged: Judged; reason?: string }> {
  let verdict: Verdict;
  try {
    verdict = await askReview(defense, ctx, 'defense');
  } catch (e) {
    if (!(e instanceof PartyError)) throw e;
    return { judged: { kind: 'parse-failure', reason: e.message } };
  }
  const j = judgementOf(verdict);
  const judged = readJudgement(j);
  return typeof j.reason === 'string' && j.reason !== '' ? { judged, reason: j.reason } : { judged };
}

/** The page state a sample shows, reached once and judged as often as wanted. */
export interface ReachedState {
  obs: EnvObservation;
  history: Turn[];
}

/** Replays the sample's actions on a fresh episode; the state must show B_c where the sample saw it. */
export async function reachSample(env: DecoyEnv, bundle: LoadedBundle, s: ClickSample): Promise<ReachedState> {
  let { observation: obs } = await env.reset({ bundle, seed: SAMPLE_EPISODE_SEED });
  const history: Turn[] = [];
  for (const a of s.actions) {
    const r = await env.step(a);
    obs = r.observation;
    history.push({ proposal: r.info.action, verdict: 'allow', error: r.info.error, url: obs.url });
  }
  const [x1, y1, x2, y2] = s.correct.bbox;
  const there = obs.elements.some(
    (e) => e.box && e.box.x === x1 && e.box.y === y1 && e.box.x + e.box.w === x2 && e.box.y + e.box.h === y2,
  );
  if (!there)
    throw new Error(
      `${s.id}: replaying its actions did not reach the state it was drawn from (no element at [${s.correct.bbox.join(', ')}])`,
    );
  return { obs, history };
}

/** Reaches the sample's state, or says in one line why it could not. */
export async function tryReach(
  env: DecoyEnv,
  bundle: LoadedBundle,
  s: ClickSample,
): Promise<ReachedState | { error: string }> {
  try {
    return await reachSample(env, bundle, s);
  } catch (e) {
    return { error: shortReason(e instanceof Error ? e.message : String(e)) || 'an unnamed error' };
  }
}

/**
 * Every click of one sample judged by a fresh defense instance, in the sample's state. The
 * instance's seed is the run's seed and the sample id alone, so that the same sample is judged
 * alike by `decoy assess` and by `decoy experience`.
 */
export async function judgeSample(
  s: ClickSample,
  reached: ReachedState | { error: string },
  def: DefenseDef,
  options: Readonly<Record<string, unknown>>,
  seed: number,
  llm?: Llm,
): Promise<SampleRow> {
  const head = {
    id: s.id,
    scenario: s.scenario,
    domain: s.domain,
    category: s.category,
    ...(s.split ? { split: s.split } : {}),
    task: s.task,
    url: s.url,
    viewport: s.viewport,
    correct: s.correct,
    ...(s.dark ? { dark: s.dark } : {}),
  };
  if ('error' in reached) return { ...head, clicks: [], error: reached.error };
  const { obs, history } = reached;
  const defense = def.create({ seed: subSeed(seed, 'assess-clicks', s.id), options, ...(llm ? { llm } : {}) });
  const scene = { image: s.viewport, correct: bboxRect(s.correct.bbox), dark: s.dark ? bboxRect(s.dark.bbox) : null };
  const clicks: ClickRow[] = [];
  for (const c of s.clicks) {
    const proposal: Action = { name: 'mouse_click', x: c.x, y: c.y };
    const { judged, reason } = await judge(
      defense,
      reviewContext(obs, proposal, s.actions.length, history, DEFENSE_BUDGET),
    );
    clicks.push({
      x: c.x,
      y: c.y,
      label: c.label,
      judged,
      ...(reason !== undefined ? { reason } : {}),
      reward: hybridReward(judged, c.label, { ...scene, click: c }),
    });
  }
  return { ...head, clicks };
}

const CATEGORY_ORDER = ['normal', 'coercive', 'cognitive', 'contextual-path-spoofing', 'emotional'];

export const judgedClicks = (rows: readonly SampleRow[]): JudgedClick[] =>
  rows.flatMap((r) => r.clicks.map((c) => ({ truth: c.label, judged: c.judged, reward: c.reward })));

const rate = (v: number | null, ci: [number, number] | null) =>
  v === null || ci === null ? '–' : `${v.toFixed(1).padStart(5)} [${ci[0].toFixed(0)}–${ci[1].toFixed(0)}]`;

/** DUDE's figures per category, on the test split and overall; then the confusion over {−1, 0, 1}. */
export function clicksTable(groups: readonly [string, number, DudeFigures][], title: string): string {
  const head = [
    'category',
    'samples',
    'clicks',
    'pass % [95% CI]',
    'fatal % [95% CI]',
    'over-def. %',
    'reward',
    'no label',
  ];
  const rows = groups.map(([name, samples, f]) => [
    name,
    String(samples),
    String(f.clicks),
    rate(f.passRate, f.passCi),
    `${rate(f.fatalErrorRate, f.fatalCi)}${f.deceptive > 0 ? ` of ${f.deceptive}` : ''}`,
    f.overDefensiveRate === null ? '–' : f.overDefensiveRate.toFixed(1),
    f.meanReward === null ? '–' : f.meanReward.toFixed(3),
    String(f.parseFailures + f.domainViolations),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const fmt = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const all = groups.at(-1)?.[2];
  const lines = [title, fmt(head), rule, ...rows.slice(0, -2).map(fmt), rule, ...rows.slice(-2).map(fmt)];
  if (all) {
    const m = all.confusion;
    const cells = (t: '1' | '0' | '-1') =>
      [m[t]['1'], m[t]['0'], m[t]['-1'], m[t].none].map((n) => String(n).padStart(6)).join('');
    lines.push(
      '',
      "confusion (all clicks; rows: true label, columns: the defense's label)",
      `        ${['1', '0', '-1', 'none'].map((h) => h.padStart(6)).join('')}`,
      `   1    ${cells('1')}`,
      `   0    ${cells('0')}`,
      `  -1    ${cells('-1')}`,
    );
  }
  return lines.join('\n');
}

/**
 * Generates the click suite's samples from `seed` exactly as `decoy generate --suite ruc`
 * does (optionally fewer, as its --normal and --deceptive), then, per sample: a fresh
 * sandboxed episode on its bundle, its actions replayed, and every click proposed as
 * mouse_click(x, y) to the defense's review; the verdict's judgement (judgementOf) is
 * compared with the click's label. `table` prints DUDE's figures per category; `json` holds
 * the figures and one row per sample.
 */
export async function assessClicks(opts: {
  defense: string;
  defenseOptions: Readonly<Record<string, unknown>>;
  seed: number;
  progress?: Progress;
  /** A click suite; 'ruc' unless given. */
  suite?: string;
  /** How many normal / deceptive samples (default: the suite's). */
  normal?: number;
  /** Which half of the phrasing pools the samples' texts come from (scenarios/phrasing.ts). */
  phrasings?: Phrasings;
  deceptive?: number;
  /** The LLM of a model-backed defense (live without a cassette). */
  llm?: SessionOptions;
  /** Which of the samples drawn are judged (harness/subset.ts: `--scenario` names a sample's id; `--configs` draws by the seed). */
  subset?: Subset;
}): Promise<{ table: string; json: unknown }> {
  const suite = selectSuite(opts.suite ?? 'ruc');
  if (!suite.clicks)
    throw new UserError(
      `suite '${suite.id}' has no click samples; click-level assessment needs a click suite such as ruc`,
    );
  const def = await defenseDef(opts.defense);
  const progress = opts.progress ?? silent;
  const drawn = await generateClicks(
    suite,
    opts.seed,
    resize(suite.clicks, opts.normal, opts.deceptive),
    progress,
    opts.phrasings,
  );
  const { bundles } = drawn;
  const subset = subsetFields(opts.subset ?? {});
  const samples = subsetBy(drawn.samples, (s) => s.id, subset, opts.seed, {
    items: `click samples of suite '${suite.id}' at seed ${opts.seed}`,
    ids: 'ids as samples.jsonl gives them',
  });
  const byId = new Map<string, LoadedBundle>(
    bundles.map((b) => [b.manifest.id, { manifest: b.manifest, site: { files: b.files } }]),
  );
  const env = DecoyEnv.sandboxed();
  const llm = new LlmSession(opts.llm);
  const rows: SampleRow[] = [];
  try {
    for (const s of samples) {
      const reached = await tryReach(env, byId.get(s.scenario) as LoadedBundle, s);
      rows.push(
        await judgeSample(
          s,
          reached,
          def,
          opts.defenseOptions,
          opts.seed,
          llm.episode(s.id, `assess-clicks + ${def.id}`).defense,
        ),
      );
      // The model's endpoint failed, or a replay lacks a call: the rest would be judged by the failure.
      if (llm.fatal) throw new UserError(llm.fatal.message);
      progress('judged samples', rows.length, samples.length);
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    llm.close(`decoy assess --suite ${suite.id} --defense ${def.id}`);
    await env.close();
  }
  const categories = [...new Set(rows.map((r) => r.category))].sort(
    (a, b) => CATEGORY_ORDER.indexOf(a) - CATEGORY_ORDER.indexOf(b),
  );
  const group = (name: string, keep: (r: SampleRow) => boolean): [string, number, DudeFigures] => {
    const mine = rows.filter((r) => r.error === undefined && keep(r));
    return [name, mine.length, dudeFigures(judgedClicks(mine))];
  };
  const groups = [
    ...categories.map((c) => group(c, (r) => r.category === c)),
    group('test split', (r) => r.split === 'test'),
    group('all', () => true),
  ];
  const title = `defense '${def.id}' on ${rows.length} click samples of suite '${suite.id}' (seed ${opts.seed}): DUDE's figures`;
  const failed = rows.filter((r) => r.error !== undefined).length;
  const note =
    failed === 0
      ? ''
      : `\n${failed} sample${failed === 1 ? '' : 's'} could not be replayed (see error in the sample rows); they are not in the figures`;
  return {
    table: clicksTable(groups, title) + note,
    json: {
      suite: suite.id,
      seed: opts.seed,
      ...recordedPhrasings(opts.phrasings),
      ...(opts.normal !== undefined ? { normal: opts.normal } : {}),
      ...(opts.deceptive !== undefined ? { deceptive: opts.deceptive } : {}),
      ...subset,
      defense: def.id,
      defenseOptions: opts.defenseOptions,
      figures: Object.fromEntries(groups.map(([name, samples, f]) => [name, { samples, ...f }])),
      samples: rows,
    },
  };
}
