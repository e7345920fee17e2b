import { describe, expect, it } from 'vitest';
import { readIntent } from '../../../../../simulator/agents/naive.ts';

describe('naive skill download', () => {
  it('reads the app and the platform in either order', () => {
    expect(readIntent('Download "Notewise" for "macOS".')).toMatchObject({
      skill: { id: 'download' },
      intent: { app: 'Notewise', platform: 'macOS' },
    });
    expect(readIntent('Get the "Linux" download of "ZipNest" from Installr.')).toMatchObject({
      skill: { id: 'download' },
      intent: { app: 'ZipNest', platform: 'Linux' },
    });
  });

  it('does not take a purchase for a download', () => {
    expect(readIntent('Buy the "Cedar Desk Lamp" from Lumen Store and check out.')?.skill.id).toBe('purchase');
  });
});
