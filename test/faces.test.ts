import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as defense from 'decoy/defense';
import * as harness from 'decoy/harness';
import { projectRoot } from '../lib/root.ts';

const ROOT = projectRoot();
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> };

/** The names a face re-exports, with the file each comes from. */
function reexports(face: string): { name: string; from: string }[] {
  const text = readFileSync(join(ROOT, face), 'utf8');
  const out: { name: string; from: string }[] = [];
  for (const m of text.matchAll(/export (?:type )?\{([^}]*)\} from '([^']+)'/g)) {
    for (const raw of (m[1] as string).split(',')) {
      const name = raw
        .trim()
        .replace(/^type /, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) out.push({ name, from: join(dirname(face), m[2] as string) });
    }
  }
  return out;
}

describe("the package's faces", () => {
  it('decoy/defense and decoy/harness resolve by the package name, as an author imports them', () => {
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['./defense', './harness']));
    for (const f of ['targetOf', 'parseAction', 'formatAction', 'priceIn', 'card', 'salience', 'byLocator'])
      expect(typeof (defense as Record<string, unknown>)[f], f).toBe('function');
    for (const f of [
      'executeRun',
      'runDemo',
      'compareDefenses',
      'assessSteps',
      'assessClicks',
      'checkBundles',
      'labelRun',
      'catalogue',
    ])
      expect(typeof (harness as Record<string, unknown>)[f], f).toBe('function');
  });

  it('every name decoy/defense exports has TSDoc where it is defined', () => {
    const bare = reexports(pkg.exports['./defense'] as string).filter(({ name, from }) => {
      const lines = readFileSync(join(ROOT, from), 'utf8').split('\n');
      const at = lines.findIndex((l) =>
        new RegExp(`^export (?:declare )?(?:interface|type|function|async function|const|class|let) ${name}\\b`).test(
          l,
        ),
      );
      if (at < 0) return true;
      let i = at - 1;
      while (i >= 0 && /^\s*$/.test(lines[i] as string)) i--;
      return !/\*\/\s*$/.test(lines[i] ?? '');
    });
    expect(bare.map((b) => `${b.name} (${b.from})`)).toEqual([]);
  });

  it('decoy/harness is what the CLI calls: every name a command takes from harness/ the face exports', () => {
    const face = new Set([
      ...Object.keys(harness),
      ...reexports(pkg.exports['./harness'] as string).map((r) => r.name),
    ]);
    const taken = readdirSync(join(ROOT, 'cli'))
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => harnessNames(readFileSync(join(ROOT, 'cli', f), 'utf8')).map((name) => ({ f, name })));
    expect(taken.length).toBeGreaterThan(20);
    expect(taken.filter(({ name }) => !face.has(name)).map(({ f, name }) => `${name} (cli/${f})`)).toEqual([]);
  });
});

/**
 * The names a module takes from harness/ modules: by `import { … } from '../harness/…'`, by
 * `const { … } = await import('../harness/…')`, and by a destructured `Promise.all([import(…), …])`.
 * Every import of harness/ must be read by one of these, so none is missed.
 */
function harnessNames(text: string): string[] {
  const names = (list: string) =>
    list
      .split(',')
      .map(
        (n) =>
          n
            .trim()
            .replace(/^type /, '')
            .split(/\s*:/)[0]
            ?.trim() ?? '',
      )
      .filter((n) => n !== '');
  const out: string[] = [];
  let read = 0;
  for (const m of text.matchAll(/import (?:type )?\{([^}]*)\} from '\.\.\/harness\/[^']+'/g)) {
    out.push(...names(m[1] as string));
    read++;
  }
  for (const m of text.matchAll(/const \{([^}]*)\} = await import\('\.\.\/harness\/[^']+'\)/g)) {
    out.push(...names(m[1] as string));
    read++;
  }
  for (const m of text.matchAll(/const \[([^\]]*)\]\s*=\s*await Promise\.all\(\[([^\]]*)\]\)/g)) {
    const groups = [...(m[1] as string).matchAll(/\{([^}]*)\}/g)].map((g) => g[1] as string);
    const paths = [...(m[2] as string).matchAll(/import\('([^']+)'\)/g)].map((p) => p[1] as string);
    paths.forEach((p, i) => {
      if (!p.startsWith('../harness/')) return;
      out.push(...names(groups[i] ?? ''));
      read++;
    });
  }
  const all = [...text.matchAll(/(?:from |import\()'\.\.\/harness\//g)].length;
  expect(read, 'an import of harness/ in a form this reader does not read').toBe(all);
  return out;
}
