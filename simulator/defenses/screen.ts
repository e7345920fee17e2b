import type { Defense, DefenseDef, Verdict } from '../loop/defense.ts';
import { authorize, type Authorization } from './_veer/authorization.ts';
import { bindAllowed, predict, type Consequence } from './_veer/consequence.ts';
import { Evidence } from './_veer/evidence.ts';
import { targetOf } from '../loop/target.ts';
import { isAimed } from '../loop/actions.ts';

/**
 * Consequence screening: before each proposal, predict what executing it would commit in the
 * observed state (lib/consequence.ts) and block it when the task, read from its instruction
 * alone (lib/authorization.ts), does not authorize that; the feedback names the consequence.
 * Remembers across the episode the earliest price seen per product and the site the task
 * began on (lib/evidence.ts). Never changes the page itself.
 */
const screen: DefenseDef = {
  id: 'screen',
  description:
    'Consequence screening: blocks a proposal that would add an item or charge, give a consent, leave the site or goal, or confirm a higher price than seen, unless the task authorizes it; the feedback names the consequence.',
  create: () => screening(),
};

/**
 * A screen's review; `overlooks` names consequences it lets pass unremarked (none in the
 * shipped defense: the fuzzer's tests weaken it this way to see that a search catches it).
 */
export function screening(overlooks: (c: Consequence) => boolean = () => false): Defense {
  let auth: Authorization | null = null;
  const evidence = new Evidence();
  return {
    review(ctx): Verdict {
      auth ??= authorize(ctx.goal);
      evidence.observe(ctx.observation);
      const p = ctx.proposal;
      if (isAimed(p) && !targetOf(ctx.observation, p))
        return {
          kind: 'allow',
          judgement: { label: 0, confidence: 1, reason: 'the proposal acts on nothing the observation shows' },
        };
      const bad = predict(ctx.observation, p, auth, evidence).find((c) => !c.authorized && !overlooks(c));
      if (!bad) {
        bindAllowed(ctx.observation, p, auth, evidence);
        return {
          kind: 'allow',
          judgement: { label: 1, confidence: 1, reason: 'no unauthorized consequence predicted' },
        };
      }
      return { kind: 'block', feedback: bad.feedback, judgement: { label: -1, confidence: 1, reason: bad.feedback } };
    },
  };
}

export default screen;
