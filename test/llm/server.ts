/**
 * A chat-completions server on 127.0.0.1 for tests: a real HTTP server that speaks the
 * protocol (tool calls, structured outputs, errors, delays, 429 with Retry-After), whose
 * replies come from a policy the test gives. It is the plumbing's test partner, never
 * evidence about how a defense fares against a real model.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatRequest } from '../../simulator/llm/chat.ts';

/** What the policy answers: text, a tool call, or a failure the server sends instead of a reply. */
export type PolicyReply =
  | { content: string }
  | { tool: { name: string; arguments: string }; content?: string }
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { hangUp: true };

export type Policy = (request: ChatRequest, n: number) => PolicyReply | Promise<PolicyReply>;

export interface TestServer {
  /** The base URL, ending in /v1. */
  url: string;
  /** Every request body received, in order. */
  requests: ChatRequest[];
  /** Requests that carried no bearer key. */
  unkeyed: number;
  close(): Promise<void>;
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

/** Rough tokens of a text, so that usage is plausible and deterministic. */
const tokens = (text: string) => Math.ceil(text.length / 4);

export async function startServer(
  policy: Policy,
  opts: { delayMs?: number; requireKey?: string } = {},
): Promise<TestServer> {
  const requests: ChatRequest[] = [];
  const state = { unkeyed: 0 };
  const server: Server = createServer(async (req, res) => {
    try {
      const text = await body(req);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}`, type: 'not_found' } }));
        return;
      }
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || auth === 'Bearer none') state.unkeyed++;
      if (opts.requireKey && auth !== `Bearer ${opts.requireKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
          }),
        );
        return;
      }
      const request = JSON.parse(text) as ChatRequest;
      requests.push(request);
      const reply = await policy(request, requests.length - 1);
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if ('hangUp' in reply) {
        req.socket.destroy();
        return;
      }
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body ?? { error: { message: `status ${reply.status}` } }));
        return;
      }
      const prompt = JSON.stringify(request.messages);
      const content = 'tool' in reply ? (reply.content ?? null) : reply.content;
      const message =
        'tool' in reply
          ? {
              role: 'assistant',
              content,
              tool_calls: [{ id: `call_${requests.length}`, type: 'function', function: reply.tool }],
            }
          : { role: 'assistant', content };
      const completion = tokens((content ?? '') + ('tool' in reply ? reply.tool.arguments : ''));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 1_700_000_000 + requests.length,
          model: request.model,
          choices: [{ index: 0, message, finish_reason: 'tool' in reply ? 'tool_calls' : 'stop' }],
          usage: {
            prompt_tokens: tokens(prompt),
            completion_tokens: completion,
            total_tokens: tokens(prompt) + completion,
          },
        }),
      );
    } catch (e) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: e instanceof Error ? e.message : String(e) } }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get unkeyed() {
      return state.unkeyed;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
