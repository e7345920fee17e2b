import type { DefenseDef } from '../loop/defense.ts';
import { FULL } from './_veer/veer.ts';
import { veerLlm } from './_llm/veer-llm.ts';
import { LLM_DEFENSE_OPTIONS, llmDefense } from './_llm/setup.ts';

/**
 * Consequence screening with a model: the structured assessment of intervene-llm, and a block
 * with the predicted consequence as feedback for the agent to replan. A screen is Veer without
 * state intervention, so it asks what intervene-llm-block asks; it is listed on its own as the
 * rule-based screen is.
 */
const screenLlm: DefenseDef = {
  id: 'screen-llm',
  description:
    "Consequence screening with a model: the task's authorization, a structured consequence assessment of each proposal (Veer Appendix B), and a block with the reason when a predicted commitment is unauthorized or uncertain. Prompts: simulator/defenses/_llm/.",
  options: LLM_DEFENSE_OPTIONS,
  create: ({ options, llm }) => veerLlm({ ...FULL, intervene: false }, llmDefense('screen-llm', options, llm)),
};

export default screenLlm;
