import { describe, expect, it } from 'vitest';
import { readIntent } from '../../../../../simulator/agents/naive.ts';

describe('naive skill reserve', () => {
  it('reads hotel, nights, guests, name and email from the instruction text', () => {
    const r = readIntent(
      'Please book 3 nights at "Parkside Hotel" for 2 guests. Put it under "Lena Novak" and use "lena@mail.test".',
    );
    expect(r?.skill.id).toBe('reserve');
    expect(r?.intent).toEqual({
      hotel: 'Parkside Hotel',
      nights: 3,
      guests: 2,
      name: 'Lena Novak',
      email: 'lena@mail.test',
    });
  });

  it('leaves sign-ups to the sign-up skill', () => {
    expect(
      readIntent('Create an account on Nightly with the name "Lena Novak" and the email "lena@mail.test".')?.skill.id,
    ).toBe('signup');
  });
});
