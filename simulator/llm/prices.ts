/**
 * What calls cost: US dollars per million prompt and completion tokens, by model. decoy knows
 * no prices of its own (they change, and most endpoints people test against are their own);
 * `--llm-prices <file.json>` gives a table, and without one a run's cost is unknown (null).
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { clip, UserError } from '../../lib/errors.ts';

export type PriceTable = Readonly<Record<string, { input: number; output: number }>>;

const priceTable = z.record(
  z.string(),
  z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() }).strict(),
);

/** A price table file: `{ "<model>": { "input": <USD per 1M prompt tokens>, "output": <USD per 1M completion tokens> } }`. */
export function readPrices(file: string): PriceTable {
  if (!existsSync(file)) throw new UserError(`--llm-prices: no file ${clip(file)}`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new UserError(`--llm-prices: ${clip(file)} is not JSON`);
  }
  const r = priceTable.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new UserError(
      `--llm-prices: ${clip(file)} is not { "<model>": { "input": <USD per 1M tokens>, "output": … } } (${clip(issue?.path.join('.') ?? '') || 'top'}: ${issue?.message ?? ''})`,
    );
  }
  return r.data;
}

/** The calls' estimated cost, rounded to a millionth of a dollar; null when a model called has no price. */
export function dollarsOf(
  prices: PriceTable,
  calls: readonly { model: string; usage: { promptTokens: number; completionTokens: number } }[],
): number | null {
  let usd = 0;
  for (const c of calls) {
    const p = Object.hasOwn(prices, c.model) ? prices[c.model] : undefined;
    if (!p) return null;
    usd += (c.usage.promptTokens * p.input + c.usage.completionTokens * p.output) / 1e6;
  }
  return Math.round(usd * 1e6) / 1e6;
}
