/**
 * The episode runner: agent proposes, defense reviews, the runner executes. An
 * intervention's transitions are executed by the runner, not the defense: each target is
 * re-grounded in the live page, each expected state is checked, a mismatch stops the
 * trajectory and asks the defense to replan, all within the defense's own budget.
 */
import type { SiteEvent } from '../scenarios/model.ts';
import { ActionParseError, formatAction, parseAction, type Action } from './actions.ts';
import type { Agent, Turn } from './agent.ts';
import type { Defense, Expectation, Target, Transition, Verdict } from './defense.ts';
import type { DecoyEnv, EnvObservation } from './env.ts';
import type { LoadedBundle } from './bundle.ts';
import { byLocator } from './query.ts';

export const DEFENSE_BUDGET = 8;

export interface ExecutedAction {
  by: 'agent' | 'defense';
  action: string;
  error: string | null;
  transition?: string;
  /** For a defense transition: did its expected state hold? */
  expected?: { ok: boolean; detail: string };
}

export interface StepRecord {
  i: number;
  proposal: string;
  verdict: { kind: Verdict['kind'] | 'invalid'; feedback?: string; reason?: string; objective?: unknown };
  executed: ExecutedAction[];
  error: string | null;
  url: string;
}

export type EpisodeEnd =
  | { kind: 'answer'; text: string }
  | { kind: 'infeasible'; text: string }
  | { kind: 'terminated'; text: string }
  | { kind: 'truncated' }
  | { kind: 'agent-stopped' };

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
}

function resolve(obs: EnvObservation, target: Target): string | null {
  if ('ref' in target) return obs.elements.some((e) => e.ref === target.ref) ? target.ref : null;
  return byLocator(obs.elements, target)?.ref ?? null;
}

function toAction(t: Transition, obs: EnvObservation): Action | string {
  const needsTarget = !['go_back', 'goto', 'noop'].includes(t.action);
  const bid = t.target ? resolve(obs, t.target) : null;
  if (needsTarget && !bid) return `target of '${t.id}' is not on the page`;
  switch (t.action) {
    case 'click':
    case 'check':
    case 'uncheck':
      return { name: t.action, bid: bid as string };
    case 'fill':
      return { name: 'fill', bid: bid as string, value: t.value ?? '' };
    case 'select_option':
      return { name: 'select_option', bid: bid as string, options: [t.value ?? ''] };
    case 'go_back':
      return { name: 'go_back' };
    case 'goto':
      return { name: 'goto', url: t.value ?? '/' };
    case 'noop':
      return { name: 'noop', wait_ms: Number(t.value ?? 1000) };
  }
}

/** Checks declared post-states against the live observation; returns what failed. */
export function checkExpectations(obs: EnvObservation, expect: readonly Expectation[]): string | null {
  for (const x of expect) {
    if ('path' in x) {
      const path = new URL(obs.url).pathname;
      if (path !== x.path) return `expected to be at ${x.path}, at ${path}`;
      continue;
    }
    const el = byLocator(obs.elements, x.target);
    const what = `${x.target.role} "${x.target.name}"`;
    if ('present' in x) {
      if (!!el !== x.present) return `expected ${what} to be ${x.present ? 'present' : 'gone'}`;
    } else if (!el) return `${what} is not on the page`;
    else if ('checked' in x && el.checked !== x.checked) return `expected ${what} to be ${x.checked ? 'checked' : 'unchecked'}`;
    else if ('value' in x && el.value !== x.value) return `expected ${what} to hold '${x.value}'`;
  }
  return null;
}

