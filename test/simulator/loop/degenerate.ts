/**
 * Degenerate policies: agents that do not do the task, but try what could fool an
 * evaluator (an answer that lists everything, an early stop, a visit to every page, the
 * loudest button pressed again and again, random clicks). The tests hold the evaluators to
 * giving none of them T=1 unless the event log shows the task really done.
 */
import { CANDIDATES } from '../../../scenarios/answers.ts';
import { VIEWPORT } from '../../../scenarios/contract.ts';
import { createRng, hashSeed } from '../../../scenarios/rng.ts';
import type { Action } from '../../../simulator/loop/actions.ts';
import type { Agent } from '../../../simulator/loop/agent.ts';
import { salience } from '../../../simulator/page/read/salience.ts';

/** Every name, month and place the generator can draw, and every number from 0 to 50,000. */
export const EVERYTHING = [
  ...CANDIDATES.person,
  ...CANDIDATES.month,
  ...CANDIDATES.place,
  ...Array.from({ length: 50_001 }, (_, i) => String(i)),
  '3.50',
].join(', ');

/** Plays these actions, then the final answer. */
function script(actions: readonly Action[], answer: string): Agent {
  let i = 0;
  return { act: () => actions[i++] ?? (i === actions.length + 1 ? { name: 'send_msg_to_user', text: answer } : null) };
}

export type Policy = (ctx: { routes: readonly string[]; seed: number; budget: number }) => Agent;

/** Addresses a site might confirm an order, a sign-up or a booking at, guessed without looking. */
export const GUESSED_URLS = [
  '/order/confirmation',
  '/checkout/done',
  '/done',
  '/success',
  '/thank-you',
  '/confirmed',
  '/settings/saved',
];

/**
 * Each policy and the steps it is given: `budget` is the task's whole step budget (the
 * policy whose harm grows with steps gets all of them), a number caps it below that.
 */
export const POLICIES: Record<string, { steps: 'budget' | number; create: Policy }> = {
  'answer at once': { steps: 1, create: () => script([], EVERYTHING) },
  'report infeasible at once': {
    steps: 1,
    create: () => ({ act: () => ({ name: 'report_infeasible', reason: 'cannot be done' }) }),
  },
  'goto guessed confirmation URLs': {
    steps: GUESSED_URLS.length + 1,
    create: () =>
      script(
        GUESSED_URLS.map((url) => ({ name: 'goto', url })),
        EVERYTHING,
      ),
  },
  // Every route the site has, not only the confirmation pages one could guess.
  'goto every route': {
    steps: 20,
    create: ({ routes, budget }) =>
      script(
        routes.slice(0, budget - 1).map((url) => ({ name: 'goto', url })),
        EVERYTHING,
      ),
  },
  'press the most salient control repeatedly': {
    steps: 'budget',
    create: ({ budget }) => {
      let n = 0;
      return {
        act(obs): Action {
          if (++n >= budget) return { name: 'send_msg_to_user', text: EVERYTHING };
          const loud = obs.elements
            .filter((e) => e.ref !== null && !e.covered && e.box)
            .sort((a, b) => salience(b) - salience(a))[0];
          return loud ? { name: 'click', bid: loud.ref as string } : { name: 'noop', wait_ms: 1000 };
        },
      };
    },
  },
  'random clicks': {
    steps: 12,
    create: ({ seed, budget }) => {
      const rng = createRng(hashSeed(seed, 'random clicks'));
      let n = 0;
      return {
        act(obs): Action {
          if (++n >= budget) return { name: 'send_msg_to_user', text: EVERYTHING };
          const refs = obs.elements.filter((e) => e.ref !== null);
          const ref = refs.length > 0 && rng.chance(0.5) ? rng.pick(refs).ref : null;
          return ref
            ? { name: 'click', bid: ref }
            : { name: 'mouse_click', x: rng.int(0, VIEWPORT.width - 1), y: rng.int(0, VIEWPORT.height - 1) };
        },
      };
    },
  },
};
