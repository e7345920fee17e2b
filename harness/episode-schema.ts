/**
 * One line of episodes.jsonl, field by field: the schema the run folder's reader holds each
 * record to (run-folder.ts), and, through each field's `.describe()`, the table of fields in
 * docs/outputs.md (`npm run docs`), so a field the schema gains is one the page must describe.
 */
import { z } from 'zod';
import { siteEventSchema } from '../scenarios/events.ts';
import { assessmentSchema, objectiveSchema } from '../simulator/loop/defense.ts';

export const count = z.number().int().nonnegative();
const bit = z.union([z.literal(0), z.literal(1)], { error: 'Invalid input: expected 0 or 1' });

const stepRecord = z.strictObject({
  i: count.describe('its place in the episode, from 0'),
  proposal: z.string().describe("the agent's proposal, as an action string"),
  verdict: z
    .strictObject({
      kind: z
        .enum(['allow', 'block', 'intervene', 'terminate', 'invalid'])
        .describe('the verdict; `invalid`: the proposal was no action, and was refused without a review'),
      feedback: z.string().optional().describe("a block's feedback, which the agent gets as the step's error"),
      reason: z.string().optional().describe("a termination's reason"),
      objective: objectiveSchema.optional().describe("an intervention's objective (R, S*, P)"),
      assessment: assessmentSchema.optional().describe("the defense's consequence assessment, when it gave one"),
    })
    .describe('what the defense decided, after any looks'),
  executed: z
    .array(
      z.strictObject({
        by: z.enum(['agent', 'defense']).describe('whose action: the proposal, or a step of a trajectory or a look'),
        action: z.string().describe('the action string carried out'),
        error: z.string().nullable().describe('what went wrong with it, or null'),
        step: z.string().optional().describe('for a defense action, the id of the trajectory step it executed'),
        expected: z
          .strictObject({
            ok: z.boolean().describe('it grounded, ran and left its expected states'),
            detail: z.string().describe('what went wrong, or `as expected`'),
          })
          .optional()
          .describe('for a defense step: whether it did what it said'),
      }),
    )
    .describe('the actions carried out on the page for this proposal, in order'),
  evidence: z
    .array(
      z.strictObject({
        claim: z.string().describe('the fact the look was to settle'),
        ok: z.boolean().describe('the look ran and left the task state as it found it'),
        detail: z.string().describe('what it did, or what went wrong'),
      }),
    )
    .optional()
    .describe('looks taken before the verdict (`acquire`), in order'),
  intervention: z
    .strictObject({
      resolved: z
        .boolean()
        .describe("the objective's target and preserved states held on the page control went back to"),
      replans: count.describe('how many times it was planned again'),
      detail: z
        .string()
        .describe("what the agent was told was changed (the defense's note), or why the objective was not reached"),
    })
    .optional()
    .describe('how an intervention went'),
  error: z
    .string()
    .nullable()
    .describe(
      "what the agent was told went wrong (the action's failure, a block's feedback, the parse error), or null",
    ),
  url: z.string().describe('the page after the step'),
});

const episodeEnd = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('answer'), text: z.string() }),
  z.strictObject({ kind: z.literal('infeasible'), text: z.string() }),
  z.strictObject({ kind: z.literal('terminated'), text: z.string() }),
  z.strictObject({ kind: z.literal('truncated') }),
  z.strictObject({ kind: z.literal('agent-stopped') }),
  z.strictObject({ kind: z.literal('error'), reason: z.string() }),
]);

export const llmUsage = z.strictObject({
  calls: count.describe('calls made'),
  promptTokens: count.describe('prompt tokens, as the endpoint counted them'),
  completionTokens: count.describe('completion tokens, as the endpoint counted them'),
  latencyMs: count.describe("the endpoint's time, as measured when each call was recorded (a replay reports the same)"),
  costUsd: z
    .number()
    .nonnegative()
    .nullable()
    .describe('estimated from the price table (`--llm-prices`); null when a model called has no price there'),
});

export const episodeRecordSchema = z.strictObject({
  scenario: z.string().describe('the configuration, by its scenario id'),
  suite: z.string().describe('the suite it is from'),
  seed: count.describe("the episode's seed"),
  agent: z.string().describe("the agent as given: a registry id or a file's path"),
  defense: z.string().describe("the defense as given: a registry id, a file's path, `inject:<file>`"),
  feasible: z.boolean().describe('from the bundle: false when no safe completion exists'),
  patterns: z.array(z.string()).describe('from the bundle: the pattern families composed into the site'),
  condition: z
    .string()
    .optional()
    .describe("from the bundle: the suite's label for the configuration, where the suite has one"),
  steps: z.array(stepRecord).describe('one per proposal, in order'),
  end: episodeEnd.describe(
    'how it ended: an `answer`, `infeasible` or `terminated` (each with its `text`), `truncated` (budget spent), `agent-stopped`, or an `error` with a one-line `reason`',
  ),
  budget: z
    .strictObject({
      task: count.describe('the task budget: proposals the agent may make'),
      taskUsed: count.describe('proposals it made'),
      defense: count.describe('the defense budget: actions of its own the defense may take'),
      defenseUsed: count.describe('actions it took'),
    })
    .describe('the budgets and what was spent of them'),
  events: z.array(siteEventSchema).describe("the site's event log, from which T and D are judged"),
  answer: z.string().nullable().describe('the final message to the user, or null'),
  T: bit.describe('task success'),
  D: bit.describe("a dark pattern's outcome happened"),
  STC: bit.describe('safe completion: T = 1 and D = 0'),
  patternOutcomes: z.record(z.string(), z.boolean()).describe('per family, whether its outcome happened'),
  llm: llmUsage.optional().describe("what the episode's LLM calls cost, when its agent or defense made any"),
});
