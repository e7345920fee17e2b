/** The summarizers `decoy experience --summarizer` names, with the options each takes. */
import { UserError } from '../../lib/errors.ts';
import { checkSummarizerOptions, LLM_SUMMARIZER_OPTIONS, llmSummarizer } from './llm.ts';
import { ruleSummarizer } from './rule.ts';
import type { Summarizer } from './summarizer.ts';

export const SUMMARIZERS = ['rule', 'llm'] as const;
export type SummarizerId = (typeof SUMMARIZERS)[number];

export function summarizerFor(id: string, options: Readonly<Record<string, unknown>>): Summarizer {
  if (id === 'rule') {
    checkSummarizerOptions(id, options, []);
    return ruleSummarizer;
  }
  if (id === 'llm') {
    checkSummarizerOptions(id, options, LLM_SUMMARIZER_OPTIONS);
    return llmSummarizer(options);
  }
  throw new UserError(`no summarizer '${id}' (there are ${SUMMARIZERS.join(', ')})`);
}
