/**
 * `decoy assess`, per step: the assessed defense is asked to review every recorded step in the
 * state before it, exactly as the runner would have asked, and its verdict is set beside the
 * step's label (simulator/measure/labels.ts). From run folders, each episode is replayed once (the
 * labelling replay, which visits each state); from a suite, each agent plays behind a defense
 * that allows everything while the assessed one is asked, and the steps are labelled as they
 * run, so nothing is replayed.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { clip, shortReason, UserError } from '../lib/errors.ts';
import { writeFileAtomic } from '../lib/files.ts';
import { assertOwnFolder, jsonObject } from './own-folder.ts';
import { parseAction } from '../simulator/loop/actions.ts';
import type { AgentDef, Turn } from '../simulator/loop/agent.ts';
import { assess, type AssessReport, type JudgedStep } from '../simulator/measure/assess.ts';
import { episodeSeed } from '../scenarios/rng.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { verdictText, type Defense, type DefenseDef, type ReviewContext } from '../simulator/loop/defense.ts';
import { targetOf } from '../simulator/loop/target.ts';
import { DecoyEnv } from '../simulator/loop/env.ts';
import { LabellingEnv, type ProposalLabel } from '../simulator/measure/labels.ts';
import { agentDef, checkOptions, defenseDef, isInjection } from '../simulator/loop/resolve.ts';
import { DEFENSE_BUDGET, reviewContext, runEpisode, type EpisodeRecord } from '../simulator/loop/runner.ts';
import { SandboxBrowser } from '../simulator/page/sandbox/browser.ts';
import type { EpisodeLimits } from '../simulator/page/engine/limits.ts';
import { labelledSkip, labelRecorded, runBundles } from './label.ts';
import { readRunFolder } from './run-folder.ts';
import { silent, type Progress } from './progress.ts';
import { loadBundles } from './select.ts';
import { subsetOf, subsetOfRuns, type Subset } from './subset.ts';
import { stopIfAsked } from './stop.ts';
import { askContext, askReview, PartyError } from '../simulator/loop/party.ts';
import { LlmSession, type SessionOptions } from '../simulator/llm/session.ts';
import { PARTY_SECONDS } from '../simulator/loop/call-limits.ts';

/**
 * Where the steps come from: recorded runs, or agents played on a suite generated here; each
 * narrowed to a part (harness/subset.ts): of a suite, the configurations decoy run would play
 * with the same flags; of run folders, the episodes of each run decoy run would have played
 * with them under the run's own seed.
 */
export type AssessSource =
  | ({ readonly runs: readonly string[]; readonly trustBundles?: boolean } & Subset)
  | ({
      readonly suite: string;
      readonly patterns: readonly string[];
      readonly agents: readonly string[];
      readonly seed: number;
      /** The held-out phrasings (scenarios/phrasing.ts) for the suite generated here. */
      readonly phrasings?: 'heldout';
    } & Subset);

export interface AssessOptions {
  /** A defense's id or file (simulator/loop/resolve.ts), or its definition. */
  defense: string | DefenseDef;
  defenseOptions: Readonly<Record<string, unknown>>;
  limits?: Partial<EpisodeLimits>;
  progress?: Progress;
  signal?: AbortSignal;
  /** The LLM of a model-backed defense: its cassette and mode, prices (live without a cassette). */
  llm?: SessionOptions;
  /** How long the assessed defense may take over one call (--call-seconds); a call past it is that step's error. PARTY_SECONDS unless given. */
  callSeconds?: number;
}

/** Episodes judged, and those left out with why each ended. */
interface Counts {
  episodes: number;
  skipped: number;
  left: { scenario: string; agent: string; reason: string }[];
}

const leftOut = (counts: Counts, e: EpisodeRecord) => {
  counts.skipped++;
  counts.left.push({
    scenario: e.scenario,
    agent: e.agent,
    reason: e.end.kind === 'error' ? e.end.reason : e.end.kind,
  });
};

