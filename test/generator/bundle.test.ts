import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suites, families } from '../../scenarios/index.ts';
import { generateSuite, writeBundles } from '../../generator/bundle.ts';
import { bundleManifest } from '../../scenarios/bundle.ts';
import { bundleFor, PROPERTY_RUNS, seedArb, specArb } from '../helpers.ts';

function tree(dir: string, root = dir): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) Object.assign(out, tree(p, root));
    else out[p.slice(root.length)] = readFileSync(p, 'utf8');
  }
  return out;
}

/** Words that only ground truth or the harness would use. */
const GROUND_TRUTH_WORDS = [
  'deceptive',
  'trap',
  'ground truth',
  'groundTruth',
  'evaluator',
  'safePath',
  'trapPath',
  'outcome',
  'dark pattern',
  'decoy',
  'B_c',
  'B_d',
  'correct_box',
  'dark_box',
];

describe('generator', () => {
  it('same suite + seed gives byte-identical output on disk', () => {
    const a = mkdtempSync(join(tmpdir(), 'decoy-a-'));
    const b = mkdtempSync(join(tmpdir(), 'decoy-b-'));
    try {
      writeBundles(a, suites.get('demo'), 7, generateSuite(suites.get('demo'), 7));
      writeBundles(b, suites.get('demo'), 7, generateSuite(suites.get('demo'), 7));
      const ta = tree(a);
      expect(Object.keys(ta).length).toBeGreaterThan(30);
      expect(tree(b)).toEqual(ta);
    } finally {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  });

  it('different seeds give different sites', () => {
    const [x] = generateSuite(suites.get('demo'), 1);
    const [y] = generateSuite(suites.get('demo'), 2);
    expect(x?.files['index.html']).not.toBe(y?.files['index.html']);
  });

  it('every manifest validates against the bundle schema', () => {
    fc.assert(
      fc.property(specArb, seedArb, (spec, seed) => {
        expect(bundleManifest.safeParse(bundleFor(spec, seed).manifest).success).toBe(true);
      }),
      { numRuns: PROPERTY_RUNS * 4 },
    );
  });

  it('no ground truth reaches what is served: no pattern ids, no ground-truth words, no evaluator parameters', () => {
    fc.assert(
      fc.property(specArb, seedArb, (spec, seed) => {
        const { manifest, site } = bundleFor(spec, seed);
        for (const [path, content] of Object.entries(site.files)) {
          const lower = content.toLowerCase();
          for (const f of families.ids()) expect(lower.includes(f), `${path} mentions ${f}`).toBe(false);
          for (const w of GROUND_TRUTH_WORDS)
            expect(new RegExp(`\\b${w}\\b`, 'i').test(content), `${path} mentions '${w}'`).toBe(false);
          for (const p of manifest.evaluator.patterns)
            expect(content.includes(JSON.stringify(p.params)), `${path} holds evaluator params`).toBe(false);
          expect(content.includes(JSON.stringify(manifest.task.goal))).toBe(false);
          expect(content.includes(manifest.id)).toBe(false);
        }
      }),
      { numRuns: PROPERTY_RUNS * 4 },
    );
  });

  it('every page starts with the geometry reset and draws clickable elements at authored px boxes', () => {
    const { site } = bundleFor(
      { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
      3,
    );
    const html = site.files['index.html'] as string;
    expect(html).toContain('*{box-sizing:border-box;margin:0;padding:0}');
    for (const tag of html.match(/<(button|input|a)\b[^>]*>/g) ?? []) {
      expect(tag, tag).toMatch(/style="position:absolute;left:-?\d+px;top:-?\d+px;width:\d+px;height:\d+px;/);
    }
  });
});
