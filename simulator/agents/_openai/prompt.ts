/**
 * What the `openai` agent is asked each turn: its system prompt, and one user message with the
 * task, the defense's note, its earlier actions with what came of them, and the page. Each
 * turn's request stands alone (no chat history is replayed), so that a request depends only
 * on what the agent saw and did.
 */
import { describeActions, toolSchemas } from '../../loop/actions.ts';
import type { Turn } from '../../loop/agent.ts';
import type { EnvObservation } from '../../loop/env.ts';
import type { ChatMessage, ChatRequest } from '../../llm/chat.ts';
import type { Prompt } from '../../llm/prompt.ts';

export interface AgentPrompts {
  system: Prompt;
  turn: Prompt;
}

export interface PromptOptions {
  tools: boolean;
  elements: boolean;
  /** Most earlier turns shown, the latest ones. */
  history: number;
  /** The turn carries the observation's screenshot as an image part. */
  vision: boolean;
}

const OUTCOME: Record<Turn['verdict'], string> = {
  allow: 'done',
  block: 'not done',
  intervene: 'not done',
  terminate: 'the episode was ended',
  invalid: 'not understood',
};

/** An earlier turn as one line: the proposal, what came of it, and the error or the defense's word. */
export function turnLine(t: Turn, i: number): string {
  const what = t.error ? `${OUTCOME[t.verdict]}: ${t.error}` : OUTCOME[t.verdict];
  return `${i + 1}. ${t.proposal} → ${what}`;
}

function elementTable(obs: EnvObservation): string {
  return obs.elements
    .filter((e) => e.ref)
    .map((e) => {
      const b = e.box
        ? `${Math.round(e.box.x)},${Math.round(e.box.y)},${Math.round(e.box.w)},${Math.round(e.box.h)}`
        : '-';
      return `${e.ref} ${e.role} ${JSON.stringify(e.name)} ${b}${e.covered ? ' covered' : ''}`;
    })
    .join('\n');
}

export function turnMessages(
  prompts: AgentPrompts,
  opts: PromptOptions,
  obs: EnvObservation,
  history: readonly Turn[],
): ChatMessage[] {
  const shown = history.slice(Math.max(0, history.length - opts.history));
  const offset = history.length - shown.length;
  const text = prompts.turn({
    goal: obs.goal,
    context: obs.defense_context,
    history: shown.map((t, i) => turnLine(t, i + offset)),
    url: obs.url,
    title: obs.title,
    last: obs.last_action,
    error: obs.last_action_error,
    snapshot: obs.axtree_txt,
    elements: opts.elements ? elementTable(obs) : '',
    step: obs.step + 1,
    budget: obs.budget,
  });
  if (opts.vision && !obs.screenshot) throw new Error('vision=true, but the observation carries no screenshot');
  const content: ChatMessage['content'] =
    opts.vision && obs.screenshot
      ? [
          { type: 'text', text },
          { type: 'image_url', image_url: { url: obs.screenshot } },
        ]
      : text;
  return [
    { role: 'system', content: prompts.system({ tools: opts.tools, actions: describeActions() }) },
    { role: 'user', content } as ChatMessage,
  ];
}

/** The request for one turn: the messages, the action table's tools where used, the sampling settings. */
export function turnRequest(
  model: string,
  sampling: Pick<ChatRequest, 'temperature' | 'max_tokens' | 'seed'>,
  messages: ChatMessage[],
  tools: boolean,
): ChatRequest {
  return { model, messages, ...(tools ? { tools: toolSchemas(), tool_choice: 'auto' as const } : {}), ...sampling };
}
