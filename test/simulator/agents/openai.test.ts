import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSuite } from '../../../generator/bundle.ts';
import { suites } from '../../../scenarios/index.ts';
import { executeRun } from '../../../harness/run.ts';
import { loadBundles } from '../../../harness/select.ts';
import { writeBundles } from '../../../generator/bundle.ts';
import type { EpisodeRecord } from '../../../simulator/loop/runner.ts';
import { startServer, type TestServer } from '../../llm/server.ts';
import { browsingPolicy } from '../../llm/browsing.ts';
import { runConfig } from '../../helpers.ts';
import { WARNING } from '../../../simulator/defenses/warn.ts';

const KEY = 'sk-test-never-written-0123456789';
const FALLS_FOR = ['cookie-trap', 'warranty-addon', 'price-drift', 'preselected-consent'];

let dir: string;
let server: TestServer;
let bundlesDir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-openai-'));
  bundlesDir = join(dir, 'bundles');
  const demo = suites.get('demo');
  writeBundles(bundlesDir, demo, 7, generateSuite(demo, 7));
  server = await startServer(browsingPolicy(loadBundles({ bundles: bundlesDir }), FALLS_FOR));
  process.env.DECOY_TEST_KEY = KEY;
});

afterAll(async () => {
  await server?.close();
  delete process.env.DECOY_TEST_KEY;
  rmSync(dir, { recursive: true, force: true });
});

const read = (file: string) => readFileSync(file, 'utf8');
const records = (file: string) =>
  read(file)
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as EpisodeRecord);

const play = (
  name: string,
  over: {
    defense?: string;
    mode?: 'record' | 'replay' | 'auto';
    baseUrl?: string;
    concurrency?: number;
    tools?: boolean;
  },
) =>
  executeRun(
    runConfig({
      bundles: bundlesDir,
      agent: 'openai',
      defense: over.defense ?? 'none',
      agentOptions: {
        model: 'scripted-browser',
        base_url: over.baseUrl ?? server.url,
        api_key_env: 'DECOY_TEST_KEY',
        ...(over.tools === false ? { tools: 'false' } : {}),
      },
    }),
    join(dir, name),
    {
      noCheck: true,
      llm: { cassette: join(dir, `${name.split('-')[0]}.jsonl`), mode: over.mode ?? 'record' },
      concurrency: over.concurrency ?? 1,
    },
  );

