/**
 * The episode runner: the agent proposes, the defense reviews, the runner carries the verdict
 * out, turn by turn, within two budgets (budget.ts). What the defense does on the page (an
 * intervention, a look) the runner runs for it (trajectory.ts).
 */
import type { SiteEvent, Step } from '../../scenarios/model.ts';
import { ActionParseError, formatAction, parseAction, type Action } from './actions.ts';
import type { Agent, Turn } from './agent.ts';
import type { Acquire, Acquired, Defense, ReviewContext, Verdict } from './defense.ts';
import type { DecoyEnv, EnvObservation } from './env.ts';
import type { LoadedBundle } from './bundle.ts';
import type { BundleManifest } from '../../scenarios/bundle.ts';
import type { Score } from '../../scenarios/evaluate.ts';
import { groundStep, recordStep, StepRecordError } from './steps.ts';
import { quote, shortReason } from '../../lib/errors.ts';
import { askContext, askReplan, askReview, blame, PartyError } from './party.ts';
import { PARTY_SECONDS } from './call-limits.ts';
import { Budget } from './budget.ts';
import {
  noteStep,
  type Episode,
  type EpisodeEnd,
  type EvidenceRecord,
  type ExecutedAction,
  type StepRecord,
} from './episode.ts';
import { intervene, look } from './trajectory.ts';
import type { LlmUsage } from '../llm/usage.ts';

/** Steps a defense may run in one episode (its interventions and looks) unless a run sets another; Veer's defense budget. */
export const DEFENSE_BUDGET = 8;

export interface EpisodeRecord {
  scenario: string;
  suite: string;
  seed: number;
  agent: string;
  defense: string;
  feasible: boolean;
  patterns: string[];
  /** The suite's condition label (e.g. 'shop/p1'), when it has one. */
  condition?: string;
  steps: StepRecord[];
  end: EpisodeEnd;
  budget: { task: number; taskUsed: number; defense: number; defenseUsed: number };
  events: SiteEvent[];
  answer: string | null;
  T: 0 | 1;
  D: 0 | 1;
  STC: 0 | 1;
  patternOutcomes: Record<string, boolean>;
  /** What the episode's LLM calls cost, when its parties made any. */
  llm?: LlmUsage;
}

export interface EpisodeSetup {
  env: DecoyEnv;
  bundle: LoadedBundle;
  seed: number;
  agent: Agent;
  agentId: string;
  defense: Defense;
  defenseId: string;
  defenseBudget?: number;
  /** Draws the set-of-marks over a screenshot, for an agent that sees 'marks' (the harness gives it: drawing is measurement's). */
  drawMarks?: (png: Buffer, obs: EnvObservation) => Promise<Buffer>;
  /** How long one call into the agent or the defense may stay unanswered (default PARTY_SECONDS). */
  partySeconds?: number;
  /**
   * How long the agent may take over one proposal, when not partySeconds; null for no limit: an
   * agent over MCP proposes when its client calls a tool, which may be a person's pace (decoy mcp).
   */
  agentSeconds?: number | null;
}

/** The proposal as a step named by role and name (null when its ref is not in the observation). */
function proposalStep(proposal: Action, obs: EnvObservation, i: number): Step | null {
  try {
    return recordStep(proposal, obs, `proposal-${i}`);
  } catch (e) {
    if (e instanceof StepRecordError) return null;
    throw e;
  }
}

/** What a defense is asked to review: the runner's, and `decoy assess`'s at a recorded step. */
export function reviewContext(
  obs: EnvObservation,
  proposal: Action,
  i: number,
  history: readonly Turn[],
  defenseBudgetLeft: number,
  acquired: readonly Acquired[] = [],
): ReviewContext {
  return {
    goal: obs.goal,
    observation: obs,
    proposal,
    proposalText: formatAction(proposal),
    proposalStep: proposalStep(proposal, obs, i),
    history,
    defenseBudgetLeft,
    acquired,
  };
}

/** What an episode's score is grouped by, from its configuration's manifest: feasibility, pattern families, the suite's condition. */
export const configurationOf = (m: BundleManifest): Pick<EpisodeRecord, 'feasible' | 'patterns' | 'condition'> => ({
  feasible: m.feasible,
  patterns: m.patterns.map((p) => p.family),
  ...(m.condition ? { condition: m.condition } : {}),
});

/** What identifies an episode's record, the same whether it ended normally or in an error. */
function recordHead(setup: EpisodeSetup) {
  const m = setup.bundle.manifest;
  return {
    scenario: m.id,
    suite: m.suite,
    seed: setup.seed,
    agent: setup.agentId,
    defense: setup.defenseId,
    ...configurationOf(m),
  };
}

/**
 * One episode. Whatever goes wrong inside it (a limit passed, a navigation off the site, a
 * malformed event log, an engine that crashed, an agent or defense that threw) ends this
 * episode with `end.kind = 'error'` and the reason; the caller's run goes on.
 */
