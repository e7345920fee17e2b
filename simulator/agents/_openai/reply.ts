/**
 * The model's reply as a proposal. A tool call becomes the action string the table parses
 * (so a bad argument is refused with the table's own words, as a step the agent is told
 * about); without one, the last action in the text that parses, else the text
 * itself, which the runner refuses as no action.
 */
import { ACTIONS, parseAction, ActionParseError } from '../../loop/actions.ts';
import type { ChatReply } from '../../llm/chat.ts';

const NAMES = ACTIONS.map((a) => a.name);
const START = new RegExp(`\\b(?:${NAMES.join('|')})\\s*\\(`, 'g');

/** A tool call's JSON arguments as keyword arguments of the action string. */
function fromToolCall(name: string, args: string): string {
  let parsed: unknown;
  try {
    parsed = args.trim() === '' ? {} : JSON.parse(args);
  } catch {
    return `${name}(${args})`;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return `${name}(${args})`;
  const kw = Object.entries(parsed as Record<string, unknown>).map(([k, v]) => `${k}=${JSON.stringify(v) ?? 'null'}`);
  return `${name}(${kw.join(', ')})`;
}

const parses = (s: string) => {
  try {
    parseAction(s);
    return true;
  } catch (e) {
    if (e instanceof ActionParseError) return false;
    throw e;
  }
};

/** The proposal a reply makes, as an action string (parsed, and refused if need be, by the runner). */
export function proposalOf(reply: ChatReply): string {
  const call = reply.toolCalls[0];
  if (call) return fromToolCall(call.name, call.arguments);
  const text = (reply.content ?? '').trim();
  // A model reasons before it acts ("I could click('e21'), but I will click('e22')"): its last action is its answer.
  const candidates: string[] = [];
  let chosen: string | null = null;
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(START)) {
      // The shortest call from here that parses ("click('e12') (the blue button)"), else the longest, to be refused.
      const rest = line.slice(m.index);
      const ends = [...rest.matchAll(/\)/g)].map((c) => c.index + 1);
      const good = ends.map((e) => rest.slice(0, e)).find(parses);
      const last = ends.at(-1);
      if (good) chosen = good;
      else if (last !== undefined) candidates.push(rest.slice(0, last));
    }
  }
  if (chosen) return chosen;
  return candidates[0] ?? (text || 'no action given');
}
