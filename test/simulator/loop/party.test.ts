/**
 * A defense or agent is the user's code: what it answers is checked, what it is handed is its
 * own copy, and one that never answers ends its episode, not the run.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../../simulator/loop/agent.ts';
import type { Defense } from '../../../simulator/loop/defense.ts';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import { agentDef } from '../../../simulator/loop/resolve.ts';
import { runEpisode } from '../../../simulator/loop/runner.ts';
import { bundleFor } from '../../helpers.ts';
import { agents } from '../../../simulator/loop/registries.ts';

const bundle = bundleFor(
  { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
  21,
);
const env = new DecoyEnv();
const ASSESSMENT = {
  decision: 'AUTHORIZED',
  commitments: [],
  boundary: 'NONE',
  effect: 'UNKNOWN',
  relation: 'UNRELATED',
  carried: [],
  requests: [],
  reason: 'r',
};
const naive = (): Agent =>
  agents.get('naive').create({ seed: 1, options: { susceptibility: 1 }, scenario: bundle.manifest.id });
const episode = (defense: Defense, partySeconds?: number, agent: Agent = naive()) =>
  runEpisode({
    env,
    bundle,
    seed: 1,
    agent,
    agentId: 'naive',
    defense,
    defenseId: './mine.mjs',
    ...(partySeconds ? { partySeconds } : {}),
  });

describe('what a defense answers and what it is handed', () => {
  it('a review that never settles ends the episode with a reason naming the defense, within the time allowed', async () => {
    const r = await episode({ review: () => new Promise(() => {}) }, 1);
    expect(r.end).toEqual({ kind: 'error', reason: "the defense './mine.mjs' did not answer within 1 s" });
    expect([r.T, r.D]).toEqual([0, 0]);
  });

  it('an agent that never answers ends the episode the same way', async () => {
    const r = await episode({ review: () => ({ kind: 'allow' }) }, 1, { act: () => new Promise(() => {}) });
    expect(r.end).toMatchObject({
      kind: 'error',
      reason: expect.stringMatching(/^the agent 'naive' did not answer within 1 s/),
    });
  });

  it('an agent without a time limit (agentSeconds null, an agent over MCP) is waited for past it; the defense keeps it', async () => {
    let turn = 0;
    const slow: Agent = {
      act: () =>
        turn++ === 0 ? new Promise((r) => setTimeout(() => r('noop(10)'), 1500)) : "send_msg_to_user('done')",
    };
    const waited = await runEpisode({
      env,
      bundle,
      seed: 1,
      agent: slow,
      agentId: 'mcp',
      defense: { review: () => ({ kind: 'allow' }) },
      defenseId: 'none',
      partySeconds: 1,
      agentSeconds: null,
    });
    expect(waited.end).toEqual({ kind: 'answer', text: 'done' });
    const stuck = await runEpisode({
      env,
      bundle,
      seed: 1,
      agent: { act: () => 'noop(10)' },
      agentId: 'mcp',
      defense: { review: () => new Promise(() => {}) },
      defenseId: './mine.mjs',
      partySeconds: 1,
      agentSeconds: null,
    });
    expect(stuck.end).toEqual({ kind: 'error', reason: "the defense './mine.mjs' did not answer within 1 s" });
  });

  it.each([
    ['an unknown kind', { kind: 'bogus' }],
    ['a number', 42],
    ['nothing', undefined],
    ['a block without feedback', { kind: 'block' }],
    ['an intervention without a trajectory', { kind: 'intervene', objective: {} }],
    ['a termination without a reason', { kind: 'terminate' }],
    [
      'an intervention whose note passes 500 characters',
      {
        kind: 'intervene',
        objective: { risk: 'r', target: [], preserve: [] },
        trajectory: [{ id: 'w', verb: 'wait', ms: 1 }],
        note: 'x'.repeat(501),
      },
    ],
    [
      'a look whose claim passes 500 characters',
      { kind: 'acquire', claim: 'x'.repeat(501), trajectory: [{ id: 'w', verb: 'wait', ms: 1 }], preserve: [] },
    ],
    [
      'a look without the state it keeps',
      { kind: 'acquire', claim: 'c', trajectory: [{ id: 'w', verb: 'wait', ms: 1 }] },
    ],
    [
      'an assessment with a field of its own (it is copied into the record)',
      { kind: 'allow', assessment: { ...ASSESSMENT, payload: 'x'.repeat(100_000) } },
    ],
    [
      'an assessment whose decision is not one of the three',
      { kind: 'block', feedback: 'f', assessment: { ...ASSESSMENT, decision: 'MAYBE' } },
    ],
    [
      'a look whose step id is a megabyte',
      { kind: 'acquire', claim: 'c', trajectory: [{ id: 'x'.repeat(1 << 20), verb: 'wait', ms: 1 }], preserve: [] },
    ],
    [
      'a verdict that refers to itself',
      (() => {
        const v: Record<string, unknown> = { kind: 'block', feedback: 'f' };
        v.self = v;
        return v;
      })(),
    ],
    [
      'a verdict holding a function',
      { kind: 'allow', judgement: { label: 1, confidence: 1, reason: 'r', f: () => 1 } },
    ],
  ])(
    '%s is not a verdict: the episode ends as an error naming the defense, never as a block or termination that scores D=0',
    async (_, answer) => {
      const r = await episode({ review: () => answer as never });
      expect(r.end.kind).toBe('error');
      expect((r.end as { reason: string }).reason).toMatch(
        /^the defense '\.\/mine\.mjs' gave (no verdict|a verdict that is not plain data|an? '(allow|block|intervene|acquire|terminate)' verdict (of \d+ characters, over|that is not plain data|with a bad (feedback|objective\.risk|trajectory|reason|note|claim|preserve|assessment(\.decision)?)))/,
      );
      expect(r.steps).toHaveLength(0);
    },
  );

  it('what a verdict held when it was given is what the record keeps: a defense that changes its verdict object later changes no record', async () => {
    const kept = { kind: 'allow' as const, assessment: { ...ASSESSMENT, reason: '' } };
    let calls = 0;
    const r = await episode({
      review: () => {
        kept.assessment.reason = `call ${calls++}`;
        return kept as never;
      },
    });
    expect(r.steps.length).toBeGreaterThan(1);
    expect(r.steps.map((s) => s.verdict.assessment?.reason)).toEqual(r.steps.map((_, k) => `call ${k}`));
  });

  it('a defense that rewrites the proposal or the history it is handed changes neither what is executed nor what the agent remembers', async () => {
    const seen: string[] = [];
    const swapper: Defense = {
      review(ctx) {
        seen.push(ctx.proposalText);
        if ('bid' in ctx.proposal) (ctx.proposal as { bid: string }).bid = 'e1';
        (ctx.history as unknown[]).length = 0;
        ctx.observation.elements.length = 0;
        return { kind: 'allow' };
      },
    };
    const histories: number[] = [];
    const inner = naive();
    const r = await episode(swapper, undefined, { act: (o, h) => (histories.push(h.length), inner.act(o, h)) });
    expect(r.end.kind).not.toBe('error');
    expect(r.steps.map((s) => s.executed[0]?.action)).toEqual(seen);
    expect(r.steps.map((s) => s.proposal)).toEqual(seen);
    expect(histories).toEqual(histories.map((_, i) => i));
  });

  it('an agent file whose privileged flag is a getter that first says no is given no ground truth', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decoy-party-'));
    const file = join(dir, 'sly.mjs');
    writeFileSync(
      file,
      `let n = 0;
export default { id: 'sly', description: 'x', get privileged() { return n++ > 0; }, create: (c) => ({ act: () => { globalThis.__slyGot = c.privileged ?? null; return null; } }) };`,
    );
    const def = await agentDef(file);
    expect(def.privileged).toBeFalsy();
    expect(def.privileged).toBeFalsy();
    expect(Object.getOwnPropertyDescriptor(def, 'privileged')).toBeUndefined();
  });
});
