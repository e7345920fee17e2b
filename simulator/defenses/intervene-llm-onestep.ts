import type { DefenseDef } from '../loop/defense.ts';
import { FULL } from './_veer/veer.ts';
import { veerLlm } from './_llm/veer-llm.ts';
import { LLM_DEFENSE_OPTIONS, llmDefense } from './_llm/setup.ts';

const interveneLlmOnestep: DefenseDef = {
  id: 'intervene-llm-onestep',
  description:
    'Ablation of intervene-llm (One-Step Intervention): at most one corrective action per interception, then control goes back to the agent. Prompts: simulator/defenses/_llm/.',
  options: LLM_DEFENSE_OPTIONS,
  create: ({ options, llm }) => veerLlm({ ...FULL, oneStep: true }, llmDefense('intervene-llm-onestep', options, llm)),
};

export default interveneLlmOnestep;