describe('the openai agent against a chat-completions server on 127.0.0.1', () => {
  it('completes the demo tasks, falls for the patterns its model falls for, and counts its calls', async () => {
    const r = await play('plain-rec', {});
    const eps = records(r.episodes);
    expect(eps).toHaveLength(16);
    expect(eps.filter((e) => e.end.kind === 'error')).toEqual([]);
    const controls = eps.filter((e) => e.patterns.length === 0);
    expect(controls.every((e) => e.T === 1)).toBe(true);
    expect(eps.some((e) => e.patterns.includes('cookie-trap') && e.D === 1)).toBe(true);
    expect(eps.every((e) => e.llm && e.llm.calls === e.steps.length && e.llm.promptTokens > 0)).toBe(true);
    const summary = JSON.parse(read(r.summaryFile)) as { llm: { calls: number; episodes: number; costUsd: null } };
    expect(summary.llm.calls).toBe(eps.reduce((n, e) => n + e.llm!.calls, 0));
    expect(summary.llm.episodes).toBe(16);
    expect(r.table).toMatch(/LLM: [\d,]+ calls/);
    // The key went to the server and nowhere on disk.
    const cassette = read(join(dir, 'plain.jsonl'));
    expect(cassette).not.toContain(KEY);
    expect(read(join(dir, 'plain-rec', 'run.json'))).not.toContain(KEY);
    expect(server.unkeyed).toBe(0);
  });

  it('replayed from its cassette with no endpoint, gives the same episodes.jsonl byte for byte', async () => {
    const asked = server.requests.length;
    const r = await play('plain-rep', { mode: 'replay', baseUrl: 'http://127.0.0.1:9/v1' });
    expect(server.requests.length).toBe(asked);
    expect(read(r.episodes)).toBe(read(join(dir, 'plain-rec', 'episodes.jsonl')));
  });

  it('recovers after the defense refuses the trap: the same model behind screen falls less', async () => {
    const r = await play('screen-rec', { defense: 'screen' });
    const eps = records(r.episodes);
    const bare = records(join(dir, 'plain-rec', 'episodes.jsonl'));
    const d = (list: EpisodeRecord[]) => list.filter((e) => e.D === 1).length;
    expect(d(eps)).toBeLessThan(d(bare));
    const recovered = eps.filter((e) => e.steps.some((s) => s.verdict.kind === 'block') && e.T === 1 && e.D === 0);
    expect(recovered.length).toBeGreaterThan(0);
  });

  it('recorded 8 episodes at a time and replayed one at a time, writes the same files byte for byte', async () => {
    const eight = await play('conc-rec', { concurrency: 8, mode: 'record' });
    const one = await play('conc-rep', { concurrency: 1, mode: 'replay', baseUrl: 'http://127.0.0.1:9/v1' });
    expect(read(one.episodes)).toBe(read(eight.episodes));
    expect(read(one.summaryFile)).toBe(read(eight.summaryFile));
    const again = await play('conc-rep8', { concurrency: 8, mode: 'replay', baseUrl: 'http://127.0.0.1:9/v1' });
    expect(read(again.episodes)).toBe(read(eight.episodes));
  });

  it("a replay that lacks a call stops the run in one line naming it, keeps the episodes before it, and resumes to the uninterrupted run's files", async () => {
    const full = read(join(dir, 'plain.jsonl')).trim().split('\n');
    const cut = join(dir, 'cut.jsonl');
    // The last episode's calls are missing, as if the recording had been stopped before it.
    const last = (JSON.parse(full.at(-1)!) as { episode: string }).episode;
    writeFileSync(cut, full.filter((l) => !l.includes(`"episode":${JSON.stringify(last)}`)).join('\n') + '\n');
    const out = join(dir, 'resumed');
    const config = runConfig({
      bundles: bundlesDir,
      agent: 'openai',
      agentOptions: { model: 'scripted-browser', base_url: server.url, api_key_env: 'DECOY_TEST_KEY' },
    });
    const stopped = await executeRun(config, out, { noCheck: true, llm: { cassette: cut, mode: 'replay' } }).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(stopped).toMatch(
      new RegExp(`has no reply for the agent's call \\d+ at step \\d+ of episode '${last.replace(/\./g, '\\.')}'`),
    );
    expect(records(join(out, 'episodes.jsonl')).length).toBeGreaterThan(0);
    expect(existsSync(join(out, 'summary.json'))).toBe(false);
    const r = await executeRun(config, out, {
      noCheck: true,
      llm: { cassette: join(dir, 'plain.jsonl'), mode: 'replay' },
    });
    expect(r.resumed).toBeGreaterThan(0);
    expect(read(r.episodes)).toBe(read(join(dir, 'plain-rec', 'episodes.jsonl')));
  });

  it("reads the defense's word for the episode: behind warn, the warning is in every prompt", async () => {
    const before = server.requests.length;
    await play('warn-rec', { defense: 'warn' });
    const asked = server.requests.slice(before);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => JSON.stringify(r.messages).includes(JSON.stringify(WARNING).slice(1, 60)))).toBe(true);
  });

  it('without tools, reads the action from the text of the reply', async () => {
    const r = await play('text-rec', { tools: false });
    const eps = records(r.episodes);
    expect(eps.filter((e) => e.patterns.length === 0).every((e) => e.T === 1)).toBe(true);
    const asked = server.requests.at(-1)!;
    expect(asked.tools).toBeUndefined();
    expect(JSON.stringify(asked.messages[0])).toContain("click('e12')");
  });
});
