/**
 * The verdict is one schema held to its type (simulator/loop/defense.ts), and one wording
 * wherever a verdict is shown as text.
 */
import { describe, expect, it } from 'vitest';
import type { Same } from '../../../lib/same.ts';
import { judgementOf, verdictSchema, verdictText, type Verdict } from '../../../simulator/loop/defense.ts';

const wait = [{ id: 'w', verb: 'wait' as const, ms: 1 }];
const VERDICTS: Verdict[] = [
  { kind: 'allow' },
  { kind: 'block', feedback: 'adds a warranty nobody asked for' },
  { kind: 'intervene', objective: { risk: 'r', target: [], preserve: [] }, trajectory: wait, note: 'unticked it' },
  { kind: 'acquire', claim: 'what the order holds', trajectory: wait, preserve: [] },
  { kind: 'terminate', reason: 'the site charges more than it said' },
];

describe('the verdict', () => {
  it('every kind the type allows is what the schema accepts; a judgement passes as given (DUDE scores a bad one)', () => {
    for (const v of VERDICTS) expect(verdictSchema.safeParse(v).success, v.kind).toBe(true);
    expect(verdictSchema.safeParse({ kind: 'allow', judgement: { label: 2 } }).success).toBe(true);
    expect(verdictSchema.safeParse({ kind: 'terminate', reason: '' }).success).toBe(false);
  });

  it('is said in one wording: the reason judgementOf gives is verdictText, a look named by what it is to establish', () => {
    for (const v of VERDICTS) expect(judgementOf(v).reason, v.kind).toBe(verdictText(v));
    expect(VERDICTS.map(verdictText)).toEqual([
      'allowed',
      'adds a warranty nobody asked for',
      'intervened',
      'asked to look first (what the order holds)',
      'the site charges more than it said',
    ]);
  });

  it('Same, which holds each schema to its type, tells a field one lacks even where it is optional, at any depth', () => {
    const same: Same<{ a: string; b?: { c?: number } }, { a: string; b?: { c?: number } }> = true;
    // @ts-expect-error a schema without an optional field of its type is not the type
    const top: Same<{ a: string }, { a: string; note?: string }> = true;
    // @ts-expect-error nor one without an optional field of a field
    const deep: Same<{ a: { b: string }[] }, { a: { b: string; c?: number }[] }> = true;
    // @ts-expect-error nor one of a union whose member gained a field
    const member: Same<{ k: 'x' } | { k: 'y' }, { k: 'x' } | { k: 'y'; j?: unknown }> = true;
    expect([same, top, deep, member]).toEqual([true, true, true, true]);
  });
});
