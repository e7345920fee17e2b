import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as defense from 'decoy/defense';
import * as harness from 'decoy/harness';
import * as fuzzFace from 'decoy/fuzz';
import { projectRoot } from '../lib/root.ts';

const ROOT = projectRoot();
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> };
const TSC = join(ROOT, 'node_modules', 'typescript', 'lib', 'tsc.js');

/**
 * A project of an author's own, as `tsc --init` starts one but for ES2022 and no `lib` of its
 * own: decoy's sources are checked under these settings, not decoy's tsconfig (which includes
 * shims and ES2023 libs an installed package's reader never sees). Imports of `.ts` files are
 * allowed, as decoy is installed as its TypeScript sources.
 */
const OUTSIDE_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
  },
  files: ['block-accept-all.ts', 'main.ts'],
};

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

/** Whether the definition at `lines[at]` has a doc comment ending right above it. */
const documented = (lines: readonly string[], at: number) => /\*\/\s*$/.test(lines[at - 1] ?? '');

describe("the package's faces", () => {
  it('decoy/defense, decoy/harness and decoy/fuzz resolve by the package name, as an author imports them', () => {
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['./defense', './harness', './fuzz']));
    for (const f of ['scenario', 'fuzz', 'judgeCase', 'expectNoFailure', 'regressions'])
      expect(typeof (fuzzFace as Record<string, unknown>)[f], f).toBe('function');
    for (const f of [
      'targetOf',
      'parseAction',
      'formatAction',
      'scopeOf',
      'isAimed',
      'priceIn',
      'card',
      'salience',
      'byLocator',
    ])
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

  it('every name decoy/defense exports has TSDoc where it is defined, and so has every member of an interface it exports', () => {
    const bare = reexports(pkg.exports['./defense'] as string).flatMap(({ name, from }) => {
      const lines = readFileSync(join(ROOT, from), 'utf8').split('\n');
      const at = lines.findIndex((l) =>
        new RegExp(`^export (?:declare )?(?:interface|type|function|async function|const|class|let) ${name}\\b`).test(
          l,
        ),
      );
      if (at < 0) return [`${name} (${from}: no definition found)`];
      const out = documented(lines, at) ? [] : [`${name} (${from})`];
      if (!/^export interface /.test(lines[at] as string)) return out;
      // A member is a line at the interface's first indent; its own TSDoc ends on the line above.
      for (let i = at + 1; i < lines.length && lines[i] !== '}'; i++) {
        const member = /^ {2}(?:readonly )?([A-Za-z_$][\w$]*)\??[:(]/.exec(lines[i] as string)?.[1];
        if (member && !documented(lines, i)) out.push(`${name}.${member} (${from})`);
      }
      return out;
    });
    expect(bare).toEqual([]);
  });

  it('type-check in a project outside the checkout, with its own strict tsconfig: decoy linked into its node_modules, its faces imported', () => {
    const own = mkdtempSync(join(tmpdir(), 'decoy-outside-'));
    try {
      mkdirSync(join(own, 'node_modules'));
      // As `npm install <path to decoy>` links it: decoy's files are read where they are, with its own dependencies.
      symlinkSync(ROOT, join(own, 'node_modules', 'decoy'), 'dir');
      writeFileSync(join(own, 'package.json'), JSON.stringify({ name: 'outside', private: true, type: 'module' }));
      writeFileSync(join(own, 'tsconfig.json'), JSON.stringify(OUTSIDE_TSCONFIG));
      writeFileSync(join(own, 'block-accept-all.ts'), readFileSync(join(ROOT, 'examples', 'block-accept-all.ts')));
      writeFileSync(
        join(own, 'main.ts'),
        [
          "import * as defense from 'decoy/defense';",
          "import { isAimed, scopeOf, type DefenseDef, type Llm } from 'decoy/defense';",
          "import { catalogue, executeRun, type RunOptions } from 'decoy/harness';",
          "import { expectNoFailure, regressions, scenario, type FuzzCase } from 'decoy/fuzz';",
          "import blockAcceptAll from './block-accept-all.ts';",
          'export const used: unknown[] = [defense.parseAction, catalogue, executeRun, blockAcceptAll.create, regressions];',
          "export const cases = scenario({ families: ['cookie-trap'] });",
          "export const check = (c: FuzzCase) => expectNoFailure(c, { agent: 'naive', defense: blockAcceptAll }, { kinds: ['let-through'] });",
          'export type Options = RunOptions;',
          'export const pageOnly: DefenseDef = {',
          "  id: 'page-only',",
          "  description: 'Allows a proposal aimed at the page or ending the episode; ends the episode at any other.',",
          '  create: ({ llm }: { llm?: Llm }) => ({',
          '    review: ({ proposal }) =>',
          "      isAimed(proposal) || scopeOf(proposal) === 'end' || llm",
          "        ? { kind: 'allow' }",
          "        : { kind: 'terminate', reason: 'not aimed' },",
          '  }),',
          '};',
          '',
        ].join('\n'),
      );
      const r = spawnSync(process.execPath, [TSC, '-p', own], { cwd: own, encoding: 'utf8' });
      expect(r.stdout + r.stderr).toBe('');
      expect(r.status).toBe(0);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 180_000);

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
