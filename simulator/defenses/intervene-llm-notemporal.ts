import type { DefenseDef } from '../loop/defense.ts';
import { FULL } from './_veer/veer.ts';
import { veerLlm } from './_llm/veer-llm.ts';
import { LLM_DEFENSE_OPTIONS, llmDefense } from './_llm/setup.ts';

const interveneLlmNotemporal: DefenseDef = {
  id: 'intervene-llm-notemporal',
  description:
    "Ablation of intervene-llm (Veer's w/o Temporal Evidence): only the current observation, nothing retained from earlier pages. Prompts: simulator/defenses/_llm/.",
  options: LLM_DEFENSE_OPTIONS,
  create: ({ options, llm }) =>
    veerLlm({ ...FULL, temporal: false }, llmDefense('intervene-llm-notemporal', options, llm)),
};

export default interveneLlmNotemporal;