export interface AssessResult {
  report: AssessReport;
  steps: JudgedStep[];
  /** Episodes whose steps were judged. */
  episodes: number;
  /** Episodes left out: they ended in an error, so their last state may not replay. */
  skipped: number;
  /** Each episode left out, with the reason it ended. */
  left: { scenario: string; agent: string; reason: string }[];
}

/** The defense's definition, its options checked against the ones it declares. */
export async function assessedDefense(
  defense: string | DefenseDef,
  options: Readonly<Record<string, unknown>>,
): Promise<DefenseDef> {
  // A page-side defense gives no verdicts: judged step by step it would pass for 'none'.
  if (typeof defense === 'string' && isInjection(defense))
    throw new UserError(
      `assess judges a defense's verdicts on each step; ${clip(defense)} changes the pages instead (measure it with decoy run)`,
    );
  const def = typeof defense === 'string' ? await defenseDef(defense) : defense;
  checkOptions('defense', typeof defense === 'string' ? defense : def.id, def, options);
  return def;
}

type Judgement = Pick<JudgedStep, 'verdict' | 'allowed' | 'feedback' | 'element'>;

const elementOf = (ctx: ReviewContext) => {
  const target = targetOf(ctx.observation, ctx.proposal);
  return target ? `${target.role} "${target.name}"` : null;
};

/** The model's endpoint failed, or a replay lacks a call: the assessment stops (its judgements would be the failure's). */
function stopOnLlm(llm: LlmSession): void {
  if (llm.fatal) throw new UserError(llm.fatal.message);
}

/** A step the defense failed on: its error, and the assessment goes on. */
const failed = (ctx: ReviewContext, e: unknown): Judgement => ({
  verdict: 'error',
  allowed: false,
  feedback: shortReason(e instanceof Error ? e.message : String(e)) || 'an unnamed error',
  element: elementOf(ctx),
});

/** The defense's verdict on one review; a throw is the step's error, and the assessment goes on. */
async function judge(defense: Defense, ctx: ReviewContext, seconds = PARTY_SECONDS): Promise<Judgement> {
  try {
    const v = await askReview(defense, ctx, 'defense', seconds);
    // What the defense said; an allow or an intervention says it by its kind. A look is not carried out here (nothing is executed): the step stays undecided, and uncertainty is not authorization.
    const feedback = v.kind === 'block' || v.kind === 'terminate' || v.kind === 'acquire' ? verdictText(v) : null;
    return { verdict: v.kind, allowed: v.kind === 'allow', feedback, element: elementOf(ctx) };
  } catch (e) {
    return failed(ctx, e);
  }
}

/** The defense's context() for an episode, asked as the runner asks it; a failure is every step's error in that episode. */
async function contextOf(defense: Defense, goal: string, seconds = PARTY_SECONDS): Promise<string | null | PartyError> {
  try {
    return await askContext(defense, goal, 'defense', seconds);
  } catch (e) {
    return e instanceof PartyError ? e : new PartyError(String(e));
  }
}

/** After each episode: progress, a stop asked for between episodes, and a turn for the signal's handler. */
async function episodeDone(opts: AssessOptions, progress: Progress, done: number, total: number): Promise<void> {
  progress('episodes', done, total);
  if (done < total) stopIfAsked(opts.signal, `after ${done} of ${total} episodes`);
  await new Promise((r) => setImmediate(r));
}

const NOT_ASKED: Judgement = { verdict: null, allowed: false, feedback: null, element: null };

function judged(
  record: EpisodeRecord,
  step: EpisodeRecord['steps'][number],
  label: ProposalLabel,
  j: Judgement,
): JudgedStep {
  return {
    scenario: record.scenario,
    step: step.i,
    agent: record.agent,
    ...(record.condition !== undefined ? { condition: record.condition } : {}),
    label: label.label,
    families: label.families,
    proposal: step.proposal,
    ...j,
  };
}

