import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LlmSession } from '../../../simulator/llm/session.ts';
import { canonicalJson } from '../../../lib/canonical-json.ts';
import { requestKey, type ChatRequest } from '../../../simulator/llm/chat.ts';
import { CASSETTE_HEADER, Cassette } from '../../../simulator/llm/cassette.ts';
import { dollarsOf } from '../../../simulator/llm/prices.ts';
import { startServer, type Policy, type TestServer } from '../../llm/server.ts';

let dir: string;
const servers: TestServer[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-llm-session-'));
});
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
});
const serve = async (p: Policy, opts?: { requireKey?: string }) => {
  const s = await startServer(p, opts);
  servers.push(s);
  return s;
};

const request = (text = 'hello'): ChatRequest => ({
  model: 'm',
  messages: [{ role: 'user', content: text }],
  temperature: 0,
});
const ask = (session: LlmSession, baseURL: string, extra: { maxRetries?: number; apiKeyEnv?: string } = {}) =>
  session
    .episode('demo.v5.x.s7', 'openai + none')
    .agent.chat(request(), {
      step: 2,
      endpoint: { baseURL, maxRetries: extra.maxRetries ?? 0, timeoutSeconds: 5, ...extra },
    })
    .then(
      () => 'answered',
      (e: Error) => e.message,
    );

