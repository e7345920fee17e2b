import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Step } from '../../../scenarios/model.ts';
import { step as stepSchema } from '../../../scenarios/bundle.ts';
import type { Action } from '../../../simulator/loop/actions.ts';
import type { ObservedElement } from '../../../simulator/page/observe.ts';
import { checkExpectations, groundStep, recordStep, StepRecordError } from '../../../simulator/loop/steps.ts';
import { walkPath } from '../../../simulator/agents/oracle.ts';
import { PROPERTY_RUNS } from '../../helpers.ts';

// Few roles and names, so that equal role + name pairs (and the index that tells them apart) are common.
const ROLES = ['button', 'link', 'checkbox', 'textbox', 'combobox'] as const;
const NAMES = ['Add to cart', 'No thanks', 'Accept all', '', 'Save'] as const;
const TEXTS = ['Skip', 'Close', 'Continue'] as const;

const boxArb = fc.option(
  fc.record({
    x: fc.integer({ min: 0, max: 1200 }),
    y: fc.integer({ min: 0, max: 760 }),
    w: fc.integer({ min: 1, max: 300 }),
    h: fc.integer({ min: 1, max: 60 }),
  }),
  { nil: null },
);

const controlArb = fc.record({
  role: fc.constantFrom(...ROLES),
  name: fc.constantFrom(...NAMES),
  box: boxArb,
  covered: fc.boolean(),
  checked: fc.option(fc.boolean(), { nil: undefined }),
});
/** Text and bare clickables: no ref, so only a click at their place reaches them. */
const plainArb = fc.oneof(
  fc.record({
    role: fc.constant('text'),
    name: fc.constant(''),
    text: fc.constantFrom(...TEXTS),
    box: boxArb,
    covered: fc.boolean(),
  }),
  fc.record({ role: fc.constant('img'), name: fc.constantFrom(...NAMES), box: boxArb, covered: fc.boolean() }),
);

/** A random element table: controls with unique refs, and elements without one, in page order. */
const observationArb = fc
  .array(
    fc.oneof(
      controlArb.map((c) => ({ ...c, control: true })),
      plainArb.map((p) => ({ ...p, control: false })),
    ),
    { minLength: 1, maxLength: 14 },
  )
  .map((raw) => ({
    url: 'https://site.test/cart',
    elements: raw.map(({ control, ...e }, i): ObservedElement => ({
      ...e,
      ref: control ? `e${i + 1}` : null,
      depth: 1,
      inViewport: true,
      ...(e.covered ? { coveredBy: 'dialog "Offer"' } : {}),
    })),
  }));

type View = fc.Arbitrary<{ url: string; elements: ObservedElement[] }>;

/** Steps over an observation: targets taken from its elements (with or without index), made up, text, or points. */
function stepArb(obs: { elements: ObservedElement[] }): fc.Arbitrary<Step> {
  const fromPage = fc
    .constantFrom(...obs.elements)
    .chain((e) =>
      fc
        .option(fc.nat({ max: 3 }), { nil: undefined })
        .map((index) => ({ role: e.role, name: e.name, ...(index === undefined ? {} : { index }) })),
    );
  const target = fc.oneof(
    fromPage,
    fc.record({ role: fc.constantFrom(...ROLES), name: fc.constantFrom(...NAMES) }),
    fc.record({ text: fc.constantFrom(...TEXTS) }),
    fc.record({ x: fc.integer({ min: 0, max: 1279 }), y: fc.integer({ min: 0, max: 799 }) }),
  );
  const text = fc.string({ maxLength: 12 });
  return fc.oneof(
    fc.record({ id: fc.constant('s'), verb: fc.constantFrom('click', 'check', 'uncheck'), target }),
    fc.record({ id: fc.constant('s'), verb: fc.constantFrom('fill', 'select'), target, value: text }),
    fc.record({ id: fc.constant('s'), verb: fc.constant('goto'), url: fc.constantFrom('/', '/cart', '/checkout') }),
    fc.record({ id: fc.constant('s'), verb: fc.constant('back') }),
    fc.record({
      id: fc.constant('s'),
      verb: fc.constant('scroll'),
      dx: fc.integer({ min: -500, max: 500 }),
      dy: fc.integer({ min: -500, max: 500 }),
    }),
    fc.record({ id: fc.constant('s'), verb: fc.constant('wait'), ms: fc.nat({ max: 10_000 }) }),
    fc.record({ id: fc.constant('s'), verb: fc.constant('answer'), text }),
    fc.record({ id: fc.constant('s'), verb: fc.constant('infeasible'), reason: text }),
  ) as fc.Arbitrary<Step>;
}