export async function assessSteps(source: AssessSource, opts: AssessOptions): Promise<AssessResult> {
  const def = await assessedDefense(opts.defense, opts.defenseOptions);
  const steps: JudgedStep[] = [];
  const counts: Counts = { episodes: 0, skipped: 0, left: [] };
  const llm = new LlmSession(opts.llm);
  const made = (seed: number, episode: string) =>
    def.create({ seed, options: opts.defenseOptions, llm: llm.episode(episode, `assess + ${def.id}`).defense });
  try {
    if ('runs' in source) await fromRuns(source, made, llm, opts, steps, counts);
    else await fromSuite(source, made, llm, opts, steps, counts);
  } finally {
    llm.close(`decoy assess --defense ${def.id}`);
  }
  return { report: assess(steps), steps, ...counts };
}

/** Recorded runs: each episode replayed once, the defense asked in the state before each step. */
async function fromRuns(
  source: Extract<AssessSource, { runs: readonly string[] }>,
  made: (seed: number, episode: string) => Defense,
  llm: LlmSession,
  opts: AssessOptions,
  out: JudgedStep[],
  counts: Counts,
): Promise<void> {
  const read = source.runs.map((runs) => {
    const { config, episodes } = readRunFolder(runs);
    if (episodes.length === 0) throw new UserError(`${clip(runs)}: the run has no episodes`);
    const bundles = runBundles(runs, config, episodes, source.trustBundles === true);
    return { runs, episodes, seed: config.seed, limits: config.limits ?? {}, bundles };
  });
  const chosen = subsetOfRuns(read, source, read.length === 1 ? clip(source.runs[0] ?? '') : 'these runs');
  const runs = read.map((r, i) => ({ ...r, episodes: chosen[i] as EpisodeRecord[] }));
  // A copy of a run beside it would count its steps twice: an episode is its agent on its scenario at its seed.
  const seen = new Map<string, string>();
  for (const r of runs)
    for (const e of r.episodes) {
      const key = JSON.stringify([e.agent, e.scenario, e.seed]);
      const first = seen.get(key);
      if (first !== undefined && first !== r.runs)
        throw new UserError(
          `${clip(r.runs)} holds ${clip(e.scenario)} played by ${clip(e.agent)} as ${clip(first)} does: its steps would be counted twice`,
        );
      seen.set(key, r.runs);
    }
  // The limits the runs were played with, unless given (as decoy label): one engine replays them all, so they must agree.
  const played = runs[0]?.limits ?? {};
  const other = runs.find((r) => JSON.stringify(r.limits) !== JSON.stringify(played));
  if (other)
    throw new UserError(
      `${clip(other.runs)} was played with other per-episode limits than ${clip(runs[0]?.runs ?? '')}; assess them apart`,
    );
  const limits = { ...played, ...opts.limits };
  const total = runs.reduce((n, r) => n + r.episodes.length, 0);
  const env = DecoyEnv.sandboxed(limits);
  const fork = DecoyEnv.sandboxed(limits);
  const progress = opts.progress ?? silent;
  let done = 0;
  try {
    for (const { episodes, bundles } of runs) {
      for (const e of episodes) {
        if (labelledSkip(e)) leftOut(counts, e);
        else {
          const defense = made(e.seed, e.scenario);
          const history: Turn[] = [];
          const judgements: Judgement[] = [];
          // What the runner would have shown the agent from the defense's context(), asked once per episode as the runner asks it.
          let said: string | null | PartyError | undefined;
          const labels = await labelRecorded(env, bundles.get(e.scenario) as LoadedBundle, e, fork, async (s, obs) => {
            if (said === undefined) said = await contextOf(defense, obs.goal, opts.callSeconds);
            const seen = typeof said === 'string' ? { ...obs, defense_context: said } : obs;
            const ctx = reviewContext(seen, parseAction(s.proposal), s.i, [...history], DEFENSE_BUDGET);
            judgements.push(
              s.verdict.kind === 'invalid'
                ? NOT_ASKED
                : said instanceof PartyError
                  ? failed(ctx, said)
                  : await judge(defense, ctx, opts.callSeconds),
            );
            history.push({ proposal: s.proposal, verdict: s.verdict.kind, error: s.error, url: s.url });
          });
          stopOnLlm(llm);
          e.steps.forEach((s, k) => out.push(judged(e, s, labels[k] as ProposalLabel, judgements[k] as Judgement)));
          counts.episodes++;
        }
        await episodeDone(opts, progress, ++done, total);
      }
    }
  } finally {
    await env.close();
    await fork.close();
  }
}

