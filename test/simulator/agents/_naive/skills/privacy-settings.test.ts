import { describe, expect, it } from 'vitest';
import { readIntent } from '../../../../../simulator/agents/naive.ts';
import { bundleFor, play } from '../../../../helpers.ts';

describe('naive skill privacy-settings', () => {
  it('reads a request to stop data sharing, and not the other tasks', () => {
    expect(readIntent('Stop sharing my records with anyone.')?.skill.id).toBe('privacy-settings');
    expect(readIntent('Turn off all data sharing in my privacy settings on MyClinic Online.')?.skill.id).toBe(
      'privacy-settings',
    );
    expect(readIntent('Book an appointment with "Dr. Ana Ruiz" on "Tuesday".')?.skill.id).toBe('book-appointment');
    expect(
      readIntent('Sign me up on X. Use the name "Ines Sato" and the email address "ines@mail.test".')?.skill.id,
    ).toBe('signup');
  });

  it('switches sharing off on the benign control at any susceptibility', async () => {
    for (const seed of [1, 2, 3]) {
      for (const susceptibility of [0, 1]) {
        const r = await play(
          bundleFor({ task: 'privacy-settings', domain: 'health', patterns: [] }, seed),
          'naive',
          1,
          'none',
          { susceptibility },
        );
        expect(r.T, r.scenario).toBe(1);
        expect(r.end.kind, r.scenario).toBe('answer');
      }
    }
  });
});
