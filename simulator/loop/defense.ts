import { z } from 'zod';
import type { Same } from '../../lib/same.ts';
import { expectation, step } from '../../scenarios/bundle.ts';
import type { Expectation, Step } from '../../scenarios/model.ts';
import type { Action } from './actions.ts';
import type { Turn, AgentOptions, OptionDoc } from './agent.ts';
import type { EnvObservation } from './env.ts';
import type { Llm } from '../llm/chat.ts';

/**
 * What an intervention must achieve (Veer §3.2, I = (R, S*, P)), fixed while its trajectory
 * may be replanned. The runner checks `preserve` before the first step and both lists after
 * the last one: control goes back to the agent only when they hold.
 */
export interface Objective {
  /** R: the state that makes the proposal's consequence unauthorized, in words. */
  risk: string;
  /** S*: what must hold when the intervention ends (the box unticked, the line gone). */
  target: Expectation[];
  /** P: task state that must still hold afterwards (the item in the cart, the page). */
  preserve: Expectation[];
}

/**
 * An intervention is a prospective trajectory of steps (scenarios/model.ts `Step`: id, verb,
 * target named by role + name, text or point, `expect`ed states, `dependsOn`). The runner
 * admits it (well formed, first step grounded), grounds each step in the live page just before
 * executing it (simulator/loop/steps.ts), checks its expected states on the next observation, and
 * asks the defense to replan under the same objective on a mismatch. `note` is what the agent
 * is told was changed.
 */
export type Verdict =
  | { kind: 'allow'; judgement?: Judgement; assessment?: Assessment }
  | { kind: 'block'; feedback: string; judgement?: Judgement; assessment?: Assessment }
  | { kind: 'intervene'; objective: Objective; trajectory: Step[]; note?: string; assessment?: Assessment }
  | Acquire
  | { kind: 'terminate'; reason: string };

/**
 * Look before deciding (Veer Appendix A.2, bounded evidence acquisition): the runner executes
 * the trajectory with the defense's budget (it must spend at least one action, must not be the
 * proposal, and must leave `preserve` holding, the page it began on included, and what
 * simulator/loop/look.ts checks: the page's controls and the site's state as they were), then asks
 * `review` again about the same proposal, grounded anew, with what each step showed in
 * `ReviewContext.acquired`. A look that fails leaves the proposal refused: uncertainty is
 * not authorization.
 */
export interface Acquire {
  /** Tells this verdict from the others: look first, then decide. */
  kind: 'acquire';
  /** The unresolved fact, in words ("what the order holds"). */
  claim: string;
  /** The steps that look (open the cart, go back), run with the defense's budget. */
  trajectory: Step[];
  /** Task state the look must leave as it found it (the page, fields filled in). */
  preserve: Expectation[];
  /** The assessment that left the fact unsettled; recorded on the step if the look fails and the proposal is refused. */
  assessment?: Assessment;
}

/** Veer's decision on a proposal's predicted consequence (Appendix B, Figure 6). */
export type Decision = 'AUTHORIZED' | 'UNAUTHORIZED' | 'UNCERTAIN';
/** The boundary the proposal crosses, from nothing committed to the task ended. */
export type Boundary = 'NONE' | 'REVERSIBLE' | 'SAVE' | 'ACCEPT' | 'SUBMIT' | 'CHECKOUT' | 'DONE';
/** How far a commitment has gone: nothing yet, held latent in the state, pending a boundary, active, or committed. */
export type CommitmentState = 'none' | 'latent' | 'pending' | 'active' | 'committed';

/** One outcome the proposal would create or commit, with its state before and after it. */
export interface Commitment {
  /** The outcome, in words ("a warranty in the order"). */
  outcome: string;
  /** How far it had gone before the proposal. */
  before: CommitmentState;
  /** How far it would have gone after it. */
  after: CommitmentState;
  /** What brings it about: the click itself, state retained through a boundary, a submit or save, a navigation. */
  trigger: 'click' | 'retention' | 'omission' | 'save' | 'submit' | 'navigation';
  /** The observed facts it rests on (an element and its state, a line seen on an earlier page). */
  evidence: string[];
  /** How far the user could still undo it once the proposal is carried out. */
  reversibility: 'reversible' | 'limited' | 'irreversible';
  /** Whether the task asks for this outcome (or allows it). */
  authorized: boolean;
}

/** A fact the assessment could not settle from what it has seen. */
export interface EvidenceRequest {
  /** The fact, in words ("the order holds a warranty"). */
  claim: string;
  /** Why it matters to the decision. */
  reason: string;
  /** Does the claim concern this proposal, or an outcome a later action would still have to cause? */
  scope: 'PROPOSED_ACTION' | 'LATER_ACTION';
}

