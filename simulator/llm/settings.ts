/**
 * The options every LLM party takes (`--opt` for the agent, `--defense-opt` for a defense), as
 * users of OpenAI-compatible endpoints expect them, and the request settings they give.
 */
import { UserError, quote } from '../../lib/errors.ts';
import type { ChatRequest, Endpoint } from './chat.ts';
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_SECONDS } from './endpoint.ts';

/** Shaped as the loop's OptionDoc, which a room below the loop does not import. */
export const LLM_OPTIONS: readonly { name: string; description: string; default?: string | number }[] = [
  { name: 'model', description: 'the model to ask (required)' },
  {
    name: 'base_url',
    description: 'the endpoint, ending in /v1 for most servers (default: OPENAI_BASE_URL, else OpenAI)',
  },
  {
    name: 'api_key_env',
    description:
      'the environment variable that holds the key; a key is never given as an option, so it is never written down',
    default: 'OPENAI_API_KEY',
  },
  { name: 'temperature', description: 'sampling temperature', default: 0 },
  { name: 'max_tokens', description: 'most tokens one reply may have' },
  { name: 'seed', description: "the endpoint's sampling seed, where it takes one" },
  {
    name: 'timeout',
    description: 'seconds one request may take before it is retried',
    default: DEFAULT_TIMEOUT_SECONDS,
  },
  {
    name: 'max_retries',
    description: 'retries on 429, 5xx and timeouts, with backoff honouring Retry-After',
    default: DEFAULT_MAX_RETRIES,
  },
];

/** What a party's options say about its requests and where they go. */
export interface LlmSettings {
  model: string;
  endpoint: Endpoint;
  /** Sampling settings, sent as given. */
  sampling: Pick<ChatRequest, 'temperature' | 'max_tokens' | 'seed'>;
}

function numberOption(
  options: Readonly<Record<string, unknown>>,
  name: string,
  who: string,
  min: number,
): number | undefined {
  const v = options[name];
  if (v === undefined) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < min)
    throw new UserError(`${who}: ${name} must be a number ≥ ${min}, got ${quote(String(v))}`);
  return n;
}

/** The settings from a party's options; `who` names the party in errors ("--agent openai"). */
export function llmSettings(options: Readonly<Record<string, unknown>>, who: string): LlmSettings {
  const model = options.model;
  if (typeof model !== 'string' || model.trim() === '')
    throw new UserError(`${who} needs a model: ${who.startsWith('--agent') ? '--opt' : '--defense-opt'} model=<name>`);
  if ('api_key' in options)
    throw new UserError(
      `${who}: a key is never an option (it would be written into run.json); set OPENAI_API_KEY, or name another variable with api_key_env=`,
    );
  const baseURL = options.base_url;
  if (baseURL !== undefined && (typeof baseURL !== 'string' || !/^https?:\/\/\S+$/.test(baseURL)))
    throw new UserError(`${who}: base_url must be an http(s) URL, got ${quote(String(baseURL))}`);
  const keyEnv = options.api_key_env;
  if (keyEnv !== undefined && (typeof keyEnv !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv)))
    throw new UserError(`${who}: api_key_env must name an environment variable, got ${quote(String(keyEnv))}`);
  const temperature = numberOption(options, 'temperature', who, 0) ?? 0;
  const maxTokens = numberOption(options, 'max_tokens', who, 1);
  const seed = numberOption(options, 'seed', who, 0);
  const timeout = numberOption(options, 'timeout', who, 1);
  const retries = numberOption(options, 'max_retries', who, 0);
  return {
    model: model.trim(),
    endpoint: {
      ...(baseURL ? { baseURL } : {}),
      ...(keyEnv ? { apiKeyEnv: keyEnv } : {}),
      ...(timeout !== undefined ? { timeoutSeconds: timeout } : {}),
      ...(retries !== undefined ? { maxRetries: Math.floor(retries) } : {}),
    },
    sampling: {
      temperature,
      ...(maxTokens !== undefined ? { max_tokens: Math.floor(maxTokens) } : {}),
      ...(seed !== undefined ? { seed: Math.floor(seed) } : {}),
    },
  };
}