export async function runEpisode(setup: EpisodeSetup): Promise<EpisodeRecord> {
  const budget = new Budget(setup.bundle.manifest.budget, setup.defenseBudget ?? DEFENSE_BUDGET);
  const steps: StepRecord[] = [];
  try {
    return await play(setup, steps, budget);
  } catch (e) {
    const reason = shortReason(e instanceof Error ? e.message : String(e)) || 'an unnamed error';
    return {
      ...recordHead(setup),
      steps,
      end: { kind: 'error', reason },
      budget: budget.record(),
      events: [],
      answer: null,
      T: 0,
      D: 0,
      STC: 0,
      patternOutcomes: {},
    };
  }
}

async function play(setup: EpisodeSetup, steps: StepRecord[], budget: Budget): Promise<EpisodeRecord> {
  const ep = await begin(setup, steps, budget);
  let end: EpisodeEnd | null = null;
  while (!end) end = await turn(ep);
  return finish(setup, ep, end);
}

/**
 * An agent's answer as the runner takes it: null to stop, an action string (parsed with the step,
 * where a bad one is that step's), or an action object, which must be one an action string gives; anything
 * else is the agent's failure, named as its own.
 */
function answerOf(raw: unknown, who: string): Action | string | null {
  if (raw === null || typeof raw === 'string') return raw;
  if (raw !== undefined && typeof raw === 'object') {
    try {
      parseAction(formatAction(raw as Action));
      return raw as Action;
    } catch {
      // not an action: said below
    }
  }
  let shown: string;
  try {
    shown = JSON.stringify(raw) ?? String(raw);
  } catch {
    shown = String(raw);
  }
  throw new PartyError(
    `the ${who} gave ${shortReason(shown, 80)}, not an action (an action string such as click('e1'), an action object, or null to stop)`,
  );
}

/** The agent and the defense as the runner calls them: each call within time, a failure named as the party's. */
function parties(setup: EpisodeSetup): { agent: Agent; defense: Defense; defenseName: string; seconds: number } {
  const agentName = `agent ${quote(setup.agentId)}`;
  const defenseName = `defense ${quote(setup.defenseId)}`;
  const seconds = setup.partySeconds ?? PARTY_SECONDS;
  const agentSeconds = setup.agentSeconds === undefined ? seconds : setup.agentSeconds;
  const agent: Agent = {
    act: async (o, h) => answerOf(await blame(agentName, () => setup.agent.act(o, h), agentSeconds), agentName),
  };
  const own = setup.defense;
  const defense: Defense = {
    review: (c) => askReview(own, c, defenseName, seconds),
    ...(own.replan
      ? {
          replan: (c: Parameters<NonNullable<Defense['replan']>>[0]) =>
            askReplan({ replan: own.replan!.bind(own) }, c, defenseName, seconds),
        }
      : {}),
  };
  return { agent, defense, defenseName, seconds };
}

async function begin(setup: EpisodeSetup, steps: StepRecord[], budget: Budget): Promise<Episode> {
  const { env, bundle } = setup;
  const { agent, defense, defenseName, seconds } = parties(setup);
  let { observation: obs } = await env.reset({ bundle, seed: setup.seed });
  // The defense's word to the agent for the whole episode: on this and every later observation.
  const context = await askContext(setup.defense, obs.goal, defenseName, seconds);
  if (context) obs = env.setDefenseContext(context);
  return {
    env,
    obs,
    agent,
    defense,
    history: [],
    steps,
    budget,
    ...(setup.agent.sees ? { sees: setup.agent.sees } : {}),
    ...(setup.drawMarks ? { drawMarks: setup.drawMarks } : {}),
  };
}

/** One turn: the agent proposes, the defense decides, the runner carries the verdict out. The episode's end, when the turn ends it. */
async function turn(ep: Episode): Promise<EpisodeEnd | null> {
  // The env counts the same steps against the same budget, and refuses one past it.
  if (ep.budget.spent('task')) return { kind: 'truncated' };
  const raw = await ep.agent.act(await withPixels(ep), ep.history);
  if (raw === null) return { kind: 'agent-stopped' };
  const i = ep.steps.length;
  const proposal = await parsed(ep, raw, i);
  if (!proposal) return null;
  const d = await decide(ep, proposal, i);
  const record: StepRecord = {
    i,
    proposal: d.text,
    verdict: {
      kind: d.verdict.kind,
      ...('assessment' in d.verdict && d.verdict.assessment ? { assessment: d.verdict.assessment } : {}),
    },
    executed: d.executed,
    ...(d.looks.length > 0 ? { evidence: d.looks } : {}),
    error: null,
    url: '',
  };
  const { error, end } = await carryOut(ep, d, record);
  record.error = error;
  record.url = ep.obs.url;
  noteStep(ep, record, { proposal: d.text, verdict: d.verdict.kind, error, url: ep.obs.url });
  return end;
}

/** The observation as the agent is given it: with the screenshot it asked for, if it sees pixels. */
async function withPixels(ep: Episode): Promise<EnvObservation> {
  if (!ep.sees) return ep.obs;
  let png = await ep.env.screenshot();
  if (ep.sees === 'marks') {
    if (!ep.drawMarks) throw new Error('this runner cannot draw set-of-marks');
    png = await ep.drawMarks(png, ep.obs);
  }
  return { ...ep.obs, screenshot: `data:image/png;base64,${png.toString('base64')}` };
}