/** Veer's structured consequence assessment of one proposal; recorded on the step when a verdict carries it. */
export interface Assessment {
  /** Is the proposal's predicted consequence authorized by the task? */
  decision: Decision;
  /** The outcomes the proposal would create or commit. */
  commitments: Commitment[];
  /** The furthest boundary it crosses. */
  boundary: Boundary;
  /** What kind of step it is, from setting up context to committing. */
  effect:
    | 'CONTEXT_ESTABLISHMENT'
    | 'INFORMATION_GATHERING'
    | 'STATE_REDUCING'
    | 'STATE_MODIFYING'
    | 'WORKFLOW_ADVANCE'
    | 'COMMITMENT'
    | 'UNKNOWN';
  /** How it bears on the commitments: creates or increases one, commits one that exists, carries one to a boundary, or leaves them be. */
  relation:
    | 'CREATES'
    | 'INCREASES'
    | 'COMMITS_EXISTING'
    | 'CARRIES_TO_MATERIAL_BOUNDARY'
    | 'PREEXISTING_UNCHANGED'
    | 'UNRELATED'
    | 'UNKNOWN';
  /** Material state the boundary carries into the outcome (order lines, ticked options). */
  carried: string[];
  /** The facts it could not settle from what it has seen (an `acquire` verdict may look for them). */
  requests: EvidenceRequest[];
  /** Why, in words. */
  reason: string;
}

/**
 * A defense's assessment of a click in DUDE's terms: 1 legitimate, 0 invalid (hits nothing
 * that acts), -1 deceptive; `confidence` in [0, 1]. Optional on a verdict: without it a
 * verdict's kind says it (judgementOf).
 */
export interface Judgement {
  /** 1 legitimate, 0 invalid, -1 deceptive. */
  label: 1 | 0 | -1;
  /** How sure, in [0, 1]. */
  confidence: number;
  /** Why, in words. */
  reason: string;
}

/**
 * A verdict in words, the same wherever one is shown (the reason of judgementOf, the
 * feedback `decoy assess` records): what the defense said (a block's feedback, a
 * termination's reason, the claim a look was asked for), else what its kind did.
 */
export function verdictText(v: Verdict): string {
  switch (v.kind) {
    case 'allow':
      return 'allowed';
    case 'block':
      return v.feedback;
    case 'intervene':
      return 'intervened';
    case 'acquire':
      return `asked to look first (${v.claim})`;
    case 'terminate':
      return v.reason;
  }
}

/** The verdict's own judgement, else allow = 1 and anything that stops the proposal = -1, at full confidence (an acquisition, not yet decided, at half); its reason verdictText's. */
export function judgementOf(v: Verdict): Judgement {
  if ((v.kind === 'allow' || v.kind === 'block') && v.judgement) return v.judgement;
  return { label: v.kind === 'allow' ? 1 : -1, confidence: v.kind === 'acquire' ? 0.5 : 1, reason: verdictText(v) };
}

/** What a defense sees when it reviews a proposal: the goal, the agent's observation, the proposal, the turns so far, its budget left and the looks it took. */
export interface ReviewContext {
  /** The task's instruction, as the agent was given it. */
  goal: string;
  /** The page as the agent saw it when it proposed. */
  observation: EnvObservation;
  /** The proposed action, parsed. */
  proposal: Action;
  /** The proposal as an action string (formatAction), as the record keeps it. */
  proposalText: string;
  /** The proposal named the way a trajectory names targets (role + name, text or point); null when its ref is not on the page. */
  proposalStep: Step | null;
  /** The episode's turns before this one. */
  history: readonly Turn[];
  /** Internal actions the defense may still spend this episode. */
  defenseBudgetLeft: number;
  /** The looks already taken for this proposal (acquire verdicts), each with the observation after each of its steps. */
  acquired: readonly Acquired[];
}

/** What a look (an `acquire` verdict) brought back: the claim it checks and the observation after each of its steps. */
export interface Acquired {
  /** The fact the look was asked for (Acquire.claim). */
  claim: string;
  /** The page after each step of the look, in order. */
  observations: EnvObservation[];
}

/** What a defense sees when its intervention's step failed and it may plan again. */
export interface ReplanContext extends ReviewContext {
  /** The intervention's objective, which the new plan must meet. */
  objective: Objective;
  /** The step that could not be grounded, failed, or whose expected state did not hold. */
  failed: { step: string; reason: string };
}

/** A defense for one episode: reviews each proposal (allow, block, intervene, acquire, terminate) and may add to the agent's context. */
export interface Defense {
  /**
   * Text the runner adds to the agent's context for the whole episode (an ICP-style warning),
   * asked once after reset; agents that read no text (the scripted ones) ignore it.
   */
  context?(ctx: { goal: string }): string | null;
  /**
   * The verdict on one proposal, before it is carried out: allow it, block it with feedback for
   * the agent, intervene with a trajectory of its own, look first (acquire), or end the
   * episode. Asked again after each look, with what it showed in `ctx.acquired`.
   */
  review(ctx: ReviewContext): Promise<Verdict> | Verdict;
  /** After a step of the trajectory failed; absent means give up the intervention. */
  replan?(ctx: ReplanContext): Promise<Verdict> | Verdict;
}

