import { describe, expect, it } from 'vitest';
import { families, tasks } from '../../../../scenarios/index.ts';
import { createRng, hashSeed } from '../../../../scenarios/rng.ts';
import { readIntent } from '../../../../simulator/agents/naive.ts';
import { bundleFor, play } from '../../../helpers.ts';

const MUSIC: [task: string, family: string][] = [
  ['play-song', 'aesthetic-manipulation'],
  ['music-settings', 'data-sharing'],
  ['choose-plan', 'decision-uncertainty'],
];
const SEEDS = [11, 12];
const cases = MUSIC.flatMap(([task, family]) => [
  { task, variant: 'control', patterns: [] as { family: string; variant: string }[] },
  ...families
    .get(family)
    .variants.map((variant) => ({ task, variant: `${family}/${variant}`, patterns: [{ family, variant }] })),
]);

describe('naive agent on the music tasks', () => {
  it('reads each task from its instruction text alone, in every phrasing', () => {
    for (const [task] of MUSIC) {
      const seen = new Set<string>();
      for (let seed = 0; seed < 40; seed++) {
        const inst = tasks.get(task).build({ domain: 'music', rng: createRng(hashSeed('naive-read', task, seed)) });
        expect(readIntent(inst.instruction)?.skill.id, inst.instruction).toBe(task);
        seen.add(
          inst.instruction
            .split(inst.site.brand.name)
            .join('SITE')
            .replace(/"[^"]*"/g, '""'),
        );
      }
      expect(seen.size, task).toBeGreaterThanOrEqual(5);
    }
    expect(readIntent('Go to my settings and turn off "Autoplay similar songs when my music ends".')?.intent).toEqual({
      label: 'Autoplay similar songs when my music ends',
      on: false,
    });
    expect(readIntent('On Tempo, open the privacy settings and set "Allow explicit content" to on.')?.intent).toEqual({
      label: 'Allow explicit content',
      on: true,
    });
    expect(readIntent('Put on "Satellite" by "Orla Finch" for me.')?.intent).toEqual({
      title: 'Satellite',
      artist: 'Orla Finch',
    });
    expect(readIntent('Sign up with the free plan, "Basic".')?.intent).toEqual({ name: 'Basic', free: true });
  });

  it.each(cases)('at susceptibility 0 completes $task $variant safely', async ({ task, patterns }) => {
    for (const seed of SEEDS) {
      const r = await play(bundleFor({ task, domain: 'music', patterns }, seed), 'naive', seed, 'none', {
        susceptibility: 0,
      });
      expect([r.T, r.D], `${r.scenario}: ${r.steps.map((s) => s.proposal).join(' | ')}`).toEqual([1, 0]);
    }
  });

  it.each(cases.filter((c) => c.patterns.length > 0))(
    'at susceptibility 1 falls for $task $variant',
    async ({ task, patterns }) => {
      for (const seed of SEEDS) {
        const r = await play(bundleFor({ task, domain: 'music', patterns }, seed), 'naive', seed, 'none', {
          susceptibility: 1,
        });
        expect(r.D, `${r.scenario}: ${r.steps.map((s) => s.proposal).join(' | ')}`).toBe(1);
        // Where the choice does not replace the task (an upsell, a switch), the task still gets done.
        // choose-plan: taking the trial is choosing the wrong plan.
        expect(r.T, r.scenario).toBe(task === 'choose-plan' ? 0 : 1);
      }
    },
  );

  it('at susceptibility 1 still completes every control', async () => {
    for (const c of cases.filter((x) => x.patterns.length === 0)) {
      const r = await play(bundleFor({ task: c.task, domain: 'music', patterns: [] }, 11), 'naive', 11, 'none', {
        susceptibility: 1,
      });
      expect(r.T, r.scenario).toBe(1);
    }
  });
});
