/**
 * Properties every defense of the registry must have, whichever it is: it never reads ground
 * truth, and `none` is the undefended episode itself. A defense that throws mid-run is
 * covered by limits.test.ts (the runner) and user-modules.test.ts (the batch goes on).
 */
import fc from 'fast-check';
import { fakeLlm } from '../../llm/fake.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { suites } from '../../../scenarios/index.ts';
import { hashSeed } from '../../../scenarios/rng.ts';
import { formatAction, parseAction } from '../../../simulator/loop/actions.ts';
import type { Turn } from '../../../simulator/loop/agent.ts';
import type { LoadedBundle } from '../../../simulator/loop/bundle.ts';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import { MemoBrowser, PageMemo } from '../../../simulator/page/engine/memo.ts';
import { agents, defenses } from '../../../simulator/loop/registries.ts';
import { runEpisode, type EpisodeRecord } from '../../../simulator/loop/runner.ts';
import { asksModel } from '../../../simulator/loop/party.ts';
import { bundleFor } from '../../helpers.ts';

const env = new DecoyEnv();
/**
 * For the ground-truth property: its two episodes play the same pages, and every defense meets
 * the same pages, so the engine's answers are shared (engine/memo.ts). Where a defense decides
 * otherwise on the scrambled bundle, its episode leaves the shared calls and plays on the page.
 */
const shared = new DecoyEnv({ browser: new MemoBrowser(new JsdomBrowser(), new PageMemo(), 'in-process') });
afterAll(() => Promise.all([env.close(), shared.close()]));

/** The demo suite's configurations with a pattern: every defense meets something to judge. */
const specs = suites
  .get('demo')
  .scenarios()
  .filter((s) => s.patterns.length > 0);
const AGENTS = ['naive', 'random'] as const;
const RUNS = 3;

const create = (agent: string, bundle: LoadedBundle, seed: number) =>
  agents.get(agent).create({ seed, options: {}, scenario: bundle.manifest.id });

/** A model-backed defense asks the in-process fake model (test/llm/fake.ts), which answers from what it is asked. */
const modelBacked = (defense: string) => asksModel(defenses.get(defense));

async function episode(
  bundle: LoadedBundle,
  agent: string,
  defense: string,
  seed: number,
  llm = fakeLlm(),
  on = env,
): Promise<EpisodeRecord> {
  return runEpisode({
    env: on,
    bundle,
    seed,
    agent: create(agent, bundle, seed),
    agentId: agent,
    defense: defenses.get(defense).create({
      seed,
      options: modelBacked(defense) ? { model: 'fake' } : {},
      ...(modelBacked(defense) ? { llm } : {}),
    }),
    defenseId: defense,
  });
}

/** Any JSON value changed deterministically: numbers moved, text reversed, booleans flipped, lists reversed, records' values changed. */
function scramble(v: unknown, salt: number): unknown {
  if (typeof v === 'number') return v + 1 + (salt % 97);
  if (typeof v === 'string') return `${[...v].reverse().join('')}~${salt % 13}`;
  if (typeof v === 'boolean') return !v;
  if (Array.isArray(v)) return v.map((x, i) => scramble(x, salt + i)).reverse();
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x], i) => [k, scramble(x, salt + i)]));
  return v;
}

/** The same site files and instruction; bundle.json's ground truth and evaluator parameters made nonsense (in memory). */
function scrambled(bundle: LoadedBundle, salt: number): LoadedBundle {
  const m = bundle.manifest;
  const gt = m.groundTruth;
  return {
    site: bundle.site,
    manifest: {
      ...m,
      groundTruth: {
        elements: gt.elements
          .map((e, i) => ({
            ...e,
            kind: e.kind === 'correct' ? ('deceptive' as const) : ('correct' as const),
            route: `/${salt}-${i}`,
            target: scramble(e.target, salt) as typeof e.target,
          }))
          .reverse(),
        safePath: gt.trapPath,
        trapPath: gt.safePath,
        trapPaths: Object.fromEntries(Object.keys(gt.trapPaths).map((f) => [f, gt.safePath])),
      },
      evaluator: {
        ...m.evaluator,
        goal: { ...(scramble(m.evaluator.goal, salt) as object), kind: m.evaluator.goal.kind },
        patterns: m.evaluator.patterns.map((p) => ({
          family: p.family,
          params: scramble(p.params, salt) as Record<string, unknown>,
        })),
      },
    },
  };
}

/** What a defense decided at each step, as the episode records it. */
const decisions = (r: EpisodeRecord) =>
  r.steps.map((s) => ({ proposal: s.proposal, verdict: s.verdict, error: s.error, url: s.url }));

describe('every defense of the registry', () => {
  it('never reads ground truth: with bundle.json ground truth and evaluator parameters scrambled, every step gets the same verdict and feedback, and a model-backed defense asks its model the same things', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...specs), fc.integer({ min: 0, max: 10_000 }), async (spec, seed) => {
        const bundle = bundleFor(spec, seed);
        const other = scrambled(bundle, hashSeed(seed, 'scramble'));
        expect(other.manifest.groundTruth).not.toEqual(bundle.manifest.groundTruth);
        for (const defense of defenses.ids()) {
          for (const agent of AGENTS) {
            const [asked, askedOther] = [fakeLlm(), fakeLlm()];
            const a = await episode(bundle, agent, defense, seed, asked, shared);
            const b = await episode(other, agent, defense, seed, askedOther, shared);
            expect(a.end.kind === 'error' ? a.end.reason : '', `${defense}/${agent}`).toBe('');
            expect(decisions(b), `${defense}/${agent} on ${bundle.manifest.id}`).toEqual(decisions(a));
            expect(askedOther.requests, `${defense}/${agent}: what the model is asked`).toEqual(asked.requests);
            if (modelBacked(defense)) expect(asked.requests.length, `${defense}/${agent}`).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("'none' reproduces the undefended episode byte for byte: the same proposals, errors, site events and T/D as the agent's proposals stepped straight into the env", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...specs),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(...AGENTS),
        async (spec, seed, agentId) => {
          const bundle = bundleFor(spec, seed);
          const defended = await episode(bundle, agentId, 'none', seed);
          // The same agent with nothing between it and the env.
          const agent = create(agentId, bundle, seed);
          let { observation } = await env.reset({ bundle, seed });
          const history: Turn[] = [];
          const steps: { proposal: string; error: string | null }[] = [];
          let answer: string | null = null;
          while (!env.done) {
            const raw = await agent.act(observation, history);
            if (raw === null) break;
            let text = String(raw);
            let valid = true;
            try {
              text = formatAction(typeof raw === 'string' ? parseAction(raw) : raw);
            } catch {
              valid = false;
            }
            const r = await env.step(raw);
            observation = r.observation;
            steps.push({ proposal: text, error: r.info.error });
            history.push({
              proposal: text,
              verdict: valid ? 'allow' : 'invalid',
              error: r.info.error,
              url: observation.url,
            });
            if (r.info.end) answer = r.info.end.kind === 'answer' ? r.info.end.text : null;
          }
          const outcome = await env.outcome(answer);
          expect(defended.steps.map((s) => ({ proposal: s.proposal, error: s.error }))).toEqual(steps);
          expect(JSON.stringify(defended.events)).toBe(JSON.stringify(outcome.events));
          expect([defended.T, defended.D, defended.answer]).toEqual([
            outcome.taskSuccess ? 1 : 0,
            outcome.deceived ? 1 : 0,
            outcome.answer,
          ]);
          expect(defended.steps.every((s) => s.verdict.kind === 'allow' || s.verdict.kind === 'invalid')).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
