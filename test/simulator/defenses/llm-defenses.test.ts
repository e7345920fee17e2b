import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSuite, writeBundles } from '../../../generator/bundle.ts';
import { suites } from '../../../scenarios/index.ts';
import { executeRun } from '../../../harness/run.ts';
import { compareDefenses, LLM_ABLATIONS } from '../../../harness/compare.ts';
import { loadBundles } from '../../../harness/select.ts';
import { assessSteps } from '../../../harness/assess.ts';
import { assessClicks } from '../../../harness/assess-clicks.ts';
import type { EpisodeRecord } from '../../../simulator/loop/runner.ts';
import type { LoadedBundle } from '../../../simulator/loop/bundle.ts';
import { startServer, type TestServer } from '../../llm/server.ts';
import { browsingPolicy } from '../../llm/browsing.ts';
import { bothParties, defendingPolicy, type DefendingOptions } from '../../llm/defending.ts';
import { runConfig } from '../../helpers.ts';

const FALLS_FOR = ['cookie-trap', 'warranty-addon', 'preselected-consent'];
let dir: string;
let bundlesDir: string;
let bundles: LoadedBundle[];
const servers: TestServer[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-llm-defenses-'));
  bundlesDir = join(dir, 'bundles');
  const demo = suites.get('demo');
  // The warranty and cookie configurations: a state to correct and a click to refuse.
  const made = generateSuite(demo, 7).filter((b) =>
    /purchase-shopping\.(?:control|warranty-addon-preselected)|find-author-news\.cookie-trap-modal/.test(b.manifest.id),
  );
  writeBundles(bundlesDir, demo, 7, made);
  bundles = loadBundles({ bundles: bundlesDir });
  writeBundles(
    join(dir, 'one'),
    demo,
    7,
    made.filter((b) => b.manifest.id.includes('warranty')),
  );
});

afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

async function server(opts: DefendingOptions = {}): Promise<TestServer> {
  const s = await startServer(bothParties(browsingPolicy(bundles, FALLS_FOR), defendingPolicy(bundles, opts)));
  servers.push(s);
  return s;
}

const read = (f: string) => readFileSync(f, 'utf8');
const records = (f: string) =>
  read(f)
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as EpisodeRecord);
const byId = (eps: EpisodeRecord[], part: string) => eps.find((e) => e.scenario.includes(part))!;

function play(
  name: string,
  s: { url: string },
  defense: string,
  o: {
    mode?: 'record' | 'replay' | 'auto';
    cassette?: string;
    defenseOptions?: Record<string, unknown>;
    concurrency?: number;
  } = {},
) {
  return executeRun(
    runConfig({
      bundles: bundlesDir,
      agent: 'openai',
      defense,
      agentOptions: { model: 'scripted-browser', base_url: s.url },
      defenseOptions: { model: 'scripted-defender', base_url: s.url, ...o.defenseOptions },
    }),
    join(dir, name),
    {
      noCheck: true,
      llm: { cassette: join(dir, o.cassette ?? `${name}.jsonl`), mode: o.mode ?? 'record' },
      concurrency: o.concurrency ?? 1,
    },
  );
}

