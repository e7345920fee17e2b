import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/root.ts';

/**
 * The house rules (ARCHITECTURE.md): floors import only downwards, the simulator's rooms
 * likewise, the loop never imports a plug-in, agents and defenses never import each other,
 * a private folder (`_x/`) is its parent folder's, and no import circle anywhere.
 */

const ROOT = projectRoot();
const FLOORS = ['lib', 'scenarios', 'generator', 'simulator', 'harness', 'cli'] as const;
/** The simulator's rooms, lowest first; the plug-ins sit beside measurement, above the loop. */
const ROOMS = ['page', 'loop', 'measure'] as const;
const PLUG_INS = ['agents', 'defenses'] as const;

function sources(): string[] {
  const out: string[] = [];
  for (const floor of FLOORS) {
    for (const f of readdirSync(join(ROOT, floor), { recursive: true, encoding: 'utf8' })) {
      if (f.endsWith('.ts') && !f.endsWith('.d.ts')) out.push(join(floor, f));
    }
  }
  return out.sort();
}

/** Every relative module a file names: static imports and exports, type imports, dynamic imports of a literal. */
export function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
  for (const m of text.matchAll(re)) out.push(normalize(join(dirname(file), m[2] as string)));
  return out;
}

const graph = new Map(sources().map((f) => [f, importsOf(f, readFileSync(join(ROOT, f), 'utf8'))]));

const floorOf = (f: string) => FLOORS.indexOf(f.split('/')[0] as (typeof FLOORS)[number]);
/** A simulator file's room: a room's index, or a plug-in's name. */
function roomOf(f: string): number | (typeof PLUG_INS)[number] | null {
  const [top, room] = f.split('/');
  if (top !== 'simulator') return null;
  if ((PLUG_INS as readonly string[]).includes(room as string)) return room as (typeof PLUG_INS)[number];
  const i = ROOMS.indexOf(room as (typeof ROOMS)[number]);
  return i >= 0 ? i : -1;
}

const edges = () => [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from, to })));

/** The import circles of a module graph: its strongly connected components of more than one file (Tarjan). */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) circles.push(c.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return circles;
}

describe('the house', () => {
  it('every relative import names a source file that exists', () => {
    const missing = edges().filter((e) => !graph.has(e.to) && !e.to.endsWith('.d.ts') && floorOf(e.to) >= 0);
    expect(missing).toEqual([]);
  });

  it('no import runs back up a floor (bin → cli → harness → simulator → generator → scenarios → lib)', () => {
    expect(edges().filter((e) => floorOf(e.to) > floorOf(e.from))).toEqual([]);
  });

  it('every simulator file is in a room or a plug-in folder', () => {
    expect([...graph.keys()].filter((f) => roomOf(f) === -1)).toEqual([]);
  });

  it('within the simulator no import runs back up a room (page → loop → measure), and the page model and the loop import no plug-in', () => {
    const up = edges().filter(({ from, to }) => {
      const a = roomOf(from);
      const b = roomOf(to);
      if (a === null || b === null) return false;
      if (typeof b === 'string') return typeof a === 'number' && a < ROOMS.indexOf('measure');
      if (typeof a === 'string') return b === ROOMS.indexOf('measure');
      return b > a;
    });
    expect(up).toEqual([]);
  });

  it('agents and defenses never import each other', () => {
    const crossing = edges().filter(({ from, to }) => {
      const a = roomOf(from);
      const b = roomOf(to);
      return typeof a === 'string' && typeof b === 'string' && a !== b;
    });
    expect(crossing).toEqual([]);
  });

  it('a private folder (_name/) is imported only from its parent folder and below', () => {
    const intruding = edges().filter(({ from, to }) => {
      const parts = to.split('/');
      const i = parts.findIndex((p) => p.startsWith('_'));
      if (i < 0) return false;
      const parent = parts.slice(0, i).join('/') + '/';
      return !from.startsWith(parent);
    });
    expect(intruding).toEqual([]);
  });

  it('no import circle: the module graph is acyclic', () => {
    expect(circlesOf(graph)).toEqual([]);
  });

  it('one definition per concept: the words every defense reads, the price reader, salience, the text around an element and the clip are each defined once', () => {
    const names = [
      'ACCEPT',
      'DECLINE',
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
      'tickMeansYes',
      'ticksYes',
      'optsOut',
    ];
    const where = new Map<string, string[]>();
    // The generator's own phrasings (scenarios/families) are what pages say, not how they are read.
    for (const f of [...graph.keys()].filter((f) => f.startsWith('simulator/') || f.startsWith('harness/'))) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      for (const n of names)
        if (new RegExp(`^(?:export )?(?:const|function|let) ${n}\\b`, 'm').test(text))
          where.set(n, [...(where.get(n) ?? []), f]);
    }
    expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
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

  it('the rule reader sees what it must: a planted back-up import and a circle are found', () => {
    expect(
      importsOf(
        'simulator/page/x.ts',
        "import type { A } from '../loop/a.ts';\nexport { b } from './b.ts';\nconst c = await import('../../harness/c.ts');",
      ),
    ).toEqual(['simulator/loop/a.ts', 'simulator/page/b.ts', 'harness/c.ts']);
    const planted = new Map<string, string[]>([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(circlesOf(planted)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    const chain = new Map<string, string[]>([
      ['a.ts', ['b.ts']],
      ['b.ts', []],
    ]);
    expect(circlesOf(chain)).toEqual([]);
  });
});
