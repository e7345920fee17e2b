/** npm run docs: rewrites the README's generated sections (the catalogue, the Mathur coverage) from the registries. */
import { readFileSync, writeFileSync } from 'node:fs';
import { catalogueMarkdown } from '../cli/catalogue-text.ts';
import { families } from '../scenarios/index.ts';
import { MATHUR } from '../scenarios/model.ts';

export const START = '<!-- catalogue:start -->';
export const END = '<!-- catalogue:end -->';
const MATHUR_START = '<!-- mathur:start -->';
const MATHUR_END = '<!-- mathur:end -->';

function withSection(readme: string, start: string, end: string, body: string): string {
  const a = readme.indexOf(start);
  const b = readme.indexOf(end);
  if (a < 0 || b < a) throw new Error(`README.md has no ${start} … ${end} markers`);
  return `${readme.slice(0, a + start.length)}\n${body}\n${readme.slice(b)}`;
}

export function withCatalogue(readme: string): string {
  return withSection(readme, START, END, catalogueMarkdown());
}

/** The Mathur et al. types and the families that declare each (`mathur`). */
export function mathurCoverage(): string {
  const rows = MATHUR.map((type) => {
    const ids = families.all().filter((f) => f.mathur.includes(type)).map((f) => `\`${f.id}\``).sort();
    return `| ${type} | ${ids.length ? ids.join(', ') : '—'} |`;
  });
  const covered = MATHUR.filter((type) => families.all().some((f) => f.mathur.includes(type))).length;
  return [`Of the ${MATHUR.length} types, ${covered} are covered:`, '', '| Mathur et al. type | families |', '| --- | --- |', ...rows].join('\n');
}

export function withMathur(readme: string): string {
  return withSection(readme, MATHUR_START, MATHUR_END, mathurCoverage());
}

/** Every generated section of the README, as the registries make it. */
export const withGenerated = (readme: string): string => withMathur(withCatalogue(readme));

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() as string)) {
  writeFileSync('README.md', withGenerated(readFileSync('README.md', 'utf8')));
}
