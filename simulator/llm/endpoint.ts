/**
 * The live call: one chat-completions request through the `openai` client, which retries 429,
 * 5xx and timeouts with backoff and honours Retry-After. What the endpoint's failure means for
 * the user (a base URL without /v1, a server that is not there, a key refused, a model
 * unknown) is said in one line; such a failure stops the run (LlmStop), since every later
 * call would fail the same way, and the run resumes where it stopped.
 */
import OpenAI from 'openai';
import { quote, shortReason } from '../../lib/errors.ts';
import type { ChatRequest, Endpoint } from './chat.ts';

/** OpenAI's endpoint, where OPENAI_BASE_URL and the options name none. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_TIMEOUT_SECONDS = 60;
export const DEFAULT_MAX_RETRIES = 4;

/** A failure that ends the run, not one episode: the endpoint cannot be used, or a replay has no answer. */
export class LlmStop extends Error {
  override name = 'LlmStop';
}

export const baseUrlOf = (e: Endpoint = {}): string =>
  (e.baseURL || process.env.OPENAI_BASE_URL || OPENAI_BASE_URL).replace(/\/+$/, '');

const clients = new Map<string, OpenAI>();

/** Why no live call to `e` can be made, known without making one (no key for OpenAI's own endpoint), or null. */
export function keyProblem(e: Endpoint): string | null {
  const keyEnv = e.apiKeyEnv || 'OPENAI_API_KEY';
  // OpenAI's own endpoint needs a key; a local server (vLLM, llama.cpp, Ollama) usually takes any.
  return !process.env[keyEnv] && baseUrlOf(e) === OPENAI_BASE_URL
    ? `no API key: set ${keyEnv} (or point OPENAI_BASE_URL at a server that needs none)`
    : null;
}

function clientFor(e: Endpoint): OpenAI {
  const baseURL = baseUrlOf(e);
  const keyEnv = e.apiKeyEnv || 'OPENAI_API_KEY';
  const problem = keyProblem(e);
  if (problem) throw new LlmStop(problem);
  const apiKey = process.env[keyEnv] || 'none';
  const timeout = (e.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const maxRetries = e.maxRetries ?? DEFAULT_MAX_RETRIES;
  const id = JSON.stringify([baseURL, keyEnv, apiKey, timeout, maxRetries]);
  let c = clients.get(id);
  if (!c) {
    c = new OpenAI({ baseURL, apiKey, timeout, maxRetries });
    clients.set(id, c);
  }
  return c;
}

/** The response body of one live request and how long it took (retries included). */
export async function callLive(
  request: ChatRequest,
  e: Endpoint = {},
): Promise<{ response: unknown; latencyMs: number }> {
  const client = clientFor(e);
  const started = performance.now();
  try {
    const response = await client.chat.completions.create({ ...request, stream: false } as never);
    return { response: JSON.parse(JSON.stringify(response)), latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    const message = explain(err, request.model, baseUrlOf(e), e.apiKeyEnv || 'OPENAI_API_KEY');
    // A proxy may repeat the bearer token in its complaint: the key never reaches a record or a screen.
    const key = client.apiKey;
    throw new LlmStop(key && key !== 'none' && key.length >= 4 ? message.split(key).join('<key>') : message);
  }
}

/** The endpoint's failure in one line, with what to do about it. */
export function explain(err: unknown, model: string, baseURL: string, keyEnv: string): string {
  const at = `the endpoint ${baseURL}`;
  if (err instanceof OpenAI.APIConnectionTimeoutError)
    return `${at} did not answer in time (after its retries); raise the timeout option or try later`;
  if (err instanceof OpenAI.APIConnectionError) {
    // fetch wraps the system's error ("fetch failed", then ECONNREFUSED or ENOTFOUND): the innermost says why.
    let cause: unknown = err;
    while ((cause as { cause?: unknown }).cause) cause = (cause as { cause: unknown }).cause;
    const why = (cause as { code?: string }).code ?? shortReason((cause as Error).message ?? err.message, 80);
    return `cannot reach ${at} (${why}); is the server running, and is OPENAI_BASE_URL (or base_url) right?`;
  }
  if (err instanceof OpenAI.APIError) {
    const said = shortReason(err.message.replace(/^\d{3}\s*/, ''), 120);
    const status = err.status;
    if (status === 401 || status === 403)
      return `${at} refused the key (${status}: ${said}); set ${keyEnv} to a key it accepts`;
    if (status === 404) {
      if (/model/i.test(err.message) || err.code === 'model_not_found')
        return `${at} does not know the model ${quote(model)} (404: ${said}); list its models, or set model=`;
      const hint = /\/v1$/.test(baseURL) ? '' : `; base URLs usually end in /v1 (try ${baseURL}/v1)`;
      return `${at} has no chat completions (404 for ${baseURL}/chat/completions)${hint}`;
    }
    if (status === 429)
      return `${at} kept answering 429 (rate limited) after its retries (${said}); try later or lower --concurrency`;
    if (status !== undefined && status >= 500) return `${at} failed (${status}: ${said}) after its retries; try later`;
    return `${at} refused the request (${status ?? 'no status'}: ${said})`;
  }
  return `the request to ${at} failed: ${shortReason(err instanceof Error ? err.message : String(err), 160)}`;
}