/** The agent's proposal as an action; one that does not parse is refused, as a step of its own (null). */
async function parsed(ep: Episode, raw: Action | string, i: number): Promise<Action | null> {
  try {
    return typeof raw === 'string' ? parseAction(raw) : raw;
  } catch (e) {
    if (!(e instanceof ActionParseError)) throw e;
    const r = await ep.env.refuse(String(raw), e.message);
    ep.obs = r.observation;
    noteStep(
      ep,
      { i, proposal: String(raw), verdict: { kind: 'invalid' }, executed: [], error: e.message, url: ep.obs.url },
      { proposal: String(raw), verdict: 'invalid', error: e.message, url: ep.obs.url },
    );
    return null;
  }
}

/** What the defense decided about a proposal, and what it did on the page before deciding. */
interface Decision {
  text: string;
  /** The proposal as it stands on the page the last look came back to. */
  proposal: Action;
  review: ReviewContext;
  verdict: Exclude<Verdict, Acquire>;
  executed: ExecutedAction[];
  looks: EvidenceRecord[];
}

/** Reviews a proposal; each look the defense asks for first is followed by a review of the same proposal on the page it came back to. */
async function decide(ep: Episode, proposal: Action, i: number): Promise<Decision> {
  let review = reviewContext(ep.obs, proposal, i, ep.history, ep.budget.defenseLeft);
  const text = review.proposalText;
  const executed: ExecutedAction[] = [];
  const looks: EvidenceRecord[] = [];
  const acquired: Acquired[] = [];
  for (let v = await ep.defense.review(review); ; v = await ep.defense.review(review)) {
    if (v.kind !== 'acquire') return { text, proposal, review, verdict: v, executed, looks };
    const { seen, ...seenRecord } = await look(ep, v, review, executed);
    looks.push(seenRecord);
    const again = seenRecord.ok && review.proposalStep ? groundStep(review.proposalStep, ep.obs) : null;
    if (!again?.ok) {
      const why = seenRecord.ok ? 'the proposal is no longer on the page it came back to' : seenRecord.detail;
      const verdict = {
        kind: 'block' as const,
        feedback: `the defense could not establish ${quote(v.claim)} (${why}); uncertainty is not authorization`,
        ...(v.assessment ? { assessment: v.assessment } : {}),
      };
      return { text, proposal, review, verdict, executed, looks };
    }
    acquired.push({ claim: v.claim, observations: seen });
    proposal = again.action;
    review = reviewContext(ep.obs, proposal, i, ep.history, ep.budget.defenseLeft, [...acquired]);
  }
}

/** Carries a verdict out: what the agent is told (its step's error), and the episode's end when the verdict ends it. */
async function carryOut(
  ep: Episode,
  d: Decision,
  record: StepRecord,
): Promise<{ error: string | null; end: EpisodeEnd | null }> {
  const { verdict } = d;
  switch (verdict.kind) {
    case 'allow': {
      const r = await ep.env.step(d.proposal);
      ep.obs = r.observation;
      d.executed.push({ by: 'agent', action: r.info.action, error: r.info.error });
      return { error: r.info.error, end: r.info.end ?? null };
    }
    case 'block': {
      record.verdict.feedback = verdict.feedback;
      const error = `blocked by the defense: ${verdict.feedback}`;
      ep.obs = (await ep.env.refuse(d.text, error)).observation;
      return { error, end: null };
    }
    case 'intervene': {
      record.verdict.objective = verdict.objective;
      const how = await intervene(ep, verdict, d.review, d.executed);
      record.intervention = how;
      const error = how.resolved
        ? `not executed: the defense changed the page first (${how.detail}); look again and continue`
        : `not executed: the defense could not make it safe (${how.detail}); look again`;
      ep.obs = (await ep.env.refuse(d.text, error)).observation;
      return { error, end: null };
    }
    case 'terminate':
      record.verdict.reason = verdict.reason;
      return { error: null, end: { kind: 'terminated', text: verdict.reason } };
  }
}

async function finish(setup: EpisodeSetup, ep: Episode, end: EpisodeEnd): Promise<EpisodeRecord> {
  const outcome = await ep.env.outcome(end.kind === 'answer' ? end.text : null);
  return {
    ...recordHead(setup),
    steps: ep.steps,
    end,
    budget: ep.budget.record(),
    events: outcome.events,
    answer: outcome.answer,
    ...outcomeBits(outcome),
  };
}

/** A score as an episode record holds it (and as simulator/measure/judged.ts judges a record again). */
export const outcomeBits = (s: Score): Pick<EpisodeRecord, 'T' | 'D' | 'STC' | 'patternOutcomes'> => ({
  T: s.taskSuccess ? 1 : 0,
  D: s.deceived ? 1 : 0,
  STC: s.safeCompletion ? 1 : 0,
  patternOutcomes: s.patternOutcomes,
});
