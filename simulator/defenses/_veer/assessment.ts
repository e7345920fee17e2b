/**
 * Veer's consequence assessment of one proposal (Appendix B, Figure 6), over what the agent
 * sees and the evidence retained: the predicted commitments (lib/consequence.ts) with their
 * state before and after, trigger, evidence and reversibility; the boundary the proposal
 * crosses; the material state carried through it; and the decision. A proposal that commits
 * an order this page does not list, with no order seen since the last change to stand in for
 * it, is UNCERTAIN: what the order holds is a claim to look at, not to assume.
 */
import type { Step } from '../../../scenarios/model.ts';
import { scopeOf, type Action } from '../../loop/actions.ts';
import type { Assessment, Boundary, Commitment, CommitmentState, EvidenceRequest } from '../../loop/defense.ts';
import type { EnvObservation } from '../../loop/env.ts';
import { locatorOf } from '../../loop/steps.ts';
import type { Authorization } from './authorization.ts';
import { ACCEPT, declines } from '../_common/vocabulary.ts';
import {
  FORM_COMMIT,
  goesToCheckout,
  heldOrder,
  ORDER_COMMIT,
  predict,
  SAVE,
  type Consequence,
} from './consequence.ts';
import { ADD_TO_CART, cartLinkOf, pathOf, type Evidence } from './evidence.ts';
import { orderLines, statedTotal } from './order.ts';
import { targetOf } from '../../loop/target.ts';

export const ORDER_CLAIM = 'what the order holds';

const nameOf = (obs: EnvObservation, action: Action) => {
  const t = targetOf(obs, action);
  return t ? t.name || t.text || '' : '';
};

/** The boundary a proposal crosses, read from the control's words (a toggle or a field crosses none: it only prepares state). */
export function boundaryOf(obs: EnvObservation, action: Action): Boundary {
  if (scopeOf(action) === 'end') return 'DONE';
  if (action.name !== 'click' && action.name !== 'mouse_click') return 'NONE';
  const t = targetOf(obs, action);
  if (!t || t.role === 'checkbox' || t.role === 'switch' || t.role === 'radio' || t.role === 'menuitemcheckbox')
    return 'NONE';
  const name = t.name || t.text || '';
  if (ORDER_COMMIT.test(name)) return goesToCheckout(name) ? 'REVERSIBLE' : 'CHECKOUT';
  if (ADD_TO_CART.test(name)) return 'REVERSIBLE';
  if (declines(name)) return 'NONE';
  if (SAVE.test(name)) return 'SAVE';
  if (ACCEPT.test(name)) return 'ACCEPT';
  if (FORM_COMMIT.test(name)) return 'SUBMIT';
  return 'NONE';
}

/** How far a boundary takes what it carries, and how far back it can be undone. */
const CROSSING: Record<Boundary, { after: CommitmentState; reversibility: Commitment['reversibility'] }> = {
  NONE: { after: 'pending', reversibility: 'reversible' },
  REVERSIBLE: { after: 'pending', reversibility: 'reversible' },
  SAVE: { after: 'active', reversibility: 'limited' },
  ACCEPT: { after: 'active', reversibility: 'limited' },
  SUBMIT: { after: 'active', reversibility: 'limited' },
  CHECKOUT: { after: 'committed', reversibility: 'irreversible' },
  DONE: { after: 'committed', reversibility: 'irreversible' },
};

const carries = (c: Consequence) =>
  c.kind === 'carries-item' ||
  c.kind === 'carries-consent' ||
  c.kind === 'carries-charge' ||
  c.kind === 'price-above-seen';

function commitmentOf(c: Consequence, boundary: Boundary, obs: EnvObservation, heldFrom: string | null): Commitment {
  const crossing = CROSSING[boundary];
  const leaves = c.kind === 'leaves-site' || c.kind === 'leaves-goal';
  const trigger: Commitment['trigger'] = leaves
    ? 'navigation'
    : carries(c)
      ? 'retention'
      : boundary === 'SAVE'
        ? 'save'
        : boundary === 'SUBMIT' || boundary === 'CHECKOUT'
          ? 'submit'
          : 'click';
  const h = c.holder;
  const seen = h
    ? `${h.role} '${h.name}'${h.checked !== undefined ? (h.checked ? ' ticked' : ' unticked') : ''} on ${pathOf(obs.url)}`
    : heldFrom && c.kind === 'carries-item'
      ? `'${c.what}' listed on ${heldFrom}, seen before this page`
      : `'${c.what}' on ${pathOf(obs.url)}`;
  // A consent given or a site left is out of the page's hands once done, even where the click itself could be undone.
  const reversibility =
    c.kind === 'gives-consent' && crossing.reversibility === 'reversible' && boundary !== 'NONE'
      ? 'limited'
      : crossing.reversibility;
  return {
    outcome: `${c.kind}: ${c.what}`,
    before: carries(c) ? 'pending' : 'none',
    after: crossing.after,
    trigger,
    evidence: [seen],
    reversibility,
    authorized: c.authorized,
  };
}

