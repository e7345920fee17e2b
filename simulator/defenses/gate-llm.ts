import { z } from 'zod';
import type { DefenseDef, Judgement, Verdict } from '../loop/defense.ts';
import { lessonsFile, parseLessons, type Lesson } from './_gate/lessons.ts';
import { askFor } from './_llm/ask.ts';
import { LLM_DEFENSE_OPTIONS, llmDefense } from './_llm/setup.ts';
import { pageText, proposalText } from './_llm/view.ts';
import { verdictOf } from './gate.ts';

const judgement = z
  .object({
    label: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
    confidence: z.number().min(0).max(1),
    reason: z.string().min(1).max(500),
  })
  .strict();

const lessonLine = (l: Lesson) =>
  l.kind === 'deceptive'
    ? `an element showing "${l.phrase}" was deceptive before: flag it`
    : `an element named "${l.phrase}" was wrongly flagged before: it is legitimate`;

/**
 * DUDE's evaluator with a model: each proposal is labelled -1 deceptive, 0 invalid or 1
 * legitimate with a confidence and a reason, the experience context (lessons, DUDE's Stage 2)
 * prepended as its guidance; only 1 is executed. A reply that never validates is UNCERTAIN
 * and the proposal is refused at zero confidence, never allowed.
 */
const gateLlm: DefenseDef = {
  id: 'gate-llm',
  description:
    "DUDE's evaluator-as-gate with a model over any OpenAI-compatible endpoint: labels each proposal -1/0/1 with confidence and reason (structured output, validated), the lessons of decoy experience prepended; only 1 is executed. Prompt: simulator/defenses/_llm/gate.md.",
  options: [
    ...LLM_DEFENSE_OPTIONS,
    {
      name: 'lessons',
      description: 'experience context: lessons as for gate (inline, or a .txt/.json file), prepended to the prompt',
      reads: lessonsFile,
    },
  ],
  create({ options, llm }) {
    const { asker, prompt } = llmDefense('gate-llm', options, llm);
    const lessons = parseLessons(options.lessons).map(lessonLine);
    const ask = prompt('gate');
    return {
      async review(ctx): Promise<Verdict> {
        const content = ask({
          goal: ctx.goal,
          lessons,
          page: pageText(ctx.observation),
          proposal: proposalText(ctx.observation, ctx.proposal),
        });
        const r = await askFor(asker, 'judgement', judgement, [{ role: 'user', content }], ctx.observation.step);
        if ('value' in r) return verdictOf(r.value as Judgement);
        const reason = `no valid judgement from the model (${r.failed}); uncertainty is not authorization`;
        return {
          kind: 'block',
          feedback: `the gate could not judge this action: ${reason}`,
          judgement: { label: -1, confidence: 0, reason },
        };
      },
    };
  },
};

export default gateLlm;
