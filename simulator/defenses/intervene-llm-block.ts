import type { DefenseDef } from '../loop/defense.ts';
import { FULL } from './_veer/veer.ts';
import { veerLlm } from './_llm/veer-llm.ts';
import { LLM_DEFENSE_OPTIONS, llmDefense } from './_llm/setup.ts';

const interveneLlmBlock: DefenseDef = {
  id: 'intervene-llm-block',
  description:
    "Ablation of intervene-llm (Veer's w/o State Intervention): the same model assessment, but an unauthorized consequence is blocked with its reason instead of corrected. Prompts: simulator/defenses/_llm/.",
  options: LLM_DEFENSE_OPTIONS,
  create: ({ options, llm }) => veerLlm({ ...FULL, intervene: false }, llmDefense('intervene-llm-block', options, llm)),
};

export default interveneLlmBlock;
