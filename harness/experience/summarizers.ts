/** The summarizers `decoy experience --summarizer` names, with the options each takes. */
import { quote, UserError } from '../../lib/errors.ts';
import { checkOptions } from '../../simulator/loop/resolve.ts';
import { LLM_SUMMARIZER_OPTIONS, llmSummarizer } from './llm.ts';
import { ruleSummarizer } from './rule.ts';
import type { Summarizer } from './summarizer.ts';

export const SUMMARIZERS = ['rule', 'llm'] as const;
export type SummarizerId = (typeof SUMMARIZERS)[number];

export function summarizerFor(id: string, options: Readonly<Record<string, unknown>>): Summarizer {
  if (id === 'rule') {
    checkOptions('summarizer', id, { options: [] }, options);
    return ruleSummarizer;
  }
  if (id === 'llm') {
    checkOptions('summarizer', id, { options: LLM_SUMMARIZER_OPTIONS }, options);
    return llmSummarizer(options);
  }
  throw new UserError(`no summarizer ${quote(id)} (there are ${SUMMARIZERS.join(', ')})`);
}