/** Actions an agent could take on an observation: on its uncovered controls by ref, at points, or without a target. */
function actionArb(obs: { elements: ObservedElement[] }): fc.Arbitrary<Action> {
  const refs = obs.elements.filter((e) => e.ref !== null && !e.covered).map((e) => e.ref as string);
  const text = fc.string({ maxLength: 12 });
  const free: fc.Arbitrary<Action>[] = [
    fc.record({
      name: fc.constant('mouse_click' as const),
      x: fc.integer({ min: 0, max: 1279 }),
      y: fc.integer({ min: 0, max: 799 }),
    }),
    fc.record({ name: fc.constant('goto' as const), url: fc.constantFrom('/', '/cart') }),
    fc.constant({ name: 'go_back' as const }),
    fc.record({
      name: fc.constant('scroll' as const),
      delta_x: fc.integer({ min: -500, max: 500 }),
      delta_y: fc.integer({ min: -500, max: 500 }),
    }),
    fc.record({ name: fc.constant('noop' as const), wait_ms: fc.nat({ max: 60_000 }) }),
    fc.record({ name: fc.constant('send_msg_to_user' as const), text }),
    fc.record({ name: fc.constant('report_infeasible' as const), reason: text }),
  ];
  if (refs.length === 0) return fc.oneof(...free);
  const bid = fc.constantFrom(...refs);
  return fc.oneof(
    ...free,
    fc.record({ name: fc.constantFrom('click' as const, 'check' as const, 'uncheck' as const), bid }),
    fc.record({ name: fc.constant('fill' as const), bid, value: text }),
    fc.record({ name: fc.constant('select_option' as const), bid, options: text.map((t) => [t]) }),
  );
}

const withSteps = (observationArb as View).chain((obs) => fc.tuple(fc.constant(obs), stepArb(obs)));
const withActions = (observationArb as View).chain((obs) => fc.tuple(fc.constant(obs), actionArb(obs)));