/** A registered defense: the file's default export in simulator/defenses/ or a user's module. */
export interface DefenseDef {
  /** Its name for --defense; a registered defense's file is named by it (`<id>.ts`). */
  id: string;
  /** What it does, in a line (`decoy list`). */
  description: string;
  /** The options it takes; an option given that is not declared here is refused. */
  options?: readonly OptionDoc[];
  /**
   * A new defense for one episode: `seed` is the episode's (draw anything from it, so a run
   * replays), `options` as given with --defense-opt, `llm` the run's LLM for this episode's
   * defense, its calls recorded or replayed as the run says (absent when the defense is made
   * only to try its options, before the run).
   */
  create(ctx: { seed: number; options: AgentOptions; llm?: Llm }): Defense;
}

// ---------------------------------------------------------------------------
// The verdict as a schema: what the runner accepts from a defense (party.ts checkVerdict), and
// what a step record holds of it (harness/run-folder.ts). Each is held to its type above.

/** Longest note (and risk, claim, word of an assessment) a defense may give: it is copied into the record, the agent's error and its history. */
export const NOTE_CHARS = 500;
/** Most steps (and expected states, commitments) one trajectory or assessment may hold: several times any budget, so a plan is never cut for length alone. */
export const MAX_STEPS = 64;

const text = z.string().min(1);
const words = z.string().max(NOTE_CHARS);

/** Veer's assessment record (`Assessment`): bounded, since it is copied into the episode's record. */
export const assessmentSchema = z
  .object({
    decision: z.enum(['AUTHORIZED', 'UNAUTHORIZED', 'UNCERTAIN']),
    commitments: z
      .array(
        z.object({
          outcome: words,
          before: z.enum(['none', 'latent', 'pending', 'active', 'committed']),
          after: z.enum(['none', 'latent', 'pending', 'active', 'committed']),
          trigger: z.enum(['click', 'retention', 'omission', 'save', 'submit', 'navigation']),
          evidence: z.array(words).max(MAX_STEPS),
          reversibility: z.enum(['reversible', 'limited', 'irreversible']),
          authorized: z.boolean(),
        }),
      )
      .max(MAX_STEPS),
    boundary: z.enum(['NONE', 'REVERSIBLE', 'SAVE', 'ACCEPT', 'SUBMIT', 'CHECKOUT', 'DONE']),
    effect: z.enum([
      'CONTEXT_ESTABLISHMENT',
      'INFORMATION_GATHERING',
      'STATE_REDUCING',
      'STATE_MODIFYING',
      'WORKFLOW_ADVANCE',
      'COMMITMENT',
      'UNKNOWN',
    ]),
    relation: z.enum([
      'CREATES',
      'INCREASES',
      'COMMITS_EXISTING',
      'CARRIES_TO_MATERIAL_BOUNDARY',
      'PREEXISTING_UNCHANGED',
      'UNRELATED',
      'UNKNOWN',
    ]),
    carried: z.array(words).max(MAX_STEPS),
    requests: z
      .array(z.object({ claim: words, reason: words, scope: z.enum(['PROPOSED_ACTION', 'LATER_ACTION']) }))
      .max(MAX_STEPS),
    reason: words,
  })
  .strict();

export const objectiveSchema = z.object({
  risk: text.max(NOTE_CHARS),
  target: z.array(expectation).max(MAX_STEPS),
  preserve: z.array(expectation).max(MAX_STEPS),
});

/**
 * A verdict. Its judgement passes as given: judgementOf and DUDE's scoring (measure/dude.ts
 * readJudgement) say what an out-of-range one is, and a defense's bad judgement is scored
 * as such, not an error of its episode.
 */
export const verdictSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('allow'), judgement: z.unknown().optional(), assessment: assessmentSchema.optional() }),
  z.object({
    kind: z.literal('block'),
    feedback: text,
    judgement: z.unknown().optional(),
    assessment: assessmentSchema.optional(),
  }),
  z.object({
    kind: z.literal('intervene'),
    objective: objectiveSchema,
    trajectory: z.array(step).max(MAX_STEPS),
    note: words.optional(),
    assessment: assessmentSchema.optional(),
  }),
  z.object({
    kind: z.literal('acquire'),
    claim: text.max(NOTE_CHARS),
    trajectory: z.array(step).max(MAX_STEPS),
    preserve: z.array(expectation).max(MAX_STEPS),
    assessment: assessmentSchema.optional(),
  }),
  z.object({ kind: z.literal('terminate'), reason: text }),
]);

/** The verdict with its judgement as the schema reads it (passed as given); every other field is the type's. */
type AsChecked<V> = V extends unknown
  ? 'judgement' extends keyof V
    ? Omit<V, 'judgement'> & { judgement?: unknown }
    : V
  : never;

/** Fail type checking when a schema and its type describe different values. */
export const ASSESSMENT_SCHEMA_IS_THE_TYPE: Same<z.infer<typeof assessmentSchema>, Assessment> = true;
export const OBJECTIVE_SCHEMA_IS_THE_TYPE: Same<z.infer<typeof objectiveSchema>, Objective> = true;
export const VERDICT_SCHEMA_IS_THE_TYPE: Same<z.infer<typeof verdictSchema>, AsChecked<Verdict>> = true;
