import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../lib/root.ts';
import { families, suites } from '../../scenarios/index.ts';
import { bundlesDigest, contentSources, generateSuite, suiteDigest } from '../../generator/bundle.ts';
import { scenarioId } from '../../generator/compose.ts';
import type { Pool } from '../../scenarios/phrasing.ts';
import { historyBreaks, recordedIn, revisionsOf, type Recorded } from './suite-history.ts';

const published = suites.all();

describe('suite versions', () => {
  it.each(published.map((s) => [s.id, s] as const))(
    '%s: its bundles at the digest seeds, its families’ phrasings and the content pools hash to the digest it records under its version, so a change to what it generates cannot keep the version',
    (id, suite) => {
      const now = suiteDigest(suite);
      if (suite.digest === undefined)
        expect.fail(`suite ${id} records no digest: in scenarios/suites/${id}.ts set digest: '${now}'`);
      if (now !== suite.digest) {
        const committed = revisionsOf(`scenarios/suites/${id}.ts`).some((r) => {
          const then = recordedIn(r.text);
          return typeof then !== 'string' && then.version === suite.version;
        });
        // The ids carry the version, so the next version's digest is taken under it.
        const next = suiteDigest({ ...suite, version: suite.version + 1 });
        expect.fail(
          committed
            ? `suite ${id} v${suite.version} generates other bundles than it records (digest ${now}, recorded ${suite.digest}). ` +
                `A changed suite changes results: in scenarios/suites/${id}.ts set version: ${suite.version + 1} and digest: '${next}', add '${suite.digest}' to released, and say so in docs/suites.md.`
            : `suite ${id} v${suite.version} generates other bundles than it records (digest ${now}, recorded ${suite.digest}); version ${suite.version} is not committed yet, so in scenarios/suites/${id}.ts set digest: '${now}'.`,
        );
      }
    },
    120_000,
  );

  it.each(published.map((s) => [s.id, s] as const))(
    '%s: released holds one digest for each earlier version, none of them the current one, and no committed revision of the suite file since the rule began gave a version another digest',
    (id, suite) => {
      const released = [...(suite.released ?? [])];
      expect(released.length, `${id}: released lists versions 1 to ${suite.version - 1}`).toBe(suite.version - 1);
      expect(new Set([...released, suite.digest]).size, `${id}: a version repeats another's sites`).toBe(suite.version);
      const path = `scenarios/suites/${id}.ts`;
      // What the file's text says must be what the registry loaded: a second copy in a comment is not read.
      expect(recordedIn(readFileSync(packagePath(path), 'utf8'))).toEqual({
        version: suite.version,
        digest: suite.digest,
        released,
      });
      const now = { version: suite.version, digest: suite.digest ?? '', released };
      expect(historyBreaks(id, now, revisionsOf(path))).toEqual([]);
    },
  );

  it('the history rule catches a digest recorded again under a committed version, a released digest rewritten, and a version taken back', () => {
    const file = (version: number, digest: string, released: string[]) =>
      `  version: ${version},\n  digest: '${digest}',\n  released: [${released.map((d) => `'${d}'`).join(', ')}],`;
    const now = recordedIn(file(2, 'bbbb', ['aaaa'])) as Recorded;
    const rev = (text: string) => ({ commit: 'c0ffee0000', text });
    expect(historyBreaks('s', now, [rev(file(2, 'bbbb', ['aaaa'])), rev(file(1, 'aaaa', []))])).toEqual([]);
    expect(historyBreaks('s', now, [rev(file(2, 'cccc', ['aaaa']))])).toHaveLength(1);
    expect(historyBreaks('s', now, [rev(file(1, 'dddd', []))])).toHaveLength(1);
    expect(historyBreaks('s', now, [rev(file(2, 'bbbb', ['eeee']))])).toHaveLength(1);
    expect(historyBreaks('s', now, [rev(file(3, 'ffff', ['aaaa', 'bbbb']))])).not.toEqual([]);
    // A revision that drops released, or holds a field twice at the suite's indent, is a break of its own; a comment is not read.
    expect(historyBreaks('s', now, [rev("  version: 2,\n  digest: 'bbbb',")])).toHaveLength(1);
    expect(historyBreaks('s', now, [rev(`${file(2, 'cccc', ['aaaa'])}\n  version: 2,`)])).toHaveLength(1);
    expect(
      recordedIn(`// version: 2, digest: 'bbbb', released: ['aaaa'],\n${file(2, 'cccc', ['aaaa'])}`),
    ).toMatchObject({
      digest: 'cccc',
    });
  });

  it('every published suite has a positive whole version, and its scenario ids carry it', () => {
    for (const s of published) {
      expect(Number.isInteger(s.version) && s.version > 0, s.id).toBe(true);
      const [first] = generateSuite({ ...s, scenarios: () => s.scenarios().slice(0, 1) }, 3);
      expect(first?.manifest.id.startsWith(`${s.id}.v${s.version}.`), first?.manifest.id).toBe(true);
    }
  });

  it('a suite of another version names every configuration differently, so no result of one is read as the other', () => {
    const s = suites.get('demo');
    const ids = (v: number) => new Set(s.scenarios().map((spec) => scenarioId({ id: s.id, version: v }, spec, 7)));
    const [one, two] = [ids(s.version), ids(s.version + 1)];
    expect(one.size).toBe(s.scenarios().length);
    expect([...one].filter((id) => two.has(id))).toEqual([]);
  });

  it('the digest sees a change anywhere in a bundle: its manifest, one byte of a file, a file more', () => {
    const s = suites.get('demo');
    const made = generateSuite(s, 0);
    const base = bundlesDigest(made);
    const [first, ...rest] = made;
    if (!first) throw new Error('demo is empty');
    const html = first.files['index.html'] ?? '';
    const changed = [
      { ...first, manifest: { ...first.manifest, budget: first.manifest.budget + 1 } },
      {
        ...first,
        files: {
          ...first.files,
          'index.html': html.slice(0, -1) + String.fromCharCode(html.charCodeAt(html.length - 1) ^ 1),
        },
      },
      { ...first, files: { ...first.files, 'more.css': '' } },
    ];
    for (const c of changed) expect(bundlesDigest([c, ...rest])).not.toBe(base);
    expect(bundlesDigest([...rest, first])).not.toBe(base);
    // A picture is its recipe (its bytes are a pure function of it): a picture more, or one painted otherwise, is another bundle.
    const at = made.findIndex((b) => Object.keys(b.pictures).length > 0);
    const pictured = made[at];
    if (!pictured) throw new Error('demo shows no picture');
    const [path, job] = Object.entries(pictured.pictures)[0]!;
    const swap = (pictures: typeof pictured.pictures) => made.map((b, i) => (i === at ? { ...b, pictures } : b));
    expect(bundlesDigest(swap({ ...pictured.pictures, [path]: { ...job, quality: job.quality - 1 } }))).not.toBe(base);
    expect(bundlesDigest(swap({ ...pictured.pictures, 'img/more.webp': job }))).not.toBe(base);
    expect(bundlesDigest(swap({ ...pictured.pictures }))).toBe(base);
    expect(bundlesDigest(made, { more: 1 })).not.toBe(base);
  });

  it('a change to a content pool a task draws from changes the digest of every suite', () => {
    const sources = contentSources();
    expect(sources.map(([f]) => f)).toContain('products.ts');
    const renamed = sources.map(([f, text]): [string, string] => [
      f,
      f === 'products.ts' ? text.replace('Orbit Coffee Grinder', 'Orbit Coffee Mill') : text,
    ]);
    expect(renamed).not.toEqual(sources);
    for (const id of ['demo', 'controls'])
      expect(suiteDigest(suites.get(id), renamed)).not.toBe(suiteDigest(suites.get(id)));
  });

  it('a phrasing that neither digest seed draws (a held-out one) still changes the digest of every suite whose families hold it', () => {
    const family = families.get('cookie-trap');
    const [slot, pool] = Object.entries(family.texts)[0] as [string, Pool<unknown>];
    const demo = suites.get('demo');
    const before = suiteDigest(demo);
    const texts = family.texts as Record<string, Pool<unknown>>;
    texts[slot] = { ...pool, heldout: [...pool.heldout.slice(0, -1), `${String(pool.heldout.at(-1))} (edited)`] };
    try {
      expect(suiteDigest(demo)).not.toBe(before);
    } finally {
      texts[slot] = pool;
    }
    expect(suiteDigest(demo)).toBe(before);
  });
});
