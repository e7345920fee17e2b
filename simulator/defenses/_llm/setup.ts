/** What every LLM-backed defense takes: the endpoint's options, how often to ask again, and a folder of prompts to use instead of its own. */
import { clip, UserError } from '../../../lib/errors.ts';
import type { Llm } from '../../llm/chat.ts';
import { checkPromptFolder, promptIn, type Prompt } from '../../llm/prompt.ts';
import { LLM_OPTIONS, llmSettings } from '../../llm/settings.ts';
import { namedPath, type OptionDoc } from '../../loop/agent.ts';
import type { Asker } from './ask.ts';

export const LLM_DEFENSE_OPTIONS: readonly OptionDoc[] = [
  ...LLM_OPTIONS,
  {
    name: 'retries',
    description: 'times a reply that does not validate is asked again, before the proposal is treated as UNCERTAIN',
    default: 1,
  },
  {
    name: 'prompts',
    description: "a folder of .md prompts (same names as the defense's own in simulator/defenses/_llm/) to use instead",
    reads: namedPath,
  },
];

/** The defense's own prompts, each a file beside this one (literal URLs, so the build carries them). */
export const OWN_PROMPTS = {
  gate: new URL('./gate.md', import.meta.url),
  authorize: new URL('./authorize.md', import.meta.url),
  assess: new URL('./assess.md', import.meta.url),
  objective: new URL('./objective.md', import.meta.url),
  trajectory: new URL('./trajectory.md', import.meta.url),
} as const;

/** The slots each prompt is given (veer-llm.ts, gate-llm.ts): a prompt naming another is refused when the defense is made. */
const SLOTS: Record<keyof typeof OWN_PROMPTS, Record<string, unknown>> = {
  gate: { goal: 'g', lessons: ['l'], page: 'p', proposal: 'a' },
  authorize: { goal: 'g' },
  assess: { goal: 'g', authorization: 'a', page: 'p', evidence: ['e'], acquired: ['c'], proposal: 'a' },
  objective: { goal: 'g', page: 'p', proposal: 'a', consequence: 'c' },
  trajectory: { goal: 'g', page: 'p', proposal: 'a', objective: 'o', failed: 'f', oneAtATime: true },
};

export interface LlmDefenseSetup {
  asker: Asker;
  prompt(name: keyof typeof OWN_PROMPTS): Prompt;
}

export function llmDefense(
  id: string,
  options: Readonly<Record<string, unknown>>,
  llm: Llm | undefined,
): LlmDefenseSetup {
  const who = `--defense ${id}`;
  const settings = llmSettings(options, who);
  const retries = Number(options.retries ?? 1);
  if (!Number.isInteger(retries) || retries < 0 || retries > 5)
    throw new UserError(`${who}: retries must be a whole number from 0 to 5, got ${clip(String(options.retries))}`);
  const folder = typeof options.prompts === 'string' && options.prompts !== '' ? options.prompts : undefined;
  if (folder !== undefined) checkPromptFolder(folder, Object.keys(OWN_PROMPTS), who);
  const prompts = new Map<string, Prompt>();
  // Read once up front: a missing or broken prompt stops the run before any episode.
  for (const [name, own] of Object.entries(OWN_PROMPTS)) {
    const p = promptIn(folder, name, own, who);
    p(SLOTS[name as keyof typeof OWN_PROMPTS]);
    prompts.set(name, p);
  }
  return { asker: { llm, settings, retries }, prompt: (name) => prompts.get(name)! };
}
