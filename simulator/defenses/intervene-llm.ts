import type { DefenseDef } from '../loop/defense.ts';
import { FULL } from './_veer/veer.ts';
import { veerLlm } from './_llm/veer-llm.ts';
import { LLM_DEFENSE_OPTIONS, llmDefense } from './_llm/setup.ts';

const interveneLlm: DefenseDef = {
  id: 'intervene-llm',
  description:
    "Veer with a model (Veer §3, Appendix B): the task's authorization extracted once, a structured consequence assessment of each proposal, and for an unauthorized one an objective (R, S*, P) and a complete trajectory the runner executes and verifies, replanned under the same objective. Prompts: simulator/defenses/_llm/.",
  options: LLM_DEFENSE_OPTIONS,
  create: ({ options, llm }) => veerLlm(FULL, llmDefense('intervene-llm', options, llm)),
};

export default interveneLlm;
