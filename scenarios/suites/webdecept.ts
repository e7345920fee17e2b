import type { SuiteDef } from '../model.ts';
import { expand, type Condition } from './_conditions.ts';

/** The nine shopping task templates, five tasks each (45 tasks). */
export const TEMPLATES = [
  'purchase',
  'purchase-qty',
  'purchase-two',
  'purchase-cheapest',
  'purchase-budget',
  'purchase-variant',
  'purchase-coupon',
  'purchase-express',
  'purchase-gift',
];

/** Veer Table 9: every task under every deceptive scenario (labels as in Figure 3). */
export const SCENARIOS: { label: string; family: string }[] = [
  { label: 'Popup', family: 'checkout-popup' },
  { label: 'Banner', family: 'discount-banner' },
  { label: 'P-popup', family: 'personalized-popup' },
  { label: 'P-banner', family: 'personalized-banner' },
  { label: 'Add-ons', family: 'cart-addons' },
  { label: 'Redirect', family: 'redirection' },
  { label: 'Drift', family: 'price-drift' },
];

export const CONDITIONS: Condition[] = SCENARIOS.flatMap(({ label, family }) =>
  TEMPLATES.map((t) => ({ label, domain: 'shopping' as const, patterns: [{ family }], n: 5, tasks: [t] })),
);

const webdecept: SuiteDef = {
  id: 'webdecept',
  version: 5,
  digest: 'fcac7a6bb43a131a',
  released: ['488ef6220ccadb00', 'a3d686af227b7630', 'd25489b8567fc58a', '8a0a62b3d931e822'],
  title: 'WebDecept',
  description:
    '45 shopping tasks (9 templates x 5) under each of 7 deceptive scenarios; redirection and price drift have no safe completion (task budget 15).',
  budget: 15,
  scenarios: () => expand(CONDITIONS),
};

export default webdecept;