describe('the endpoint: what goes wrong is said in one line, and stops the run', () => {
  it('an endpoint that is not there: cannot reach it, named', async () => {
    const gone = await startServer(() => ({ content: 'x' }));
    await gone.close();
    const session = new LlmSession();
    expect(await ask(session, gone.url)).toBe(
      `cannot reach the endpoint ${gone.url} (ECONNREFUSED); is the server running, and is OPENAI_BASE_URL (or base_url) right?`,
    );
    expect(session.fatal).not.toBeNull();
  });

  it('a base URL without /v1 (the usual mistake): the 404 says to try it with /v1', async () => {
    const s = await serve(() => ({ content: 'x' }));
    const bare = s.url.replace(/\/v1$/, '');
    expect(await ask(new LlmSession(), bare)).toBe(
      `the endpoint ${bare} has no chat completions (404 for ${bare}/chat/completions); base URLs usually end in /v1 (try ${bare}/v1)`,
    );
  });

  it('a key the server refuses, and a model it does not know', async () => {
    const s = await serve(() => ({ content: 'x' }), { requireKey: 'right' });
    process.env.DECOY_WRONG_KEY = 'wrong';
    expect(await ask(new LlmSession(), s.url, { apiKeyEnv: 'DECOY_WRONG_KEY' })).toMatch(
      /refused the key \(401: .*\); set DECOY_WRONG_KEY to a key it accepts$/,
    );
    delete process.env.DECOY_WRONG_KEY;
    const t = await serve(() => ({
      status: 404,
      body: { error: { message: 'The model `m` does not exist', code: 'model_not_found' } },
    }));
    expect(await ask(new LlmSession(), t.url)).toMatch(/does not know the model 'm' \(404: /);
  });

  it("OpenAI's own endpoint without a key is refused before any request", async () => {
    const saved = process.env.DECOY_NO_KEY;
    delete process.env.DECOY_NO_KEY;
    expect(await ask(new LlmSession(), 'https://api.openai.com/v1', { apiKeyEnv: 'DECOY_NO_KEY' })).toMatch(
      /^no API key: set DECOY_NO_KEY/,
    );
    if (saved !== undefined) process.env.DECOY_NO_KEY = saved;
  });

  it('a key the endpoint repeats in its complaint is never repeated by decoy', async () => {
    const s = await serve((r) => ({
      status: 401,
      body: { error: { message: `bad key sk-echoed-secret-123 for ${r.model}` } },
    }));
    process.env.DECOY_ECHOED_KEY = 'sk-echoed-secret-123';
    const said = await ask(new LlmSession(), s.url, { apiKeyEnv: 'DECOY_ECHOED_KEY' });
    delete process.env.DECOY_ECHOED_KEY;
    expect(said).toContain('<key>');
    expect(said).not.toContain('sk-echoed-secret-123');
  });

  it('an answer that is not a chat completion (HTML, no choices, megabytes) stops the run instead of being scored', async () => {
    for (const body of [
      '<html>hello</html>',
      {},
      { choices: [null] },
      { choices: [{ message: { content: 'x'.repeat(300_000) } }] },
    ]) {
      const s = await serve(() => ({ status: 200, body }));
      const session = new LlmSession();
      expect(await ask(session, s.url)).toMatch(
        /answered, but not with a chat completion: .*; is OPENAI_BASE_URL \(or base_url\) an OpenAI-compatible API\?/,
      );
      expect(session.fatal).not.toBeNull();
    }
  });

  it('429 with Retry-After and 503 are retried, then the answer comes', async () => {
    const s = await serve((_r, n) =>
      n === 0
        ? { status: 429, headers: { 'retry-after-ms': '20' }, body: { error: { message: 'slow down' } } }
        : n === 1
          ? { status: 503 }
          : { content: 'ok' },
    );
    expect(await ask(new LlmSession(), s.url, { maxRetries: 3 })).toBe('answered');
    expect(s.requests).toHaveLength(3);
  });

  it('429 after every retry stops the run with what to do', async () => {
    const s = await serve(() => ({
      status: 429,
      headers: { 'retry-after-ms': '5' },
      body: { error: { message: 'slow down' } },
    }));
    expect(await ask(new LlmSession(), s.url, { maxRetries: 1 })).toMatch(
      /kept answering 429 \(rate limited\) after its retries.*lower --concurrency/,
    );
  });
});

describe('the cassette', () => {
  it('canonical key: the same request with its keys in any order is filed under the same key', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
        fc.infiniteStream(fc.nat()),
        (extra, picks) => {
          const base = { ...extra, model: 'm', messages: [{ role: 'user' as const, content: 'x' }] } as ChatRequest;
          const entries = Object.entries(base);
          const shuffled = Object.fromEntries([...entries].sort(() => (picks.next().value % 3) - 1)) as ChatRequest;
          return requestKey(shuffled) === requestKey(base) && canonicalJson(shuffled) === canonicalJson(base);
        },
      ),
    );
  });

  it('recorded calls are written in order with a header, hold no key, and a replay opens no socket', async () => {
    const s = await serve((r) => ({ content: `echo ${JSON.stringify(r.messages[0]?.content)}` }));
    const file = join(dir, 'c.jsonl');
    process.env.DECOY_SECRET_KEY = 'sk-secret-0123456789abcdef';
    const rec = new LlmSession({ cassette: file, mode: 'record' });
    const ep = (id: string) => rec.episode(id, 'openai + none');
    // Recorded out of order, as concurrent episodes would.
    for (const id of ['b', 'a'])
      await ep(id).agent.chat(request(id), { step: 0, endpoint: { baseURL: s.url, apiKeyEnv: 'DECOY_SECRET_KEY' } });
    rec.close('test');
    delete process.env.DECOY_SECRET_KEY;
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject(CASSETTE_HEADER);
    expect(lines.slice(1).map((l) => (JSON.parse(l) as { episode: string }).episode)).toEqual(['a', 'b']);
    expect(readFileSync(file, 'utf8')).not.toContain('sk-secret');
    const replay = new LlmSession({ cassette: file, mode: 'replay' });
    const reply = await replay
      .episode('a', 'openai + none')
      .agent.chat(request('a'), { step: 0, endpoint: { baseURL: 'http://127.0.0.1:9/v1' } });
    expect(reply.content).toBe('echo "a"');
    expect(s.requests).toHaveLength(2);
    // Merged by hand (cat), the later line of the same call wins.
    const changed = lines[1]!.replace('echo \\"a\\"', 'edited');
    writeFileSync(join(dir, 'merged.jsonl'), [...lines, changed].join('\n') + '\n');
    const merged = new LlmSession({ cassette: join(dir, 'merged.jsonl'), mode: 'replay' });
    expect((await merged.episode('a', 'openai + none').agent.chat(request('a'), { step: 0 })).content).toBe('edited');
  });

  it('a last line cut short by a kill is left out, and the rest replays; a folder is refused', () => {
    const file = join(dir, 'cut-short.jsonl');
    const whole = readFileSync(join(dir, 'c.jsonl'), 'utf8');
    writeFileSync(file, whole + whole.split('\n')[1]!.slice(0, 40));
    expect(new Cassette(file).size).toBe(2);
    expect(() => new Cassette(dir)).toThrow(/is a folder; name a \.jsonl file/);
  });

  it('a file that is not a cassette is refused by name', () => {
    writeFileSync(join(dir, 'other.jsonl'), '{"scenario":"x"}\n');
    expect(() => new Cassette(join(dir, 'other.jsonl'))).toThrow(/line 1: not a recorded call/);
  });
});

describe('cost', () => {
  it('is the tokens times the table, and unknown when a model has no price', () => {
    const prices = { m: { input: 2, output: 8 } };
    expect(dollarsOf(prices, [{ model: 'm', usage: { promptTokens: 1_000_000, completionTokens: 500_000 } }])).toBe(6);
    expect(dollarsOf(prices, [{ model: 'other', usage: { promptTokens: 1, completionTokens: 1 } }])).toBeNull();
  });
});
