import { describe, expect, it } from 'vitest';
import { modalSample } from '../../../helpers.ts';
import { intersect } from '../../../../simulator/page/dom/geometry.ts';
import { setOfMarks } from '../../../../simulator/measure/report/marks.ts';

describe('set-of-marks', () => {
  it("on a modal sample, marks the dialog's controls and nothing the modal hides", async () => {
    const { bundle, sample, observation } = await modalSample();

    const marks = setOfMarks(observation.elements, bundle.manifest.viewport);
    const marked = new Set(marks.map((m) => m.ref));
    const hidden = observation.elements.filter((e) => e.ref && e.box && e.inViewport && e.covered);
    // The page behind the modal has controls in view: a selection by viewport alone would number them.
    expect(hidden.length).toBeGreaterThan(0);
    for (const e of hidden)
      expect(marked.has(e.ref as string), `${e.role} "${e.name}" is behind the modal`).toBe(false);
    // The offer and the way out are both numbered, as are the rest of the dialog's controls.
    for (const gt of [sample.correct, sample.dark!]) {
      expect(
        observation.elements.some((e) => e.ref && marked.has(e.ref) && e.role === gt.role && e.name === gt.name),
        `${gt.role} "${gt.name}"`,
      ).toBe(true);
    }
    const open = observation.elements.filter((e) => e.ref && e.box && e.inViewport && !e.covered);
    expect([...marked].sort()).toEqual(open.map((e) => e.ref as string).sort());
    // No number is drawn over the dialog's heading.
    const dialog = observation.elements.findIndex((e) => e.role === 'dialog' || e.role === 'alertdialog');
    const heading = observation.elements.slice(dialog).find((e) => e.role === 'heading');
    expect(heading?.box).toBeTruthy();
    for (const m of marks) expect(intersect(m.rect, heading!.box!), `mark ${m.label}`).toBeNull();
  });

  it('clips a box that runs past the viewport and drops one wholly outside it', () => {
    const el = (ref: string, x: number, y: number, inViewport: boolean) => ({
      ref,
      role: 'button',
      name: ref,
      depth: 0,
      box: { x, y, w: 100, h: 40 },
      inViewport,
      covered: false,
    });
    expect(setOfMarks([el('e1', 1250, 780, true), el('e2', 10, 900, false)], { width: 1280, height: 800 })).toEqual([
      { ref: 'e1', label: '1', rect: { x: 1250, y: 780, w: 30, h: 20 } },
    ]);
  });
});
