import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../generator/compose.ts';
import type { Step } from '../../scenarios/model.ts';

const step = (id: string, name = id): Step => ({ id, verb: 'click', target: { role: 'button', name } });
const ids = (path: Step[]) => path.map((s) => s.id);

describe('path edits', () => {
  const path = [step('a'), step('b'), step('c')];

  it('insert before, after, at the start, and cut the rest with replace-from', () => {
    expect(ids(applyEdits(path, [{ at: 'start', steps: [step('s')] }]))).toEqual(['s', 'a', 'b', 'c']);
    expect(
      ids(
        applyEdits(path, [
          { at: 'before', step: 'b', steps: [step('x')] },
          { at: 'after', step: 'b', steps: [step('y')] },
        ]),
      ),
    ).toEqual(['a', 'x', 'b', 'y', 'c']);
    expect(ids(applyEdits(path, [{ at: 'replace-from', step: 'b', steps: [step('z')] }]))).toEqual(['a', 'z']);
  });

  it('replace swaps one step and keeps the rest; a replacement under the same id stays an anchor for later edits', () => {
    const out = applyEdits(path, [
      { at: 'replace', step: 'b', steps: [step('b', 'other')] },
      { at: 'before', step: 'b', steps: [step('x')] },
    ]);
    expect(ids(out)).toEqual(['a', 'x', 'b', 'c']);
    expect(out[2]).toMatchObject({ verb: 'click', target: { role: 'button', name: 'other' } });
    expect(() => applyEdits(path, [{ at: 'replace', step: 'nope', steps: [] }])).toThrow(/no step 'nope'/);
  });
});