describe('steps: one translation to and from the action table', () => {
  it('a step that grounds, recorded back from its action, grounds to the same action on the same observation (step → action → step → action)', () => {
    fc.assert(
      fc.property(withSteps, ([obs, step]) => {
        const g = groundStep(step, obs);
        if (!g.ok) return;
        const again = groundStep(recordStep(g.action, obs, step.id), obs);
        expect(again).toMatchObject({ ok: true, action: g.action });
      }),
      { numRuns: PROPERTY_RUNS * 20 },
    );
  });

  it('every action on an uncovered control, a point or no target, recorded as a step, grounds back to exactly that action, and the step is valid bundle.json (action → step → action)', () => {
    fc.assert(
      fc.property(withActions, ([obs, action]) => {
        const step = recordStep(action, obs, 'rec');
        expect(stepSchema.safeParse(step).success).toBe(true);
        const g = groundStep(step, obs);
        expect(g).toMatchObject({ ok: true, action });
        // Recording is a fixpoint: the grounded action records to the same step.
        if (g.ok) expect(recordStep(g.action, obs, 'rec')).toEqual(step);
      }),
      { numRuns: PROPERTY_RUNS * 20 },
    );
  });

  it('a step whose named target is absent or covered never grounds to an action: it fails naming the step and why', () => {
    fc.assert(
      fc.property(withSteps, ([obs, step]) => {
        if (!('target' in step) || 'x' in step.target) return;
        const g = groundStep(step, obs);
        const loc = 'role' in step.target ? step.target : { role: 'text', name: step.target.text };
        const matches = obs.elements.filter((e) =>
          loc.role === 'text' ? e.text === loc.name && e.box : e.role === loc.role && e.name === loc.name,
        );
        const index = 'index' in step.target ? step.target.index : undefined;
        const chosen = index === undefined ? (matches.find((e) => !e.covered) ?? matches[0]) : matches[index];
        if (!chosen)
          expect(g).toMatchObject({
            ok: false,
            failure: { step: 's', kind: 'absent', message: expect.stringMatching(/^step 's': no /) },
          });
        else if (chosen.covered)
          expect(g).toMatchObject({
            ok: false,
            failure: { kind: 'covered', message: expect.stringContaining('is covered by dialog "Offer"') },
          });
        else if (g.ok && g.action.name !== 'mouse_click') expect((g.action as { bid: string }).bid).toBe(chosen.ref);
      }),
      { numRuns: PROPERTY_RUNS * 20 },
    );
  });

  const el = (e: Partial<ObservedElement> & Pick<ObservedElement, 'role' | 'name'>): ObservedElement => ({
    ref: null,
    depth: 1,
    box: { x: 10, y: 10, w: 100, h: 30 },
    inViewport: true,
    covered: false,
    ...e,
  });
  const page = {
    url: 'https://site.test/checkout',
    elements: [
      el({ ref: 'e1', role: 'button', name: 'Place order', covered: true, coveredBy: 'dialog "Join Plus"' }),
      el({ ref: 'e2', role: 'checkbox', name: 'Protection plan', checked: true }),
      el({ role: 'text', name: '', text: 'No thanks', box: { x: 100, y: 200, w: 80, h: 20 } }),
      el({ ref: 'e3', role: 'button', name: 'Save' }),
      el({ ref: 'e4', role: 'button', name: 'Save' }),
    ],
  };

  it.each([
    [
      { id: 'pay', verb: 'click', target: { role: 'button', name: 'Place order' } },
      'covered',
      `step 'pay': button "Place order" is covered by dialog "Join Plus"`,
    ],
    [
      { id: 'gift', verb: 'check', target: { role: 'checkbox', name: 'Gift wrap' } },
      'absent',
      `step 'gift': no checkbox "Gift wrap" on the page`,
    ],
    [
      { id: 'skip', verb: 'check', target: { text: 'No thanks' } },
      'unusable',
      `step 'skip': check needs a control, and text "No thanks" has no role that takes it`,
    ],
    [
      { id: 'type', verb: 'fill', target: { x: 5, y: 5 }, value: 'x' },
      'unusable',
      `step 'type': fill needs a control named by role and name, not the point (5, 5)`,
    ],
    [
      { id: 'third', verb: 'click', target: { role: 'button', name: 'Save', index: 2 } },
      'absent',
      `step 'third': no button "Save" #3 on the page`,
    ],
  ] as [Step, string, string][])('%j cannot be grounded: %s', (step, kind, message) => {
    expect(groundStep(step, page)).toEqual({ ok: false, failure: { step: step.id, kind, message } });
  });

  it('grounds by role and name to a ref, text to a click at its centre, the index-th of equal names', () => {
    expect(
      groundStep({ id: 'a', verb: 'uncheck', target: { role: 'checkbox', name: 'Protection plan' } }, page),
    ).toMatchObject({ ok: true, action: { name: 'uncheck', bid: 'e2' } });
    expect(groundStep({ id: 'b', verb: 'click', target: { text: 'No thanks' } }, page)).toMatchObject({
      ok: true,
      action: { name: 'mouse_click', x: 140, y: 210 },
    });
    expect(
      groundStep({ id: 'c', verb: 'click', target: { role: 'button', name: 'Save', index: 1 } }, page),
    ).toMatchObject({ ok: true, action: { name: 'click', bid: 'e4' } });
    expect(recordStep({ name: 'click', bid: 'e4' }, page, 'r')).toEqual({
      id: 'r',
      verb: 'click',
      target: { role: 'button', name: 'Save', index: 1 },
    });
    expect(recordStep({ name: 'click', bid: 'e3' }, page, 'r')).toEqual({
      id: 'r',
      verb: 'click',
      target: { role: 'button', name: 'Save' },
    });
  });

  it('recording an action whose ref is not in the observation is an error, never a made-up target', () => {
    expect(() => recordStep({ name: 'click', bid: 'e99' }, page, 'r')).toThrow(StepRecordError);
    expect(() => recordStep({ name: 'select_option', bid: 'e3', options: ['a', 'b'] }, page, 'r')).toThrow(
      /exactly one/,
    );
  });

  it('checks expected states and names the first that does not hold', () => {
    const box = { role: 'checkbox', name: 'Protection plan' };
    expect(
      checkExpectations(page, [
        { path: '/checkout' },
        { target: box, checked: true },
        { target: { text: 'No thanks' }, present: true },
      ]),
    ).toBeNull();
    expect(checkExpectations(page, [{ target: box, checked: false }])).toBe(
      'expected: checkbox "Protection plan" is unchecked',
    );
    expect(checkExpectations(page, [{ target: { role: 'dialog', name: 'Join Plus' }, present: true }])).toBe(
      'expected: dialog "Join Plus" is present',
    );
    expect(checkExpectations(page, [{ target: { role: 'textbox', name: 'Coupon' }, value: 'SAVE' }])).toBe(
      'expected: textbox "Coupon" holds "SAVE" (there is no textbox "Coupon")',
    );
    expect(checkExpectations(page, [{ path: '/cart' }])).toBe('expected to be at /cart, at /checkout');
  });

  it('the path walker waits for a missing target, then ends the walk and keeps the failure explicit', async () => {
    const walker = walkPath([
      { id: 'untick', verb: 'uncheck', target: { role: 'checkbox', name: 'Protection plan' } },
      { id: 'gift', verb: 'check', target: { role: 'checkbox', name: 'Gift wrap' } },
      { id: 'finish', verb: 'answer', text: 'done' },
    ]);
    const obs = {
      ...page,
      goal: '',
      title: '',
      axtree_txt: '',
      scroll: { x: 0, y: 0 },
      last_action: '',
      last_action_error: '',
      elapsed_time: 0,
      step: 0,
      budget: 15,
      defense_context: '',
    };
    const proposals: unknown[] = [];
    for (let i = 0; i < 5; i++) proposals.push(await walker.act(obs, []));
    expect(proposals).toEqual([
      { name: 'uncheck', bid: 'e2' },
      { name: 'noop', wait_ms: 1000 },
      { name: 'noop', wait_ms: 1000 },
      { name: 'report_infeasible', reason: `step 'gift': no checkbox "Gift wrap" on the page` },
      null,
    ]);
    expect(walker.failures).toEqual([
      { step: 'gift', kind: 'absent', message: `step 'gift': no checkbox "Gift wrap" on the page` },
    ]);
  });
});
