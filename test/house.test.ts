import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/root.ts';
import { circlesOf, definitionsOf, placesOf, reach, readModule, type Reading, type Self } from './house-reader.ts';

/**
 * The house rules (ARCHITECTURE.md): floors import only downwards and nothing beside them, the
 * simulator's rooms likewise, the loop never imports a plug-in, agents and defenses never import
 * each other nor reach the registries or the ground truth, nor name a file outside their side's
 * folder, a private folder (`_x/`) is its parent folder's, no import circle anywhere, a module
 * loaded by a computed path is one listed here, and only cli/main.ts chooses an exit code.
 */

const ROOT = projectRoot();
const FLOORS = ['lib', 'scenarios', 'generator', 'simulator', 'harness', 'cli', 'bin'] as const;
/** The simulator's rooms, lowest first (the LLM transport below the loop that hands it out); the plug-ins sit beside measurement, above the loop. */
const ROOMS = ['page', 'llm', 'loop', 'measure'] as const;
const PLUG_INS = ['agents', 'defenses'] as const;
const REGISTRIES = 'simulator/loop/registries.ts';
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; exports: unknown };
const SELF: Self = { name: pkg.name, exports: pkg.exports };

/**
 * What a plug-in may import from scenarios/: modules that hold no ground truth. The families,
 * tasks and suites, their registries, the composer and the evaluator say what is deceptive;
 * the oracle is given that by its create context, never by an import.
 */
const PLUG_IN_SCENARIOS: Record<string, string> = {
  'scenarios/model.ts': "the model's types (a step, a locator, an expectation) and its fixed vocabularies",
  'scenarios/rng.ts': 'the seeded PRNG',
  'scenarios/contract.ts': 'what the page itself carries: the viewport, its data-* attributes, money',
  'scenarios/registry.ts': 'the folder loader; the folder a plug-in loads is an import these rules check',
};

/** Every load of a computed path, with why it cannot be a literal: no rule can see where one goes. */
const COMPUTED: Record<string, string> = {
  'bin/decoy.mjs: import(main)': 'the entry of the precompiled build, wherever it was built',
  'scenarios/registry.ts: import(pathToFileURL(join(dir, file)).href)': 'a registry loads every file of its folder',
  'simulator/loop/resolve.ts: tsImport(pathToFileURL(abs).href)': "the user's --agent or --defense file",
  'simulator/page/engine/page-clock.ts: require(`jsdom/lib/jsdom/living/${file}`)':
    "jsdom's own implementation files, named in the clock's table of what it schedules",
  "simulator/page/sandbox/process.ts: import(pathToFileURL(packagePath('bin', 'build.mjs')).href)":
    'the build script, which the precompiled build does not hold, from the package root; it is in bin/, a floor above',
};

/** Where the process is ended or its exit code set other than in cli/main.ts, with why: none of them chooses the code. */
const EXITS: Record<string, string> = {
  'bin/decoy.mjs': 'the entry: sets the code main() returned',
  'simulator/page/sandbox/child.ts':
    "the engine's child process ends itself when its parent's channel closes: its own end, not decoy's exit code",
};
const EXIT = /\bprocess\.exit(?:Code)?\b/;

function sources(): string[] {
  const out: string[] = [];
  for (const floor of FLOORS) {
    for (const f of readdirSync(join(ROOT, floor), { recursive: true, encoding: 'utf8' })) {
      if (/\.(?:ts|mjs|js)$/.test(f) && !f.endsWith('.d.ts')) out.push(join(floor, f));
    }
  }
  return out.sort();
}

const texts = new Map(sources().map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));
const readings = new Map([...texts].map(([f, text]) => [f, readModule(f, text, SELF)]));
const graph = new Map([...readings].map(([f, r]) => [f, r.imports]));

interface Edge {
  from: string;
  to: string;
}
const edgesOf = (g: ReadonlyMap<string, readonly string[]>): Edge[] =>
  [...g].flatMap(([from, tos]) => tos.map((to) => ({ from, to })));
/** A planted module's imports, as the rules see them. */
const planted = (from: string, text: string) => edgesOf(new Map([[from, readModule(from, text, SELF).imports]]));

