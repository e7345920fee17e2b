/** What LLM calls cost, per episode and per run (DUDE Table 7's columns: calls, tokens, time, money). */

export interface LlmUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** The endpoint's time, as measured when the call was recorded (so a replay reports the same). */
  latencyMs: number;
  /** Estimated from the price table; null when a model called has no price there. */
  costUsd: number | null;
}

/** A run's usage: the episodes' summed, with how many episodes called at all; null when none did. */
export function totalUsage(each: readonly (LlmUsage | undefined)[]): (LlmUsage & { episodes: number }) | null {
  const used = each.filter((u): u is LlmUsage => u !== undefined);
  if (used.length === 0) return null;
  const sum = (f: (u: LlmUsage) => number) => used.reduce((n, u) => n + f(u), 0);
  return {
    episodes: used.length,
    calls: sum((u) => u.calls),
    promptTokens: sum((u) => u.promptTokens),
    completionTokens: sum((u) => u.completionTokens),
    latencyMs: sum((u) => u.latencyMs),
    costUsd: used.some((u) => u.costUsd === null) ? null : Math.round(sum((u) => u.costUsd ?? 0) * 1e6) / 1e6,
  };
}

/** The usage in words, for the line under a results table. */
export function usageText(u: LlmUsage & { episodes?: number }): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const cost = u.costUsd === null ? 'cost unknown (no --llm-prices for a model)' : `est. $${u.costUsd.toFixed(4)}`;
  return `LLM: ${n(u.calls)} calls, ${n(u.promptTokens)} prompt + ${n(u.completionTokens)} completion tokens, ${(u.latencyMs / 1000).toFixed(1)} s at the endpoint, ${cost}`;
}
