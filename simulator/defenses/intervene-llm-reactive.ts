import type { DefenseDef } from '../loop/defense.ts';
import { FULL } from './_veer/veer.ts';
import { veerLlm } from './_llm/veer-llm.ts';
import { LLM_DEFENSE_OPTIONS, llmDefense } from './_llm/setup.ts';

const interveneLlmReactive: DefenseDef = {
  id: 'intervene-llm-reactive',
  description:
    "Ablation of intervene-llm (Veer's Reactive Intervention): the same objective, but the model names one transition at a time, the next chosen after observing. Prompts: simulator/defenses/_llm/.",
  options: LLM_DEFENSE_OPTIONS,
  create: ({ options, llm }) =>
    veerLlm({ ...FULL, prospective: false }, llmDefense('intervene-llm-reactive', options, llm)),
};

export default interveneLlmReactive;
