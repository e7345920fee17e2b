import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { episodeRecordSchema } from '../../harness/episode-schema.ts';
import { GENERATED } from '../../tools/docs.ts';
import { END, outputsPage } from '../../tools/docs/outputs.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const readme = read('README.md');

/** The hand-written and generated documentation: the front door, the two root guides and every page of docs/. */
const DOCS = [
  'README.md',
  'ARCHITECTURE.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('README', () => {
  it('opens with the two commands a new user runs', () => {
    const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(block).toMatch(/^npm ci && npx decoy demo/m);
    expect(block).toMatch(/^npm test/m);
    expect(readme.indexOf('```sh')).toBeLessThan(20);
  });

  it('stays a front door: the manual is in docs/', () => {
    expect(readme.split('\n').length).toBeLessThan(300);
  });
});

describe('generated pages (npm run docs writes them)', () => {
  it.each(Object.keys(GENERATED))('%s is what the code it describes makes', async (path) => {
    const make = GENERATED[path];
    expect(make).toBeDefined();
    expect(read(path)).toBe(await make?.());
  });

  it("outputs.md's episode fields are the schema's: a field it gains is a row the page lacks, and one without a .describe() stops npm run docs", () => {
    const page = read('docs/outputs.md');
    for (const path of ['`llm.costUsd`', '`steps[].verdict.kind`', '`end`']) expect(page).toContain(`| ${path} |`);
    expect(page).toContain('`allow` \\| `block` \\| `intervene` \\| `terminate` \\| `invalid`');
    const more = episodeRecordSchema.extend({ extra: z.string().describe('a field the page has not seen') });
    expect(outputsPage(page, more)).not.toBe(page);
    expect(outputsPage(page, more)).toContain('| `extra` | string | yes | a field the page has not seen |');
    expect(() => outputsPage(page, episodeRecordSchema.extend({ extra: z.string() }))).toThrow(
      /without a \.describe\(\) in harness\/episode-schema\.ts: extra/,
    );
    expect(() => outputsPage(page.replace(END, ''))).toThrow(/lost the markers/);
  });
});

/** A markdown text without its code blocks and code spans, where nothing is a link or a heading. */
const prose = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

/** Relative links of a markdown text: the file (empty for the text itself) and the #anchor, if any. */
function relativeLinks(markdown: string): { file: string; anchor: string | null }[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((href) => !/^[a-z]+:/i.test(href))
    .map((href) => {
      const [file = '', anchor] = href.split('#');
      return { file: decodeURIComponent(file), anchor: anchor ?? null };
    });
}

/** The anchors GitHub gives a markdown text's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = (heading ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

describe('examples the docs show', () => {
  it('every file a page embeds (<!-- example: path -->) is shown word for word, and at least one is', () => {
    const shown = DOCS.flatMap((doc) =>
      [...read(doc).matchAll(/<!-- example: (\S+) -->\n```\w*\n([\s\S]*?)```\n<!-- \/example -->/g)].map((m) => ({
        doc,
        file: m[1] as string,
        text: m[2] as string,
      })),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const { doc, file, text } of shown) expect(text, `${file} in ${doc}`).toBe(read(file));
  });
});

describe('links between the docs', () => {
  it.each(DOCS)('every relative link of %s names a file that exists, and a heading of it', (doc) => {
    const broken = relativeLinks(read(doc)).filter(({ file, anchor }) => {
      const target = file === '' ? doc : join(dirname(doc), file);
      if (!existsSync(join(ROOT, target))) return true;
      return anchor !== null && target.endsWith('.md') && !anchors(read(target)).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});

/**
 * The folders the repository map must name: every top-level folder, and every folder of the
 * source floors and the simulator's rooms. A plug-in's own folders (under simulator/agents/ and
 * simulator/defenses/) are private to it, and test/ mirrors the source, so neither is required.
 */
function sourceFolders(): string[] {
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const folders = new Set<string>();
  for (const file of tracked) {
    if (!existsSync(join(ROOT, file))) continue;
    const parts = normalize(file).split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) folders.add(`${parts.slice(0, i).join('/')}/`);
  }
  const deep = /^(lib|scenarios|generator|simulator|harness|cli)\//;
  const plugin = /^simulator\/(agents|defenses)\/[^/]+\//;
  return [...folders]
    .filter((f) => f.split('/').length === 2 || (deep.test(f) && !plugin.test(f)))
    .filter((f) => statSync(join(ROOT, f)).isDirectory())
    .sort();
}

describe('ARCHITECTURE.md', () => {
  it("its repository map names every top-level folder and every folder of the source (a plug-in's own folders apart)", () => {
    const architecture = read('ARCHITECTURE.md');
    expect(sourceFolders().filter((f) => !architecture.includes(`\`${f}\``))).toEqual([]);
  });
});
