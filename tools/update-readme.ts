/** npm run docs: rewrites the README's catalogue section from the registries. */
import { readFileSync, writeFileSync } from 'node:fs';
import { markdown } from '../cli/list.ts';

export const START = '<!-- catalogue:start -->';
export const END = '<!-- catalogue:end -->';

export function withCatalogue(readme: string): string {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error('README.md has no catalogue markers');
  return `${readme.slice(0, a + START.length)}\n${markdown()}\n${readme.slice(b)}`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() as string)) {
  writeFileSync('README.md', withCatalogue(readFileSync('README.md', 'utf8')));
}
