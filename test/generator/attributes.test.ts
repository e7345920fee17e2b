import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATTR } from '../../scenarios/contract.ts';
import { packagePath } from '../../lib/root.ts';
import { compileTemplate } from '../../generator/render.ts';
import { runtimeScript } from '../../generator/runtime-bundle.ts';
import { allSpecs, bundleFor } from '../helpers.ts';

/* A data attribute spelled in code: the name followed by `=`, `]` or a closing quote
   (prose such as "data-sharing consent" in a comment is not an attribute). */
const SPELLED = /(?<![\w-])data-[a-z][a-z-]*(?=\s*(?:=|\]|'|"|`))/g;

function files(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p, ext));
    else if (ext.test(name)) out.push(p);
  }
  return out;
}

const known = new Set<string>(Object.values(ATTR));

describe('data attributes come from the contract', () => {
  it('no template, runtime, simulator or harness file spells a data-* name: each comes from ATTR', () => {
    const sources = [
      ...files(packagePath('generator', 'templates'), /\.hbs$/),
      ...files(packagePath('generator'), /\.ts$/),
      ...files(packagePath('simulator'), /\.ts$/),
      ...files(packagePath('harness'), /\.ts$/),
    ];
    expect(sources.length).toBeGreaterThan(20);
    const spelled = sources.flatMap((f) =>
      (readFileSync(f, 'utf8').match(SPELLED) ?? []).map((m) => `${relative(packagePath(), f)}: ${m}`),
    );
    expect(spelled).toEqual([]);
  });

  it('the check above would catch a spelled name', () => {
    expect('<div data-flow="{{gap}}">'.match(SPELLED)).toEqual(['data-flow']);
    expect("el.getAttribute('data-overlay')".match(SPELLED)).toEqual(['data-overlay']);
    expect("'[data-overlay][data-routes]'".match(SPELLED)).toEqual(['data-overlay', 'data-routes']);
  });

  it('a template asking for a name ATTR lacks fails to render, naming it', () => {
    expect(compileTemplate('<p {{attr "flow"}}="1"></p>')({})).toBe('<p data-flow="1"></p>');
    expect(() => compileTemplate('<p {{attr "flwo"}}="1"></p>')({})).toThrow(/flwo/);
  });

  it("every data-* attribute a served page or its runtime uses is one of ATTR, over every family variant and every task's control", () => {
    const seen = new Set<string>();
    /* One configuration per family variant and per task's control: the markup does not depend on the rest. */
    const specs = [
      ...new Map(
        allSpecs().map((s) => [s.patterns.length ? `${s.patterns[0]?.family}-${s.patterns[0]?.variant}` : s.task, s]),
      ).values(),
    ];
    for (const spec of specs) {
      const html = bundleFor(spec, 3).site.files['index.html'] as string;
      for (const m of html.replace(/<script>[\s\S]*?<\/script>/g, '').matchAll(/\s(data-[a-z][a-z-]*)(?==|[\s>])/g))
        seen.add(m[1] as string);
    }
    for (const name of runtimeScript().match(/data-[a-z][a-z-]*/g) ?? []) seen.add(name);
    expect(seen.size).toBeGreaterThan(10);
    expect([...seen].filter((n) => !known.has(n))).toEqual([]);
  });
});