/**
 * Agents on a suite: each plays behind a defense that allows every proposal after asking the
 * assessed one with the runner's own review (what `--defense none` records), and each step is
 * labelled as it runs (LabellingEnv): the same steps, labels and verdicts as a `none` run
 * assessed from its folder, in one pass.
 */
async function fromSuite(
  source: Extract<AssessSource, { suite: string }>,
  made: (seed: number, episode: string) => Defense,
  llm: LlmSession,
  opts: AssessOptions,
  out: JudgedStep[],
  counts: Counts,
): Promise<void> {
  const agents: AgentDef[] = [];
  for (const id of source.agents) agents.push(await agentDef(id));
  const bundles = subsetOf(
    loadBundles({
      suite: source.suite,
      seed: source.seed,
      patterns: source.patterns,
      ...(source.phrasings ? { phrasings: source.phrasings } : {}),
    }),
    source,
    source.seed,
  );
  // An agent that cannot be made (the replay agent, which needs its file) is refused before any episode.
  const first = bundles[0]?.manifest.id ?? '';
  for (const a of agents) a.create({ seed: source.seed, options: {}, scenario: first });
  const env = new LabellingEnv({ browser: new SandboxBrowser(opts.limits) });
  const progress = opts.progress ?? silent;
  const total = agents.length * bundles.length;
  let done = 0;
  try {
    for (const a of agents) {
      for (const bundle of bundles) {
        const id = bundle.manifest.id;
        const seed = episodeSeed(source.seed, id);
        const gt = bundle.manifest.groundTruth;
        const agent = a.create({
          seed,
          options: {},
          scenario: id,
          ...(a.privileged ? { privileged: { safePath: gt.safePath, trapPath: gt.trapPath } } : {}),
        });
        const assessed = made(seed, `${a.id}/${id}`);
        const judgements: Judgement[] = [];
        const watcher: Defense = {
          ...(assessed.context ? { context: (c: { goal: string }) => assessed.context!(c) } : {}),
          async review(ctx) {
            judgements.push(await judge(assessed, ctx, opts.callSeconds));
            return { kind: 'allow' };
          },
        };
        const record = await runEpisode({
          env,
          bundle,
          seed,
          agent,
          agentId: a.id,
          defense: watcher,
          defenseId: 'none',
          // The assessed defense's own limit ends a call as that step's error; the episode's comes after it.
          partySeconds: (opts.callSeconds ?? PARTY_SECONDS) + PARTY_SECONDS,
        });
        stopOnLlm(llm);
        if (labelledSkip(record)) leftOut(counts, record);
        else {
          let k = 0;
          record.steps.forEach((s, i) =>
            out.push(
              judged(
                record,
                s,
                env.labels[i] as ProposalLabel,
                s.verdict.kind === 'invalid' ? NOT_ASKED : (judgements[k++] as Judgement),
              ),
            ),
          );
          counts.episodes++;
        }
        await episodeDone(opts, progress, ++done, total);
      }
    }
  } finally {
    await env.close();
  }
}

export const ASSESS_FILE = 'assess.json';

/**
 * Refuses, before any work, an output folder that holds anything but an earlier assessment
 * (assess.json, and temporary files a killed writer left): nothing in it is changed.
 */
export const assertAssessFolder = (out: string): void =>
  assertOwnFolder(out, { [ASSESS_FILE]: jsonObject }, 'an assessment');

/** Writes assess.json whole into `out` (made if need be); returns its path. */
export function writeAssessment(out: string, json: unknown): string {
  assertAssessFolder(out);
  mkdirSync(out, { recursive: true });
  const file = join(out, ASSESS_FILE);
  writeFileAtomic(file, JSON.stringify(json, null, 2) + '\n');
  return file;
}
