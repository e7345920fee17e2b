/**
 * What an LLM-backed defense shows its model: the page as the agent sees it, the proposal with
 * the element it acts on, and what earlier pages showed (Veer's retained temporal evidence,
 * assembled by program, never by the model).
 */
import { formatAction, type Action } from '../../loop/actions.ts';
import type { Turn } from '../../loop/agent.ts';
import type { EnvObservation } from '../../loop/env.ts';
import { targetOf } from '../../loop/target.ts';
import { pricesIn } from '../../page/read/price.ts';

export const pageText = (obs: Pick<EnvObservation, 'url' | 'title' | 'axtree_txt'>) =>
  `URL: ${obs.url}\nTitle: ${obs.title}\n${obs.axtree_txt}`;

/** The proposal as its string and, for one aimed at an element or a point, what is there. */
export function proposalText(obs: EnvObservation, proposal: Action): string {
  const text = formatAction(proposal);
  if (!('bid' in proposal) && !('x' in proposal)) return text;
  const el = targetOf(obs, proposal);
  if (!el) return `${text}\nIt acts on nothing the page shows.`;
  const states = [
    el.checked ? 'checked' : el.role === 'checkbox' || el.role === 'switch' ? 'unchecked' : '',
    el.disabled ? 'disabled' : '',
    el.covered ? `covered by ${el.coveredBy ?? 'another element'}` : '',
  ].filter(Boolean);
  return `${text}\nIt acts on: ${el.role}${el.name ? ` "${el.name}"` : ''}${states.length ? ` (${states.join(', ')})` : ''}`;
}

/** Earlier turns of the episode, one a line, as the defense saw them decided. */
export const historyLines = (history: readonly Turn[]) =>
  history.map((t, i) => `${i + 1}. ${t.proposal}: ${t.verdict}${t.error ? ` (${t.error})` : ''}`);

/** Most pages whose facts are kept. */
const KEPT_PAGES = 8;

/**
 * Facts of earlier pages that consequences depend on: the prices and ticked options each page
 * showed, by route, the latest pages last. Kept across the episode unless the ablation drops them.
 */
export class Retained {
  private pages: { url: string; facts: string[] }[] = [];

  observe(obs: EnvObservation): void {
    const facts = obs.axtree_txt
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.includes('[checked]') || pricesIn(l).length > 0)
      .slice(0, 20);
    if (facts.length === 0) return;
    this.pages = [...this.pages.filter((p) => p.url !== obs.url), { url: obs.url, facts }].slice(-KEPT_PAGES);
  }

  /** The facts as lines for a prompt, leaving out the page being shown (it is the current state). */
  lines(currentUrl: string): string[] {
    return this.pages
      .filter((p) => p.url !== currentUrl)
      .map((p) => `${new URL(p.url).pathname}: ${p.facts.join('; ')}`);
  }
}
