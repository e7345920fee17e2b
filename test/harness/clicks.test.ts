import { describe, expect, it } from 'vitest';
import { generateClicks, quotas, resize } from '../../harness/clicks.ts';
import { selectSuite } from '../../harness/select.ts';
import { UserError } from '../../lib/errors.ts';

const ruc = selectSuite('ruc');
const spec = ruc.clicks!;

describe('click sets of any size', () => {
  it('a small set (--normal 3 --deceptive 5) covers several categories and leaves no split empty', async () => {
    const { samples } = await generateClicks(ruc, 7, resize(spec, 3, 5));
    expect(samples.filter((s) => s.category === 'normal')).toHaveLength(3);
    const deceptive = samples.filter((s) => s.category !== 'normal');
    expect(deceptive).toHaveLength(5);
    expect(new Set(deceptive.map((s) => s.category)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(samples.map((s) => s.split))).toEqual(new Set(['train', 'valid', 'test']));
  });

  it('with the held-out phrasings, the same samples come from bundles generated from the held-out half', async () => {
    const standard = await generateClicks(ruc, 7, resize(spec, 2, 3));
    const held = await generateClicks(ruc, 7, resize(spec, 2, 3), undefined, 'heldout');
    expect(held.samples.map((s) => s.id)).toEqual(standard.samples.map((s) => s.id));
    for (const b of held.bundles) expect(b.manifest.phrasings).toBe('heldout');
    const deceptive = held.bundles.filter((b) => b.manifest.patterns.length > 0);
    expect(
      deceptive.some(
        (b) =>
          b.files['index.html'] !== standard.bundles.find((o) => o.manifest.id === b.manifest.id)?.files['index.html'],
      ),
    ).toBe(true);
  });

  it('quotas the suite cannot give are refused before any work', () => {
    expect(() => quotas(ruc, resize(spec, 0, 0))).toThrow(UserError);
    expect(() => quotas(ruc, resize(spec, 0, 0))).toThrow(/nothing to generate/);
    expect(() => quotas(ruc, resize(spec, undefined, 100_000))).toThrow(
      /can give at most \d+ deceptive samples in \w+, not \d+/,
    );
    // Fewer samples than splits would leave a split empty; three fill all three.
    expect(() => quotas(ruc, resize(spec, 0, 2))).toThrow(/2 samples cannot fill its 3 splits/);
    expect(() => quotas(ruc, resize(spec, 1, 0))).toThrow(/1 sample cannot fill its 3 splits/);
    expect(() => quotas(ruc, resize(spec, 0, 3))).not.toThrow();
  });

  it("the default quotas are the suite's sizes, spread over every category of each domain", () => {
    const q = quotas(ruc, spec);
    expect([...q.values()].reduce((a, b) => a + b, 0)).toBe(910 + 497);
    for (const [domain, n] of Object.entries(spec.deceptive)) {
      const mine = [...q]
        .filter(([k]) => k.startsWith(`${domain}\u0000`) && !k.endsWith('\u0000normal'))
        .map(([, v]) => v);
      expect(mine.reduce((a, b) => a + b, 0)).toBe(n);
      expect(Math.max(...mine) - Math.min(...mine)).toBeLessThanOrEqual(1);
    }
  });
});
