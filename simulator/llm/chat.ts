/**
 * A chat-completions call as decoy's LLM parties make it (the `openai` agent, the `*-llm`
 * defenses, a user's module): the request's body in the OpenAI wire format, the reply as the
 * party reads it, and the key a cassette files the pair under.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../lib/canonical-json.ts';

/** One message of a chat: the roles the chat-completions protocol knows, content as text or parts (an image). */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string | ContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A part of a message's content: text, or an image by URL (a data URL of a screenshot). */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** A tool call an assistant message made, as the protocol writes it. */
export interface ToolCall {
  /** Its id, which the `tool` message answering it names. */
  id: string;
  /** Always a function call. */
  type: 'function';
  /** The function's name and its arguments as JSON text. */
  function: { name: string; arguments: string };
}

/** The body of a chat-completions request (streaming off). Only what a party sets is sent. */
export interface ChatRequest {
  /** The model to ask, as the endpoint names it. */
  model: string;
  /** The conversation so far. */
  messages: ChatMessage[];
  /** Functions the model may call, each with a JSON schema of its parameters. */
  tools?: { type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } }[];
  /** Whether the model may, must or must not call one of `tools`. */
  tool_choice?: 'auto' | 'required' | 'none';
  /** Asks for JSON, or for JSON that fits a schema (structured output). */
  response_format?:
    | { type: 'json_object' }
    | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  /** Sampling temperature. */
  temperature?: number;
  /** Most tokens the reply may have. */
  max_tokens?: number;
  /** The endpoint's sampling seed, where it takes one. */
  seed?: number;
}

/** What a party reads of a reply: the first choice's text and tool calls, and the tokens it cost. */
export interface ChatReply {
  /** The reply's text; null when it has none (only tool calls). */
  content: string | null;
  /** The functions it calls, each with its arguments as JSON text. */
  toolCalls: { id: string; name: string; arguments: string }[];
  /** Why the model stopped (`stop`, `length`, `tool_calls`), as the endpoint says. */
  finishReason: string | null;
  /** The tokens the call cost (0 where the endpoint does not say). */
  usage: { promptTokens: number; completionTokens: number };
}

/** Where a party's requests go: an OpenAI-compatible endpoint (the key is read from the environment, never stored). */
export interface Endpoint {
  /** Ends in /v1 for most servers; OPENAI_BASE_URL, else OpenAI's. */
  baseURL?: string;
  /** The environment variable holding the key (OPENAI_API_KEY). */
  apiKeyEnv?: string;
  /** How long one request may take before it is retried. */
  timeoutSeconds?: number;
  /** Retries on 429, 5xx and timeouts, with backoff honouring Retry-After. */
  maxRetries?: number;
}

/** Where in the run a call is made: named in a cassette's lines and in the error of a replay that misses. */
export interface CallSite {
  /** The episode's turn (its step index) the call belongs to. */
  step: number;
}

/** The LLM as a party of one episode sees it: each call goes through the run's cassette (record, replay) and is counted. */
export interface Llm {
  /**
   * One call: `request` goes to `site.endpoint` (absent: OPENAI_BASE_URL, else OpenAI's), or
   * is answered from the run's cassette by the request's key, so a replay gives a party the
   * same reply only for the same request. `site.step` is the turn it belongs to.
   */
  chat(request: ChatRequest, site: CallSite & { endpoint?: Endpoint }): Promise<ChatReply>;
}

/** The key a cassette files a request under: the SHA-256 of its canonical JSON. */
export const requestKey = (request: ChatRequest): string =>
  createHash('sha256').update(canonicalJson(request)).digest('hex');

/** Most characters a reply's text and tool arguments may have: several times any answer a party asks for. */
export const REPLY_CHARS = 200_000;

/**
 * Why a response body is not a chat completion decoy can use (an HTML page, an empty object, a
 * stream, a reply of megabytes), or null. A base URL pointing at something else must stop the
 * run, not be scored as an agent that said nothing.
 */
export function notACompletion(response: unknown): string | null {
  const r = response as { choices?: unknown } | null;
  if (!r || typeof r !== 'object' || Array.isArray(r)) return 'its answer is not a JSON object';
  if (!Array.isArray(r.choices) || r.choices.length === 0) return 'its answer has no choices';
  const first = r.choices[0] as { message?: unknown } | null;
  if (!first || typeof first !== 'object' || !first.message || typeof first.message !== 'object')
    return 'its first choice has no message';
  const size = JSON.stringify(first.message).length;
  if (size > REPLY_CHARS) return `its reply has ${size} characters, over the ${REPLY_CHARS} decoy reads`;
  return null;
}

/** The reply as a party reads it, from a chat-completions response body (live or recorded). */
export function replyOf(response: unknown): ChatReply {
  const r = (response ?? {}) as {
    choices?: { message?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown }[];
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const choice = Array.isArray(r.choices) ? r.choices[0] : undefined;
  const message = choice?.message ?? {};
  const calls = Array.isArray(message.tool_calls) ? (message.tool_calls as Partial<ToolCall>[]) : [];
  const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0);
  return {
    content: typeof message.content === 'string' ? message.content : null,
    toolCalls: calls
      .filter((c) => c && typeof c.function?.name === 'string')
      .map((c, i) => ({
        id: typeof c.id === 'string' ? c.id : `call-${i}`,
        name: c.function!.name,
        arguments: typeof c.function!.arguments === 'string' ? c.function!.arguments : '',
      })),
    finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null,
    usage: { promptTokens: count(r.usage?.prompt_tokens), completionTokens: count(r.usage?.completion_tokens) },
  };
}