const floorOf = (f: string) => FLOORS.indexOf(f.split('/')[0] as (typeof FLOORS)[number]);
/** A simulator file's room: a room's index, or a plug-in's name. */
function roomOf(f: string): number | (typeof PLUG_INS)[number] | null {
  const [top, room] = f.split('/');
  if (top !== 'simulator') return null;
  if ((PLUG_INS as readonly string[]).includes(room as string)) return room as (typeof PLUG_INS)[number];
  const i = ROOMS.indexOf(room as (typeof ROOMS)[number]);
  return i >= 0 ? i : -1;
}
const isPlugIn = (f: string) => typeof roomOf(f) === 'string';

/**
 * What a plug-in may not do beside importing: find decoy's own files (lib/root.ts), evaluate
 * text as code (also through a function's constructor), resolve a module by hand, reach the
 * process or the global object, read a call stack for paths, import a package but zod (a
 * loader such as tsx, or jsdom's file reader, would reach any file), or read files, except
 * where listed with the reason.
 */
const PLUG_IN_REACH =
  /\bnew Function\b|(?<![.\w])Function\s*\(|(?<![.\w])eval\s*\(|import\.meta\.resolve|\bgetBuiltinModule\b|\bpackagePath\b|\bprojectRoot\b|lib\/root\.ts|['"](?:node:)?(?:fs|fs\/promises|module|vm|child_process|worker_threads)['"]|\.\s*constructor\b|\[\s*['"`]constructor|\bprocess\b|\bglobalThis\b|\bglobal\b|\.stack\b|\brequire\b|(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](?![./]|zod['"]|node:fs['"])[^'"\n]*['"]/g;
const READS_FILES: Record<string, string> = {
  "simulator/defenses/_gate/lessons.ts: 'node:fs'":
    "reads the lessons file the user names (--defense-opt lessons=…, DUDE's Stage 2)",
};
/** Each plug-in file's reach past its imports, as `file: what`, but the listed ones. */
const reachOf = (texts: ReadonlyMap<string, string>): string[] =>
  [...texts]
    .filter(([f]) => isPlugIn(f))
    .flatMap(([f, text]) => [...text.matchAll(PLUG_IN_REACH)].map((m) => `${f}: ${m[0]}`))
    .filter((r) => !Object.hasOwn(READS_FILES, r));

/**
 * Where a plug-in may name a file: only its own side's folder (simulator/agents/ or
 * simulator/defenses/: a prompt, a folder of skills), and only as `new URL('<literal>',
 * import.meta.url)`, an import the rules above check; loadFolder only with such a URL, written
 * in the call. No other use of import.meta, no relative path resolved against another URL, and
 * loadFolder is neither renamed nor passed around: a URL built on another
 * (`new URL('agents/', new URL('..', import.meta.url))`) reaches the other side's registry past
 * every import rule.
 */
const strayingOf = (texts: ReadonlyMap<string, string>): string[] =>
  [...texts]
    .filter(([f]) => isPlugIn(f))
    .flatMap(([f, text]) =>
      placesOf(f, text, SELF)
        .filter((p) => p.kind !== 'own' || !p.to?.startsWith(`simulator/${String(roomOf(f))}/`))
        .map((p) => `${f}: ${p.text}`),
    );

/**
 * What agents and defenses both read (simulator/page/read/) reads structure, amounts and
 * geometry, never words: a regular expression there that spells a word (three letters or more
 * outside a character class) would be a word list the subject and the defense share.
 */
const REGEX_LITERAL = /(?:[=(,:!&|?]|return)\s*(\/(?![/*])(?:[^/\n\\[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+\/[dgimsuy]*)/g;
const sharedWordsOf = (texts: ReadonlyMap<string, string>): string[] =>
  [...texts]
    .filter(([f]) => f.startsWith('simulator/page/read/'))
    .flatMap(([f, text]) =>
      [...text.matchAll(REGEX_LITERAL)]
        .map((m) => m[1] as string)
        .filter((lit) => /[A-Za-z]{3,}/.test(lit.replace(/\\./g, '').replace(/\[(?:[^\]\\]|\\.)*\]/g, '')))
        .map((lit) => `${f}: ${lit}`),
    );

/** Each rule over one import: true where the import breaks it. */
const RULES = {
  backUp: ({ from, to }: Edge) => floorOf(to) > floorOf(from),
  // test/, tools/, bench/ and examples/ stand beside the floors and may import them, never the reverse;
  // a self-reference the package does not export names nothing there is.
  outside: ({ to }: Edge) => floorOf(to) < 0,
  room({ from, to }: Edge) {
    const a = roomOf(from);
    const b = roomOf(to);
    if (a === null || b === null) return false;
    // The registries find the plug-ins by loading their folders, not by importing one.
    if (from === REGISTRIES && PLUG_INS.some((p) => to === `simulator/${p}/`)) return false;
    if (typeof b === 'string') return typeof a === 'number' && a < ROOMS.indexOf('measure');
    if (typeof a === 'string') return b === ROOMS.indexOf('measure');
    return b > a;
  },
  crossing({ from, to }: Edge) {
    const a = roomOf(from);
    const b = roomOf(to);
    return typeof a === 'string' && typeof b === 'string' && a !== b;
  },
  private({ from, to }: Edge) {
    const parts = to.split('/');
    const i = parts.findIndex((p) => p.startsWith('_'));
    if (i < 0) return false;
    return !from.startsWith(parts.slice(0, i).join('/') + '/');
  },
  groundTruth: ({ from, to }: Edge) =>
    isPlugIn(from) &&
    (/^(?:generator|harness|cli|bin)\//.test(to) || (to.startsWith('scenarios/') && !(to in PLUG_IN_SCENARIOS))),
};

/** The plug-ins that reach the registries: through them a defense could call up an agent, or the reverse. */
const reachingRegistries = (g: ReadonlyMap<string, readonly string[]>) =>
  [...g.keys()].filter((f) => isPlugIn(f) && reach(g, f).has(REGISTRIES));

/** Loads of a computed path that are not listed in COMPUTED. */
const unlisted = (rs: ReadonlyMap<string, Reading>) =>
  [...rs].flatMap(([f, r]) => r.computed.map((c) => `${f}: ${c}`)).filter((c) => !(c in COMPUTED));

/** The words every defense reads, the price reader, salience, the text around an element, the clip and the quote. */
const CONCEPTS = [
  'ACCEPT',
  'DECLINE',
  'declines',
  'CONSENT',
  'AD_MARK',
  'priceIn',
  'pricesIn',
  'money',
  'salience',
  'inconspicuous',
  'card',
  'cardOf',
  'finePrint',
  'after',
  'around',
  'clip',
  'quote',
  'shortReason',
  'tickMeansYes',
  'ticksYes',
  'optsOut',
];

/** The concepts defined in more than one module, with the modules. */
function definedTwice(texts: ReadonlyMap<string, string>): [string, string[]][] {
  const where = new Map<string, string[]>();
  for (const [f, text] of texts)
    for (const n of definitionsOf(f, text)) if (CONCEPTS.includes(n)) where.set(n, [...(where.get(n) ?? []), f]);
  return [...where].filter(([, files]) => files.length > 1);
}

describe('the house', () => {
  it('every import names a source file or folder that exists', () => {
    const missing = edgesOf(graph).filter(
      (e) => floorOf(e.to) >= 0 && !graph.has(e.to) && !existsSync(join(ROOT, e.to)),
    );
    expect(missing).toEqual([]);
  });

  it('no import runs back up a floor (bin → cli → harness → simulator → generator → scenarios → lib)', () => {
    expect(edgesOf(graph).filter(RULES.backUp)).toEqual([]);
  });

  it('the floors import nothing beside them (test/, tools/, bench/, examples/), nor a face the package does not export', () => {
    expect(edgesOf(graph).filter(RULES.outside)).toEqual([]);
  });

  it('every simulator file is in a room or a plug-in folder', () => {
    expect([...graph.keys()].filter((f) => roomOf(f) === -1)).toEqual([]);
  });

  it('within the simulator no import runs back up a room (page → llm → loop → measure), and the page model and the loop import no plug-in', () => {
    expect(edgesOf(graph).filter(RULES.room)).toEqual([]);
  });

  it('agents and defenses never import each other, nor reach the registries that load them', () => {
    expect(edgesOf(graph).filter(RULES.crossing)).toEqual([]);
    expect(reachingRegistries(graph)).toEqual([]);
  });

  it('the plug-ins import no ground truth: nothing from generator/, harness/, cli/, and from scenarios/ only what holds none', () => {
    expect(edgesOf(graph).filter(RULES.groundTruth)).toEqual([]);
  });

  it('the plug-ins find no file of decoy by hand, evaluate no text as code and read no file, but where listed', () => {
    expect(reachOf(texts)).toEqual([]);
  });

  it("the plug-ins name no file outside their side's folder, nor a URL built on another, and give loadFolder only their own folder", () => {
    expect(strayingOf(texts)).toEqual([]);
  });

  it('a private folder (_name/) is imported only from its parent folder and below', () => {
    expect(edgesOf(graph).filter(RULES.private)).toEqual([]);
  });

  it('no import circle: the module graph is acyclic', () => {
    expect(circlesOf(graph)).toEqual([]);
  });

  it('a module is loaded by a computed path only where listed, and every listed load is still there', () => {
    expect(unlisted(readings)).toEqual([]);
    const loads = [...readings].flatMap(([f, r]) => r.computed.map((c) => `${f}: ${c}`));
    expect(Object.keys(COMPUTED).filter((c) => !loads.includes(c))).toEqual([]);
  });

  it('only cli/main.ts chooses an exit code: no other module ends the process or sets its code, but where listed', () => {
    const ending = [...texts].filter(([f, text]) => f !== 'cli/main.ts' && EXIT.test(text)).map(([f]) => f);
    expect(ending.filter((f) => !Object.hasOwn(EXITS, f))).toEqual([]);
    expect(Object.keys(EXITS).filter((f) => !ending.includes(f))).toEqual([]);
    expect(EXIT.test('if (stop.signal.aborted) process.exit(130);')).toBe(true);
  });

  it('one definition per concept: the words every defense reads, the price reader, salience, the text around an element and the clip are each defined once', () => {
    expect(definedTwice(texts)).toEqual([]);
  });

  it("a promise raced against a timer is lib/timeout.ts's withTimeout, not written again", () => {
    const RACE = /setTimeout\(\s*\(\)\s*=>\s*\{?\s*reject\(/;
    expect(RACE.test('const t = setTimeout(\n  () => reject(new Error("late")),\n  ms,\n);')).toBe(true);
    expect([...texts].filter(([f, text]) => f !== 'lib/timeout.ts' && RACE.test(text)).map(([f]) => f)).toEqual([]);
  });

  it('money is read by page/read/price.ts alone: no other pattern of the simulator or the harness reads a dollar amount', () => {
    // A dollar sign then a digit, as a pattern writes it: \$\d, \$\s?[\d,.]+, \$\s?0*[1-9].
    const DOLLARS = /\\\$(?:\\s[?*+]?)?(?:\\d|\[\\d|\[0-9|\[1-9|0\*)/;
    expect(DOLLARS.test(String.raw`/^(?:order )?total\s*:?\s*(?:\$\s?[\d,.]+)?$/i`)).toBe(true);
    expect(DOLLARS.test(String.raw`/\$\s?0*[1-9]/i`)).toBe(true);
    const reading = [...graph.keys()].filter(
      (f) => (f.startsWith('simulator/') || f.startsWith('harness/')) && f !== 'simulator/page/read/price.ts',
    );
    expect(reading.filter((f) => DOLLARS.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });
});

describe('the rule reader sees what it must', () => {
  it('a planted back-up import and a circle are found', () => {
    const text =
      "import type { A } from '../loop/a.ts';\nexport { b } from './b.ts';\nawait import('../../harness/c.ts');";
    expect(planted('simulator/page/x.ts', text).map((e) => e.to)).toEqual([
      'simulator/loop/a.ts',
      'simulator/page/b.ts',
      'harness/c.ts',
    ]);
    expect(
      planted('simulator/page/x.ts', text)
        .filter(RULES.backUp)
        .map((e) => e.to),
    ).toEqual(['harness/c.ts']);
    const circle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(circlesOf(circle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    const chain = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', []],
    ]);
    expect(circlesOf(chain)).toEqual([]);
  });

  it('a template literal without expressions is an import', () => {
    const text = 'const a = await import(`../agents/naive.ts`);';
    expect(planted('simulator/defenses/x.ts', text).filter(RULES.crossing)).toEqual([
      { from: 'simulator/defenses/x.ts', to: 'simulator/agents/naive.ts' },
    ]);
  });

  it('a require of a literal is an import, and a load of a computed path is flagged outside the listed places', () => {
    const text = [
      "import { createRequire } from 'node:module';",
      "createRequire(import.meta.url)('../agents/naive.ts');",
      'const load = createRequire(import.meta.url);',
      "load('../agents/oracle.ts');",
      "require('../agents/random.ts');",
    ].join('\n');
    expect(
      planted('simulator/defenses/x.ts', text)
        .filter(RULES.crossing)
        .map((e) => e.to),
    ).toEqual(['simulator/agents/naive.ts', 'simulator/agents/oracle.ts', 'simulator/agents/random.ts']);
    const computed = 'await import(name);\nrequire(`../agents/${id}.ts`);\nawait tsImport(path, import.meta.url);';
    expect(
      unlisted(new Map([['simulator/defenses/x.ts', readModule('simulator/defenses/x.ts', computed, SELF)]])),
    ).toEqual([
      'simulator/defenses/x.ts: import(name)',
      'simulator/defenses/x.ts: require(`../agents/${id}.ts`)',
      'simulator/defenses/x.ts: tsImport(path)',
    ]);
  });

  it("the package's own name is read through its exports, and a face it does not export is flagged", () => {
    const text = "import 'decoy/harness';\nimport 'decoy/defense';\nimport 'decoy';\nimport 'decoy/nothing';";
    const edges = planted('scenarios/x.ts', text);
    expect(edges.filter(RULES.backUp).map((e) => e.to)).toEqual(['harness/index.ts', 'simulator/loop/sdk.ts']);
    expect(edges.filter(RULES.outside).map((e) => e.to)).toEqual(['decoy', 'decoy/nothing']);
  });

  it('an import from the floors to beside them is flagged', () => {
    const text = ['test/helpers', 'tools/docs', 'bench/run', 'examples/x']
      .map((f) => `import '../../${f}.ts';`)
      .join('\n');
    expect(
      planted('simulator/page/x.ts', text)
        .filter(RULES.outside)
        .map((e) => e.to),
    ).toEqual(['test/helpers.ts', 'tools/docs.ts', 'bench/run.ts', 'examples/x.ts']);
  });

  it('a plug-in that reaches the registries, directly or through a loop module, is flagged', () => {
    const g = new Map([
      ['simulator/defenses/x.ts', ['simulator/loop/resolve.ts']],
      ['simulator/loop/resolve.ts', [REGISTRIES]],
      [
        'simulator/agents/y.ts',
        readModule('simulator/agents/y.ts', "import { defenses } from '../loop/registries.ts';", SELF).imports,
      ],
      [REGISTRIES, []],
    ]);
    expect(reachingRegistries(g)).toEqual(['simulator/defenses/x.ts', 'simulator/agents/y.ts']);
  });

  it('a plug-in that imports ground truth is flagged, also through a folder it loads', () => {
    const text = [
      "import { suites } from '../../scenarios/index.ts';",
      "import { writeBundle } from '../../generator/bundle.ts';",
      "import { families } from '../../scenarios/catalogue.ts';",
      "const all = await loadFolder('family', new URL('../../scenarios/families/', import.meta.url));",
      "import { createRng } from '../../scenarios/rng.ts';",
    ].join('\n');
    expect(
      planted('simulator/defenses/x.ts', text)
        .filter(RULES.groundTruth)
        .map((e) => e.to),
    ).toEqual(['scenarios/index.ts', 'generator/bundle.ts', 'scenarios/catalogue.ts', 'scenarios/families/']);
  });

  it("a plug-in that reads decoy's files, loads a folder by a path it found, or evaluates code is flagged", () => {
    const cheat = [
      "import { packagePath } from '../../lib/root.ts';",
      "import { readFileSync } from 'node:fs';",
      "loadFolder('family', pathToFileURL(packagePath('scenarios', 'families') + '/'));",
      'new Function(\'return import("../defenses/gate.ts")\')();',
      "const g = Function('return 1');",
      "eval('1');",
      "import.meta.resolve('../defenses/gate.ts');",
      "await import('node:module');",
    ].join('\n');
    const planted = new Map([
      ['simulator/agents/cheat.ts', cheat],
      ['simulator/measure/fine.ts', cheat],
    ]);
    expect(reachOf(planted)).toEqual([
      'simulator/agents/cheat.ts: packagePath',
      'simulator/agents/cheat.ts: lib/root.ts',
      "simulator/agents/cheat.ts: 'node:fs'",
      'simulator/agents/cheat.ts: packagePath',
      'simulator/agents/cheat.ts: new Function',
      'simulator/agents/cheat.ts: Function(',
      'simulator/agents/cheat.ts: eval(',
      'simulator/agents/cheat.ts: import.meta.resolve',
      "simulator/agents/cheat.ts: import('node:module'",
    ]);
    expect(
      reachOf(new Map([['simulator/defenses/ok.ts', 'const f = x.eval(1); evaluate(2); myFunction(3);']])),
    ).toEqual([]);
  });

  it("a plug-in that finds the other side's folder by a URL of its own is flagged: the sneak a review found, and its kin", () => {
    const SNEAK = 'simulator/defenses/zz-sneak.ts';
    const sneak = [
      "import { loadFolder } from '../../scenarios/registry.ts';",
      "const seen = await loadFolder('agent', new URL('agents/', new URL('..', import.meta.url)));",
      "export default { id: 'zz-sneak', description: 'sees the agents', create: () => ({ review: () => ({ kind: 'allow' }) }) };",
    ].join('\n');
    // Every import rule lets it pass: it names no agent, no registry, no ground truth.
    const edges = planted(SNEAK, sneak);
    for (const rule of Object.values(RULES)) expect(edges.filter(rule)).toEqual([]);
    expect(reachOf(new Map([[SNEAK, sneak]]))).toEqual([]);
    expect(strayingOf(new Map([[SNEAK, sneak]]))).toEqual([
      `${SNEAK}: loadFolder('agent', new URL('agents/', new URL('..', import.meta.url)))`,
      `${SNEAK}: new URL('agents/', new URL('..', import.meta.url))`,
      `${SNEAK}: new URL('..', import.meta.url)`,
    ]);
    const kin = [
      "import { loadFolder as load } from '../../scenarios/registry.ts';",
      "import * as registry from '../../scenarios/registry.ts';",
      "const here = new URL('./_x/', import.meta.url);",
      "await registry.loadFolder('agent', new URL('../../agents/', here));",
      "await registry['loadFolder']('agent', here);",
      'const again = registry.loadFolder;',
      "new URL('../agents/', import.meta.url);",
      "new URL('../../lib/', import.meta.url);",
      'fileURLToPath(import.meta.url);',
      'import.meta.dirname;',
      "process.getBuiltinModule(which).readdirSync('..');",
    ].join('\n');
    expect(strayingOf(new Map([[SNEAK, kin]]))).toEqual([
      `${SNEAK}: loadFolder as load`,
      `${SNEAK}: registry.loadFolder('agent', new URL('../../agents/', here))`,
      `${SNEAK}: new URL('../../agents/', here)`,
      `${SNEAK}: 'loadFolder'`,
      `${SNEAK}: registry.loadFolder`,
      `${SNEAK}: new URL('../agents/', import.meta.url)`,
      `${SNEAK}: new URL('../../lib/', import.meta.url)`,
      `${SNEAK}: import.meta.url`,
      `${SNEAK}: import.meta.dirname`,
    ]);
    expect(reachOf(new Map([[SNEAK, kin]]))).toEqual([`${SNEAK}: process`, `${SNEAK}: getBuiltinModule`]);
    // What the plug-ins do: their own files, by a URL written beside the call; a page's URLs.
    const own = [
      "import { loadFolder } from '../../scenarios/registry.ts';",
      "await loadFolder('skill', new URL('./_x/skills/', import.meta.url));",
      "const prompts = { gate: new URL('./_x/gate.md', import.meta.url) };",
      "new URL(obs.url).pathname; new URL(action.url, obs.url); new URL('/cart', obs.url);",
    ].join('\n');
    expect(strayingOf(new Map([[SNEAK, own]]))).toEqual([]);
  });

  it('what agents and defenses both read spells no word: no regular expression of words in simulator/page/read/', () => {
    expect(sharedWordsOf(texts)).toEqual([]);
    const planted = new Map([
      [
        'simulator/page/read/ticks.ts',
        "const NEG = /\\b(no|not|don't|never|without)\\b/gi;\nconst SUM = /^[$€£]\\s?\\d+(?:[.,]\\d\\d)?$/;",
      ],
      ['simulator/agents/_naive/own.ts', 'const NEG = /\\b(no|not)\\b/gi;'],
    ]);
    expect(sharedWordsOf(planted)).toEqual(["simulator/page/read/ticks.ts: /\\b(no|not|don't|never|without)\\b/gi"]);
  });

  it("a plug-in that reaches a file through a loader, a function's constructor, the process or a call stack is flagged: the four a second review found", () => {
    const planted = new Map([
      [
        'simulator/defenses/a.ts',
        "import * as api from 'tsx/esm/api';\nawait api['tsImport'](here + '/simulator/agents/_naive/wording.ts', import.meta.url);",
      ],
      [
        'simulator/defenses/b.ts',
        "const at = new Error().stack;\nawait new ((async () => {}).constructor)('return import(at)')();",
      ],
      ['simulator/defenses/c.ts', "process['getBuiltin' + 'Module']('node:f' + 's').readFileSync(where);"],
      ['simulator/defenses/d.ts', "import { JSDOM } from 'jsdom';\nawait JSDOM.fromFile(where);"],
      ['simulator/defenses/e.ts', "const g = globalThis; const h = g['constructor'];"],
    ]);
    expect(reachOf(planted)).toEqual([
      "simulator/defenses/a.ts: from 'tsx/esm/api'",
      'simulator/defenses/b.ts: .stack',
      'simulator/defenses/b.ts: .constructor',
      'simulator/defenses/c.ts: process',
      "simulator/defenses/d.ts: from 'jsdom'",
      'simulator/defenses/e.ts: globalThis',
      "simulator/defenses/e.ts: ['constructor",
    ]);
    // A class's own constructor, zod, the one listed file read, and comments naming none of these pass.
    const fine =
      "import { z } from 'zod';\nclass A { constructor(private x: number) {} }\n// a stacked card; a processed page";
    expect(reachOf(new Map([['simulator/agents/f.ts', fine]]))).toEqual([]);
  });

  it('every form of a definition counts, in every floor', () => {
    const texts = new Map([
      [
        'lib/a.ts',
        'export async function salience() {}\nexport var clip = 1;\nexport class ACCEPT {}\nexport let money = 2;',
      ],
      ['scenarios/b.ts', 'enum clip {}\nconst { salience, x: [money] } = y;\nconst a = 1;\nexport { a as ACCEPT };'],
      ['bin/c.mjs', 'function optsOut() {}'],
      ['cli/d.ts', 'export const optsOut = 1;'],
    ]);
    expect(definedTwice(texts)).toEqual([
      ['salience', ['lib/a.ts', 'scenarios/b.ts']],
      ['clip', ['lib/a.ts', 'scenarios/b.ts']],
      ['ACCEPT', ['lib/a.ts', 'scenarios/b.ts']],
      ['money', ['lib/a.ts', 'scenarios/b.ts']],
      ['optsOut', ['bin/c.mjs', 'cli/d.ts']],
    ]);
  });
});
