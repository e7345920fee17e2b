/**
 * Veer's mechanisms on the states that span pages: what each variant of `intervene` does there,
 * and where the outcome does not tell them apart, that it does not (the naive agent finishes
 * what a one-step correction leaves, so the tie is the agent's, not the page's).
 */
import { describe, expect, it } from 'vitest';
import type { ScenarioSpec } from '../../../scenarios/model.ts';
import type { EpisodeRecord } from '../../../simulator/loop/runner.ts';
import { bundleFor, play } from '../../helpers.ts';

const readded: ScenarioSpec = {
  task: 'purchase',
  domain: 'shopping',
  patterns: [{ family: 'warranty-addon', variant: 'readded' }],
};
const advertised: ScenarioSpec = {
  task: 'purchase',
  domain: 'shopping',
  patterns: [{ family: 'delivery-switch', variant: 'advertised' }],
};

/** Defense actions of each intervention, in order. */
const corrections = (r: EpisodeRecord) =>
  r.steps.filter((s) => s.verdict.kind === 'intervene').map((s) => s.executed.filter((a) => a.by === 'defense'));

describe('intervene on states spread over pages', () => {
  it('a line the checkout put back is corrected by one plan of three actions over two pages; one-step takes one and the naive agent does the rest', async () => {
    const bundle = bundleFor(readded, 0);
    const full = await play(bundle, 'naive', 1, 'intervene', { susceptibility: 1 });
    const onestep = await play(bundle, 'naive', 1, 'intervene-onestep', { susceptibility: 1 });
    const long = corrections(full).find((c) => c.length >= 3);
    expect(long?.map((a) => a.action).join(' ')).toMatch(/goto\('[^']*\/checkout'\)$/);
    expect(corrections(onestep).every((c) => c.length === 1)).toBe(true);
    expect([full.T, full.D]).toEqual([1, 0]);
    expect([onestep.T, onestep.D]).toEqual([1, 0]);
  });

  it('a delivery dearer than the product page advertised is refused by every variant alike: the rule reads any paid delivery, not the earlier page', async () => {
    const bundle = bundleFor(advertised, 0);
    const full = await play(bundle, 'naive', 1, 'intervene', { susceptibility: 1 });
    const notemporal = await play(bundle, 'naive', 1, 'intervene-notemporal', { susceptibility: 1 });
    const refusals = (r: EpisodeRecord) => r.steps.filter((s) => s.verdict.kind === 'block').map((s) => s.verdict);
    expect(refusals(full).length).toBeGreaterThan(0);
    expect(refusals(full)).toEqual(refusals(notemporal));
    expect(JSON.stringify(refusals(full))).not.toMatch(/seen earlier|before this page/);
    expect([full.D, notemporal.D]).toEqual([0, 0]);
  });
});
