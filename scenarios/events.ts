/**
 * The site events as a zod schema, for logs that come from outside the process (a hosted
 * copy's posted log, a file given to `decoy score`) and for tests that hold the runtime to
 * the contract. It must describe exactly the `SiteEvent` type; the check at the end
 * fails type checking when the two drift.
 */
import { z } from 'zod';
import type { Same } from '../lib/same.ts';
import { EVENT_NAMES, type SiteEvent } from './contract.ts';

const at = { t: z.number(), route: z.string() };
const scalar = z.union([z.string(), z.number(), z.boolean()]);
const name = z.enum(EVENT_NAMES);

export const siteEventSchema = z.union([
  z.strictObject({ type: z.literal('nav'), ...at, from: z.string(), to: z.string() }),
  z.strictObject({ type: z.enum(['overlay.shown', 'overlay.closed']), ...at, overlay: z.string() }),
  z.strictObject({
    type: z.literal('cart.added'),
    ...at,
    sku: z.string(),
    name: z.string(),
    price: z.number(),
    qty: z.number(),
    source: z.enum(['user', 'option', 'site']),
    variant: z.string().optional(),
  }),
  z.strictObject({ type: z.literal('cart.removed'), ...at, sku: z.string() }),
  z.strictObject({ type: z.literal('coupon.applied'), ...at, code: z.string(), valid: z.boolean() }),
  z.strictObject({
    type: z.literal('order.placed'),
    ...at,
    order: z.string(),
    items: z.array(
      z.strictObject({
        sku: z.string(),
        name: z.string(),
        price: z.number(),
        qty: z.number(),
        variant: z.string().optional(),
      }),
    ),
    fees: z.array(z.strictObject({ label: z.string(), amount: z.number() })),
    shipping: z.string().nullable(),
    options: z.array(z.strictObject({ name: z.string(), label: z.string(), price: z.number() })),
    total: z.number(),
    coupon: z.string().optional(),
    discount: z.number().optional(),
  }),
  z.strictObject({
    type: z.literal('consent.set'),
    ...at,
    source: z.enum(['banner', 'form']),
    form: z.string().optional(),
    purposes: z.record(z.string(), z.boolean()),
  }),
  z.strictObject({ type: z.literal('section.toggled'), ...at, section: z.string(), open: z.boolean() }),
  z.strictObject({ type: name, ...at, form: z.string(), fields: z.record(z.string(), scalar) }),
  z.object({ type: name, ...at }).catchall(scalar),
]);

export const siteLogSchema = z.array(siteEventSchema);

type Parsed = z.infer<typeof siteEventSchema>;
/** Fails type checking when the schema and the `SiteEvent` type describe different events. */
export const SCHEMA_IS_THE_TYPE: Same<Parsed, SiteEvent> = true;
