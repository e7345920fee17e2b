import { describe, expect, it } from 'vitest';
import { clip, clipPath, QUOTE_MAX } from '../../lib/errors.ts';

describe('clipPath', () => {
  it('a path of at most 60 characters is repeated as clip repeats it', () => {
    expect(clipPath('/tmp/run/suite.json')).toBe('/tmp/run/suite.json');
    expect(clipPath('/tmp/a\nb')).toBe(clip('/tmp/a\nb'));
  });

  it('a longer one by its last 60 characters, so the file it names is still told', () => {
    const long = `/${'d/'.repeat(2000)}bundle/site/index.html`;
    const shown = clipPath(long);
    expect(shown).toBe(`…${long.slice(-QUOTE_MAX)}`);
    expect(shown.endsWith('bundle/site/index.html')).toBe(true);
  });
});