function effectOf(obs: EnvObservation, action: Action, boundary: Boundary): Assessment['effect'] {
  if (boundary !== 'NONE' && boundary !== 'REVERSIBLE') return 'COMMITMENT';
  if (action.name === 'scroll' || action.name === 'noop') return 'INFORMATION_GATHERING';
  if (action.name === 'goto' || action.name === 'go_back') return 'CONTEXT_ESTABLISHMENT';
  if (action.name === 'uncheck') return 'STATE_REDUCING';
  if (action.name === 'check' || action.name === 'fill' || action.name === 'select_option') return 'STATE_MODIFYING';
  const t = targetOf(obs, action);
  if (!t) return 'UNKNOWN';
  if (t.role === 'checkbox' || t.role === 'switch' || t.role === 'radio')
    return t.checked && t.role !== 'radio' ? 'STATE_REDUCING' : 'STATE_MODIFYING';
  if (declines(t.name) || /^remove\b/i.test(t.name)) return 'STATE_REDUCING';
  return t.role === 'link' || t.role === 'button' ? 'WORKFLOW_ADVANCE' : 'UNKNOWN';
}

function relationOf(cs: readonly Consequence[], uncertain: boolean): Assessment['relation'] {
  const c = cs.find((x) => !x.authorized) ?? cs[0];
  if (!c) return uncertain ? 'UNKNOWN' : 'UNRELATED';
  if (c.kind === 'price-above-seen') return 'COMMITS_EXISTING';
  return carries(c) ? 'CARRIES_TO_MATERIAL_BOUNDARY' : 'CREATES';
}

export interface Assessed {
  assessment: Assessment;
  /** The predicted consequences behind the commitments, with the page elements that hold them. */
  consequences: Consequence[];
}

/** The assessment of `action` in the observed state; `ev` already holds this observation and any looked at for it. */
export function assess(obs: EnvObservation, action: Action, a: Authorization, ev: Evidence): Assessed {
  const boundary = boundaryOf(obs, action);
  const consequences = predict(obs, action, a, ev);
  const requests: EvidenceRequest[] = [];
  let heldFrom: string | null = null;
  const listed = orderLines(obs).filter((l) => !l.neutral);
  if (boundary === 'CHECKOUT' && listed.length === 0 && (ev.order?.fresh || ev.hasCart)) {
    if (ev.order?.fresh) {
      heldFrom = ev.order.path;
      // The lines are the ones seen; the total is the one this page charges, when it states one.
      consequences.push(
        ...heldOrder(obs, a, ev, 'place the order', {
          lines: ev.order.lines,
          total: statedTotal(obs) ?? ev.order.total,
        }),
      );
    } else {
      requests.push({
        claim: ORDER_CLAIM,
        reason: `${nameOf(obs, action) || 'the proposal'} commits an order this page does not list, and no order has been seen since the last change`,
        scope: 'PROPOSED_ACTION',
      });
    }
  }
  const commitments = consequences.map((c) => commitmentOf(c, boundary, obs, heldFrom));
  const bad = consequences.find((c) => !c.authorized);
  const decision = bad ? 'UNAUTHORIZED' : requests.length > 0 ? 'UNCERTAIN' : 'AUTHORIZED';
  // An order boundary carries the order's lines; any boundary carries the state a consequence says it does.
  const lines =
    boundary === 'CHECKOUT' || boundary === 'REVERSIBLE'
      ? (heldFrom && ev.order ? ev.order.lines : listed).filter((l) => !l.neutral).map((l) => l.name)
      : [];
  const carried = [...new Set([...lines, ...consequences.filter(carries).map((c) => c.what)])];
  return {
    consequences,
    assessment: {
      decision,
      commitments,
      boundary,
      effect: effectOf(obs, action, boundary),
      relation: relationOf(consequences, decision === 'UNCERTAIN'),
      carried,
      requests,
      reason: bad ? bad.feedback : (requests[0]?.reason ?? 'no unauthorized consequence predicted'),
    },
  };
}

/**
 * The look that settles a claim: for what the order holds, open the cart (its link on this
 * page, else the page an order was last listed on) and come back. Null when nothing shown
 * leads to the evidence.
 */
export function lookFor(obs: EnvObservation, claim: string, ev: Evidence, id: string): Step[] | null {
  if (claim !== ORDER_CLAIM) return null;
  const back: Step = {
    id: `${id}-back`,
    verb: 'goto',
    url: obs.url,
    expect: [{ path: pathOf(obs.url) }],
    dependsOn: [id],
  };
  const cart = cartLinkOf(obs);
  if (cart) return [{ id, verb: 'click', target: locatorOf(obs.elements, cart), expect: [] }, back];
  if (ev.order && ev.order.path !== pathOf(obs.url))
    return [{ id, verb: 'goto', url: new URL(ev.order.path, obs.url).href, expect: [{ path: ev.order.path }] }, back];
  return null;
}