describe('LLM-backed defenses against a chat-completions server on 127.0.0.1', () => {
  it('intervene-llm unticks the preselected warranty through the runner (objective held, then control back) and refuses the cookie trap; the agent finishes both safely', async () => {
    const s = await server();
    const eps = records((await play('veer', s, 'intervene-llm')).episodes);
    const warranty = byId(eps, 'warranty-addon-preselected');
    const fixed = warranty.steps.find((st) => st.verdict.kind === 'intervene');
    expect(fixed?.intervention?.resolved).toBe(true);
    expect(fixed?.executed.some((x) => x.by === 'defense' && x.action.startsWith('uncheck('))).toBe(true);
    expect([warranty.T, warranty.D]).toEqual([1, 0]);
    const cookie = byId(eps, 'cookie-trap-modal');
    expect(cookie.steps.some((st) => st.verdict.kind === 'block')).toBe(true);
    expect([cookie.T, cookie.D]).toEqual([1, 0]);
    expect(byId(eps, 'control').steps.every((st) => st.verdict.kind === 'allow')).toBe(true);
    // Both parties' calls are counted on the episode.
    expect(warranty.llm!.calls).toBeGreaterThan(warranty.steps.length);
  });

  it('the same run replayed from its cassette at concurrency 3, with no endpoint, writes the same episodes.jsonl', async () => {
    const again = await play('veer-rep', { url: 'http://127.0.0.1:9/v1' }, 'intervene-llm', {
      mode: 'replay',
      cassette: 'veer.jsonl',
      concurrency: 3,
    });
    expect(read(again.episodes)).toBe(read(join(dir, 'veer', 'episodes.jsonl')));
  });

  it('a reply that does not validate is asked again, and one that never validates is UNCERTAIN: refused at zero confidence, never allowed', async () => {
    const once = await server({ garbleFirst: true });
    const retried = records((await play('garble-once', once, 'gate-llm')).episodes);
    const asked = once.requests.filter((r) => r.response_format);
    expect(asked.some((r) => r.messages.some((m) => m.role === 'assistant'))).toBe(true);
    expect(byId(retried, 'control').T).toBe(1);

    const never = await server({ garbleAlways: true });
    const refused = records((await play('garble-always', never, 'gate-llm')).episodes);
    const verdicts = refused.flatMap((e) => e.steps.map((st) => st.verdict));
    expect(verdicts.length).toBeGreaterThan(0);
    expect(verdicts.filter((v) => v.kind === 'allow')).toEqual([]);
    expect(verdicts.every((v) => v.kind === 'block' && /uncertainty is not authorization/.test(v.feedback ?? ''))).toBe(
      true,
    );
  });

  it('gate-llm prepends the lessons of decoy experience to its prompt, and a changed prompt replayed fails naming the episode and step', async () => {
    const s = await server();
    await play('gate', s, 'gate-llm', { defenseOptions: { lessons: 'deceptive: protect your purchase' } });
    const asked = s.requests.find((r) => r.response_format)!;
    // What OpenAI's strict mode refuses is not sent; zod still checks it on the answer.
    expect(JSON.stringify(asked.response_format)).not.toMatch(/maxLength|minLength|maximum|\$schema/);
    const prompt = JSON.stringify(asked.messages);
    expect(prompt).toContain('[IMPORTANT GUIDANCE]');
    expect(prompt).toContain('protect your purchase');
    const mine = join(dir, 'prompts');
    mkdirSync(mine, { recursive: true });
    writeFileSync(
      join(mine, 'gate.md'),
      read(fileURLToPath(new URL('../../../simulator/defenses/_llm/gate.md', import.meta.url))).replace(
        'You are an evaluator',
        'You are a strict evaluator',
      ),
    );
    const failed = await play('gate-changed', { url: 'http://127.0.0.1:9/v1' }, 'gate-llm', {
      mode: 'replay',
      cassette: 'gate.jsonl',
      defenseOptions: { lessons: 'deceptive: protect your purchase', prompts: mine },
    }).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(failed).toMatch(
      /has no reply for the defense's call 1 at step 0 of episode 'demo\.v5\.[^']+'.*messages\.0\.content/,
    );
  });

  it('a prompt of the folder that names a slot the defense does not fill is refused when the defense is made, before any call', async () => {
    const mine = join(dir, 'bad-prompts');
    mkdirSync(mine, { recursive: true });
    writeFileSync(join(mine, 'assess.md'), 'Judge {{proposal}} against {{mood}}.');
    const { defenses } = await import('../../../simulator/loop/registries.ts');
    expect(() => defenses.get('intervene-llm').create({ seed: 1, options: { model: 'm', prompts: mine } })).toThrow(
      /the prompt .*assess\.md names a slot it is not given \("mood" not defined - 1:\d+\)/,
    );
  });

  it('decoy assess judges gate-llm on a recorded run and on click samples, and replays both from the cassette to the same figures', async () => {
    const s = await server();
    const options = { model: 'scripted-defender', base_url: s.url };
    const cassette = join(dir, 'assess.jsonl');
    const steps = (mode: 'record' | 'replay', base: string) =>
      assessSteps(
        { runs: [join(dir, 'veer')] },
        { defense: 'gate-llm', defenseOptions: { ...options, base_url: base }, llm: { cassette, mode } },
      );
    const rec = await steps('record', s.url);
    expect(rec.report.steps).toBeGreaterThan(0);
    const rep = await steps('replay', 'http://127.0.0.1:9/v1');
    expect(JSON.stringify(rep.steps)).toBe(JSON.stringify(rec.steps));
    const clicks = (mode: 'record' | 'replay', base: string) =>
      assessClicks({
        defense: 'gate-llm',
        defenseOptions: { ...options, base_url: base },
        seed: 3,
        normal: 3,
        deceptive: 3,
        llm: { cassette, mode },
      });
    const c1 = await clicks('record', s.url);
    const c2 = await clicks('replay', 'http://127.0.0.1:9/v1');
    const judged = (j: unknown) => {
      const { figures, samples } = j as { figures: unknown; samples: unknown };
      return JSON.stringify({ figures, samples });
    };
    expect(judged(c2.json)).toBe(judged(c1.json));
  });

  it('decoy compare --ablations plays the five intervene-llm variants behind the openai agent, and replays them from the cassette to the same compare.json', async () => {
    const s = await server();
    const config = {
      suite: 'demo',
      patterns: [],
      bundles: join(dir, 'one'),
      agent: 'openai',
      seed: 7,
      agentOptions: { model: 'scripted-browser', base_url: s.url },
      defenses: ['none', ...LLM_ABLATIONS],
      defenseOptions: { model: 'scripted-defender', base_url: s.url },
    };
    const cassette = join(dir, 'ablations.jsonl');
    const rec = await compareDefenses(config, join(dir, 'cmp-rec'), {
      noCheck: true,
      ablations: true,
      llm: { cassette, mode: 'record' },
    });
    expect(rec.comparison.defenses.map((d) => d.id)).toEqual(['none', ...LLM_ABLATIONS]);
    expect(rec.markdown).toContain('Veer Table 18');
    expect(rec.printed).toMatch(/LLM use per run[\s\S]*intervene-llm-reactive +\| +\d+ \|/);
    const rep = await compareDefenses(
      {
        ...config,
        agentOptions: { ...config.agentOptions, base_url: 'http://127.0.0.1:9/v1' },
        defenseOptions: { ...config.defenseOptions, base_url: 'http://127.0.0.1:9/v1' },
      },
      join(dir, 'cmp-rep'),
      { noCheck: true, ablations: true, llm: { cassette, mode: 'replay' } },
    );
    expect(JSON.stringify(rep.comparison)).toBe(JSON.stringify(rec.comparison));
  });
});
