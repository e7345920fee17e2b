import { describe, expect, it } from 'vitest';
import { declines } from '../../../simulator/defenses/_common/vocabulary.ts';

describe('the defenses’ one reading of a no', () => {
  it('a control that opens with a yes is a yes whatever it keeps out; a no, or a yes to the least, is a no', () => {
    const read = (names: string[]) => names.map((n) => [n, declines(n)]);
    const yes = ['Accept all, no tracking', 'Yes, but not more than weekly', 'Agree to all without asking again'];
    const no = ['No thanks', 'Accept only necessary', 'Keep the free plan', 'Not now', '×'];
    expect(read(yes)).toEqual(yes.map((n) => [n, false]));
    expect(read(no)).toEqual(no.map((n) => [n, true]));
  });
});
