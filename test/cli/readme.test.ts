import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { withCatalogue, withMathur } from '../../tools/update-readme.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('its catalogue section is the one the registries produce (npm run docs rewrites it)', () => {
    expect(readme).toBe(withCatalogue(readme));
  });

  it('its Mathur coverage table is the one the families declare (npm run docs rewrites it)', () => {
    expect(readme).toBe(withMathur(readme));
  });

  it('opens with the two commands a new user runs', () => {
    const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(block).toMatch(/^npm ci && npx decoy demo/m);
    expect(block).toMatch(/^npm test/m);
    expect(readme.indexOf('```sh')).toBeLessThan(20);
  });
});