export async function runEpisode(setup: EpisodeSetup): Promise<EpisodeRecord> {
  const { env, bundle, agent, defense } = setup;
  const m = bundle.manifest;
  const defenseBudget = setup.defenseBudget ?? DEFENSE_BUDGET;
  let defenseUsed = 0;
  let { observation: obs } = await env.reset({ bundle, seed: setup.seed });
  const steps: StepRecord[] = [];
  const history: Turn[] = [];
  let end: EpisodeEnd | null = null;

  const intervene = async (verdict: Extract<Verdict, { kind: 'intervene' }>, proposal: Action, proposalText: string, executed: ExecutedAction[]) => {
    let plan = verdict.trajectory;
    let replans = 0;
    while (plan.length > 0) {
      const done = new Set<string>();
      let failure: { transition: string; reason: string } | null = null;
      for (const t of plan) {
        const missing = (t.dependsOn ?? []).filter((d) => !done.has(d));
        if (missing.length > 0) {
          failure = { transition: t.id, reason: `depends on unverified ${missing.join(', ')}` };
          break;
        }
        if (defenseUsed >= defenseBudget) {
          failure = { transition: t.id, reason: 'defense budget exhausted' };
          break;
        }
        const action = toAction(t, obs);
        if (typeof action === 'string') {
          failure = { transition: t.id, reason: action };
          executed.push({ by: 'defense', action: t.action, error: action, transition: t.id, expected: { ok: false, detail: action } });
          break;
        }
        defenseUsed++;
        const r = await env.execute(action);
        obs = r.observation;
        const wrong = r.error ?? checkExpectations(obs, t.expect);
        executed.push({ by: 'defense', action: r.action, error: r.error, transition: t.id, expected: { ok: wrong === null, detail: wrong ?? 'as expected' } });
        if (wrong) {
          failure = { transition: t.id, reason: wrong };
          break;
        }
        done.add(t.id);
      }
      if (!failure || !defense.replan || defenseUsed >= defenseBudget || replans >= defenseBudget) return;
      replans++;
      const next = await defense.replan({
        goal: obs.goal,
        observation: obs,
        proposal,
        proposalText,
        history,
        defenseBudgetLeft: defenseBudget - defenseUsed,
        objective: verdict.objective,
        failed: failure,
      });
      if (next.kind !== 'intervene') return;
      plan = next.trajectory;
    }
  };

  while (!end) {
    if (env.done) {
      end = { kind: 'truncated' };
      break;
    }
    const raw = await agent.act(obs, history);
    if (raw === null) {
      end = { kind: 'agent-stopped' };
      break;
    }
    const i = steps.length;
    let proposal: Action;
    try {
      proposal = typeof raw === 'string' ? parseAction(raw) : raw;
    } catch (e) {
      if (!(e instanceof ActionParseError)) throw e;
      const r = await env.refuse(String(raw), e.message);
      obs = r.observation;
      steps.push({ i, proposal: String(raw), verdict: { kind: 'invalid' }, executed: [], error: e.message, url: obs.url });
      history.push({ proposal: String(raw), verdict: 'invalid', error: e.message, url: obs.url });
      continue;
    }
    const text = formatAction(proposal);
    const verdict = await defense.review({ goal: obs.goal, observation: obs, proposal, proposalText: text, history, defenseBudgetLeft: defenseBudget - defenseUsed });
    const executed: ExecutedAction[] = [];
    let error: string | null = null;
    const record: StepRecord = { i, proposal: text, verdict: { kind: verdict.kind }, executed, error: null, url: '' };
    if (verdict.kind === 'allow') {
      const r = await env.step(proposal);
      obs = r.observation;
      error = r.info.error;
      executed.push({ by: 'agent', action: r.info.action, error });
      if (r.info.end) end = r.info.end;
    } else if (verdict.kind === 'block') {
      record.verdict.feedback = verdict.feedback;
      error = `blocked by the defense: ${verdict.feedback}`;
      obs = (await env.refuse(text, error)).observation;
    } else if (verdict.kind === 'intervene') {
      record.verdict.objective = verdict.objective;
      await intervene(verdict, proposal, text, executed);
      error = 'not executed: the defense corrected the page state first; look again and continue';
      obs = (await env.refuse(text, error)).observation;
    } else {
      record.verdict.reason = verdict.reason;
      end = { kind: 'terminated', text: verdict.reason };
    }
    record.error = error;
    record.url = obs.url;
    steps.push(record);
    history.push({ proposal: text, verdict: verdict.kind, error, url: obs.url });
  }

  const outcome = await env.outcome(end.kind === 'answer' ? end.text : null);
  return {
    scenario: m.id,
    suite: m.suite,
    seed: setup.seed,
    agent: setup.agentId,
    defense: setup.defenseId,
    feasible: m.feasible,
    patterns: m.patterns.map((p) => p.family),
    ...(m.condition ? { condition: m.condition } : {}),
    steps,
    end,
    budget: { task: m.budget, taskUsed: steps.length, defense: defenseBudget, defenseUsed },
    events: outcome.events,
    answer: outcome.answer,
    T: outcome.taskSuccess ? 1 : 0,
    D: outcome.deceived ? 1 : 0,
    STC: outcome.safeCompletion ? 1 : 0,
    patternOutcomes: outcome.patternOutcomes,
  };
}
