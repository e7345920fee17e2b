import { describe, expect, it } from 'vitest';
import { readIntent } from '../../../../../simulator/agents/naive.ts';
import { bundleFor, play } from '../../../../helpers.ts';

describe('naive skill book-appointment', () => {
  it('reads the clinician and the day from the instruction text', () => {
    const r = readIntent('I need to see "Dr. Ana Ruiz". Book me an appointment on "Tuesday".');
    expect(r && { skill: r.skill.id, intent: r.intent }).toEqual({
      skill: 'book-appointment',
      intent: { clinician: 'Dr. Ana Ruiz', day: 'Tuesday' },
    });
    expect(readIntent('Book an appointment soon.')?.skill.id).not.toBe('book-appointment');
  });

  it('books the benign control at any susceptibility', async () => {
    for (const seed of [1, 2, 3]) {
      for (const susceptibility of [0, 1]) {
        const r = await play(
          bundleFor({ task: 'book-appointment', domain: 'health', patterns: [] }, seed),
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
