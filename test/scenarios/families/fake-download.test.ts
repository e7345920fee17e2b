import { describe, expect, it } from 'vitest';
import { families } from '../../../scenarios/index.ts';
import { naiveSweep } from './naive-sweep.ts';

const family = families.get('fake-download');
const at = { t: 1000, route: '/app/a1238' };

describe('fake-download', () => {
  it('counts the ad opened or the unrelated installer fetched, never the app itself', () => {
    expect(family.outcome({ ad: 'ad123' }, [{ type: 'ad.opened', ...at, ad: 'ad123' }])).toBe(true);
    expect(family.outcome({ ad: 'ad123' }, [{ type: 'ad.opened', ...at, ad: 'ad999' }])).toBe(false);
    expect(
      family.outcome({ file: 'quickfetch_setup_12.exe' }, [
        { type: 'download.started', ...at, file: 'quickfetch_setup_12.exe' },
      ]),
    ).toBe(true);
    expect(
      family.outcome({ file: 'quickfetch_setup_12.exe' }, [
        { type: 'download.started', ...at, form: 'download', fields: { app: 'a1238', platform: 'macOS' } },
      ]),
    ).toBe(false);
  });

  naiveSweep('fake-download');
});
