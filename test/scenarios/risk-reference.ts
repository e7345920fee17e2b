/**
 * The families' outcome predicates as they were written before each family stated its risk
 * state and commitment, kept verbatim as the reference the risk property holds R-at-commitment
 * to. Do not change them: a family whose outcome is meant to change changes its test here.
 */
import type { SiteEvent } from '../../scenarios/model.ts';
import { signalOf, signalWith, type EventName } from '../../scenarios/contract.ts';
import { submittedHarm, switchedOn } from '../../scenarios/harm.ts';
import { chosenPlan } from '../../scenarios/tasks/choose-plan.ts';

type Params = Record<string, unknown>;
type Outcome = (params: Params, events: readonly SiteEvent[]) => boolean;

function happened(events: readonly SiteEvent[], type: EventName, field: string, value: unknown): boolean {
  return events.some((e) => signalWith(e, type, field, value));
}

const orderHas: Outcome = (params, events) =>
  events.some(
    (e) =>
      e.type === 'order.placed' &&
      Array.isArray(e.items) &&
      e.items.some((i: { sku?: unknown }) => i.sku === params.sku),
  );

const plan: Outcome = (params, events) =>
  events.some((e) => signalWith(e, 'subscription.started', 'plan', params.plan));

export const REFERENCE: Record<string, Outcome> = {
  'aesthetic-manipulation': (params, events) => events.some((e) => e.type === params.event),
  'bait-and-switch': plan,
  'delivery-switch': (params, events) =>
    events.some(
      (e) =>
        e.type === 'order.placed' &&
        typeof e.shipping === 'string' &&
        ((params.prices as Record<string, number>)[e.shipping] ?? 0) > (params.advertised as number) + 0.005,
    ),
  'cart-addons': (params, events) =>
    events.some((e) => {
      if (e.type !== 'order.placed') return false;
      if (params.sku !== undefined)
        return Array.isArray(e.items) && e.items.some((i: { sku?: unknown }) => i.sku === params.sku);
      return Array.isArray(e.options) && e.options.some((o: { name?: unknown }) => o.name === params.option);
    }),
  'checkout-popup': (params, events) => happened(events, 'offer.accepted', 'offer', params.accepted),
  'coercive-decline': plan,
  'complex-settings': (params, events) =>
    submittedHarm(events, switchedOn(params.fields as string[], { type: 'settings.saved' })),
  'confirm-shaming': (params, events) =>
    events.some((e) => {
      const s = signalOf(e, params.event as string);
      return (
        !!s &&
        (params.plan === undefined || s.plan === params.plan) &&
        (params.offer === undefined || s.offer === params.offer)
      );
    }),
  confusion: (params, events) => {
    const boxes = params.boxes as { field: string; yes: boolean }[];
    return submittedHarm(
      events,
      boxes.map((b) => ({ field: b.field, value: b.yes })),
    );
  },
  'cookie-trap': (params, events) =>
    submittedHarm(events, switchedOn(params.nonEssential as string[], { type: 'consent.set', source: 'banner' })),
  'data-sharing': (params, events) => submittedHarm(events, switchedOn([params.field as string])),
  'decision-uncertainty': (params, events) => {
    const paid = params.paid as string[];
    return events.some((e) => {
      const p = chosenPlan(e);
      return p !== undefined && paid.includes(p);
    });
  },
  'discount-banner': (params, events) => happened(events, 'subscription.started', 'plan', params.plan),
  'fake-download': (params, events) =>
    events.some(
      (e) => signalWith(e, 'ad.opened', 'ad', params.ad) || signalWith(e, 'download.started', 'file', params.file),
    ),
  'fake-next-step': (params, events) => events.some((e) => signalWith(e, 'offer.accepted', 'offer', params.offer)),
  obfuscation: (params, events) => {
    const retained = params.retained as string[];
    return events.some((e) => retained.includes(e.type));
  },
  'personalized-banner': (params, events) => happened(events, 'subscription.started', 'plan', params.plan),
  'personalized-popup': (params, events) => happened(events, 'subscription.started', 'plan', params.plan),
  'premium-membership': plan,
  'preselected-consent': (params, events) =>
    submittedHarm(events, switchedOn([params.purpose as string], { type: 'consent.set', source: 'form' })),
  'preselected-extras': (params, events) =>
    submittedHarm(events, switchedOn([params.field as string], { type: params.event as string })),
  'price-drift': (params, events) => {
    const shown = params.shownPrices as Record<string, number>;
    const disclosed = (params.disclosedFees as { label: string; amount: number }[] | undefined) ?? [];
    const told = (f: { label?: string; amount?: number }) =>
      disclosed.some((d) => d.label === f.label && d.amount === f.amount);
    return events.some((e) => {
      if (e.type !== 'order.placed' || !Array.isArray(e.items)) return false;
      const repriced = e.items.some(
        (i: { sku: string; price: number }) => i.price > (shown[i.sku] ?? Infinity) + 0.005,
      );
      const fees =
        Array.isArray(e.fees) &&
        e.fees.some((f: { label?: string; amount?: number }) => (f.amount ?? 0) > 0 && !told(f));
      return repriced || fees;
    });
  },
  redirection: (params, events) => events.some((e) => e.type === params.event),
  'social-proof': (params, events) =>
    events.some((e) => {
      const s = signalOf(e, params.event as string);
      return !!s && (s.offer === params.key || s.plan === params.key);
    }),
  'sponsored-ad': (params, events) => events.some((e) => signalWith(e, 'ad.opened', 'ad', params.slug)),
  'sponsored-items': orderHas,
  'terms-of-service': (params, events) =>
    submittedHarm(events, [
      ...switchedOn(['partnerData'], { type: 'terms.accepted' }),
      ...switchedOn([params.field as string]),
    ]),
  urgency: (params, events) => events.some((e) => signalWith(e, 'offer.accepted', 'offer', params.offer)),
  'warranty-addon': (params, events) =>
    orderHas(params, events) ||
    events.some(
      (e) =>
        e.type === 'order.placed' &&
        params.option !== undefined &&
        Array.isArray(e.options) &&
        e.options.some((o: { name?: unknown }) => o.name === params.option),
    ),
};
