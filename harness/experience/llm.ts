/**
 * The LLM summarizer: DUDE's external summarizer (§3.3.2, Appendix C.3, G.4) over any
 * OpenAI-compatible endpoint, through decoy's LLM room (simulator/llm), so that its calls are
 * recorded and replayed with `--cassette` like any LLM party's. One request an iteration: the
 * prompt (summarize.md beside this file, or the user's) with the lessons so far, the failures in
 * DUDE's input format and the anchors; the reply is the whole new list, as JSON.
 */
import { clip } from '../../lib/errors.ts';
import type { ChatRequest } from '../../simulator/llm/chat.ts';
import { promptFile } from '../../simulator/llm/prompt.ts';
import { LLM_OPTIONS, llmSettings } from '../../simulator/llm/settings.ts';
import { distinct, lessonLine, type Lesson } from './lessons.ts';
import type { Case, Summarizer, Summary } from './summarizer.ts';

const WHO = '--summarizer llm';

export const LLM_SUMMARIZER_OPTIONS: readonly { name: string; description: string; default?: string | number }[] = [
  ...LLM_OPTIONS,
  { name: 'prompt', description: 'a .md or .txt file to use as the prompt (see harness/experience/summarize.md)' },
];

const LABEL: Record<string, string> = { '1': '1 (legitimate)', '0': '0 (invalid)', '-1': '-1 (deceptive)' };

/** A case in DUDE's summarizer input format (Appendix C.3), the screenshot's place taken by what the page lists. */
export function caseText(c: Case): string {
  const on = c.target
    ? `${c.target.role} "${c.target.name}"${c.target.text && c.target.text !== c.target.name ? ` showing "${c.target.text}"` : ''}`
    : 'no control';
  const said = c.judged.label === null ? 'no label' : (LABEL[String(c.judged.label)] as string);
  return [
    `Case ID: ${c.id}`,
    `Task: ${c.task}`,
    `Page: ${c.title} (${c.url})`,
    `Click: (${c.click.x}, ${c.click.y}) on ${on}`,
    ...(c.around.length > 0 ? [`Text beside it: ${c.around.join(' | ')}`] : []),
    c.judged.label === c.label
      ? `Evaluator: ${said}, right${c.judged.reason ? ` (${c.judged.reason})` : ''}`
      : `Evaluator Mistake: Predicted ${said} but Truth is ${LABEL[String(c.label)]}${c.judged.reason ? ` (its reason: ${c.judged.reason})` : ''}`,
    ...(c.kappa !== undefined ? [`Persistence Count: ${c.kappa}`] : []),
  ].join('\n');
}

const LINE = /^\s*(deceptive|legitimate)\s*:\s*(.*\S)\s*$/i;

/** The lessons of a reply: `{"lessons": [...]}` (strings or { kind, phrase }), else lesson lines; null when it holds none. */
export function lessonsOfReply(text: string): { lessons: Lesson[]; dropped: string[] } | null {
  const bare = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```\s*$/, '');
  let items: unknown[] | null = null;
  try {
    const j = JSON.parse(bare) as unknown;
    if (Array.isArray(j)) items = j;
    else if (j && typeof j === 'object' && Array.isArray((j as { lessons?: unknown }).lessons))
      items = (j as { lessons: unknown[] }).lessons;
  } catch {
    items = null;
  }
  items ??= bare.split('\n').filter((l) => LINE.test(l));
  if (items.length === 0) return null;
  const lessons: Lesson[] = [];
  const dropped: string[] = [];
  for (const item of items) {
    const line =
      typeof item === 'string'
        ? item
        : item && typeof item === 'object' && 'kind' in item && 'phrase' in item
          ? `${String(item.kind)}: ${String(item.phrase)}`
          : JSON.stringify(item);
    const m = LINE.exec(line);
    if (m) lessons.push({ kind: m[1]!.toLowerCase() as Lesson['kind'], phrase: m[2]! });
    else dropped.push(line);
  }
  return { lessons: distinct(lessons), dropped };
}

export function llmSummarizer(options: Readonly<Record<string, unknown>>): Summarizer {
  const { model, endpoint, sampling } = llmSettings(options, WHO);
  const prompt = promptFile(
    typeof options.prompt === 'string' && options.prompt !== ''
      ? options.prompt
      : new URL('./summarize.md', import.meta.url),
    WHO,
  );
  return {
    id: 'llm',
    async summarize(input): Promise<Summary> {
      const content = prompt({
        iteration: input.iteration,
        lessons: input.lessons.map(lessonLine).join('\n'),
        failures: input.failures.map(caseText).join('\n\n'),
        anchors: input.anchors.map(caseText).join('\n\n'),
      });
      const request: ChatRequest = {
        model,
        messages: [{ role: 'user', content }],
        response_format: { type: 'json_object' },
        ...sampling,
      };
      const reply = await input.llm.chat(request, { step: input.iteration, endpoint });
      const read = lessonsOfReply(reply.content ?? '');
      // An unreadable reply costs the iteration, not the run: the lessons stay as they were.
      if (!read)
        return {
          lessons: [...input.lessons],
          note: `the summarizer's reply held no lessons (${clip(reply.content ?? 'no text')}); the lessons are unchanged`,
        };
      return {
        lessons: read.lessons,
        ...(read.dropped.length > 0
          ? { note: `dropped ${read.dropped.length} line(s) that are no lesson: ${clip(read.dropped.join(' | '))}` }
          : {}),
      };
    },
  };
}
