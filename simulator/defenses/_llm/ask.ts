/**
 * How an LLM-backed defense asks its model: a structured output validated with zod, asked
 * again (within the defense's retries) with what was wrong, and null when no valid answer
 * came: the caller treats that as UNCERTAIN, never as authorized.
 */
import { z } from 'zod';
import type { ChatMessage, Llm } from '../../llm/chat.ts';
import type { LlmSettings } from '../../llm/settings.ts';

export interface Asker {
  llm: Llm | undefined;
  settings: LlmSettings;
  /** Asks again after an answer that does not validate, this many times at most. */
  retries: number;
}

/** The answer's JSON: the text itself, or the object in a fenced block or between its outer braces. */
function jsonOf(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  for (const candidate of [text, fenced, text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)]) {
    if (!candidate || !candidate.trim()) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // the next reading
    }
  }
  throw new Error('the answer is not JSON');
}

/** Keywords OpenAI's strict structured outputs refuse; zod still checks them on the answer. */
const NOT_IN_STRICT = new Set([
  '$schema',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'pattern',
  'format',
]);

/** The schema as sent: without what strict mode refuses (bounds, patterns), the rest as zod made it. */
function strictSchema(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(strictSchema);
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>)
      .filter(([k]) => !NOT_IN_STRICT.has(k))
      .map(([k, x]) => [
        k,
        k === 'properties'
          ? Object.fromEntries(Object.entries(x as object).map(([p, y]) => [p, strictSchema(y)]))
          : strictSchema(x),
      ]),
  );
}

/** What was wrong with an answer, in one line the model is shown when asked again. */
function problemOf(e: unknown): string {
  if (e instanceof z.ZodError) {
    const i = e.issues[0];
    return `${i?.path.join('.') || 'the answer'}: ${i?.message ?? 'does not match the schema'}`;
  }
  return e instanceof Error ? e.message : String(e);
}

/**
 * The model's answer to `messages` as `schema` reads it (after `convert`, which may throw to
 * reject an answer that names what is not on the page), or null after the retries.
 */
export async function askFor<S extends z.ZodType, T = z.infer<S>>(
  asker: Asker,
  name: string,
  schema: S,
  messages: ChatMessage[],
  step: number,
  convert: (v: z.infer<S>) => T = (v) => v as T,
): Promise<{ value: T } | { failed: string }> {
  if (!asker.llm)
    throw new Error('an LLM-backed defense runs only where the run gives it an LLM (decoy run, runBatch)');
  const format = {
    type: 'json_schema' as const,
    json_schema: { name, schema: strictSchema(z.toJSONSchema(schema)) as Record<string, unknown>, strict: true },
  };
  const asked = [...messages];
  let problem = 'no answer';
  for (let attempt = 0; attempt <= asker.retries; attempt++) {
    const reply = await asker.llm.chat(
      { model: asker.settings.model, messages: [...asked], response_format: format, ...asker.settings.sampling },
      { step, endpoint: asker.settings.endpoint },
    );
    const text = reply.content ?? '';
    try {
      return { value: convert(schema.parse(jsonOf(text))) };
    } catch (e) {
      problem = problemOf(e);
      asked.push(
        { role: 'assistant', content: text },
        {
          role: 'user',
          content: `That answer cannot be used (${problem}). Answer again with JSON only, as the schema says.`,
        },
      );
    }
  }
  return { failed: problem };
}
