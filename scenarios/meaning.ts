/**
 * The served page records only what any site records (controls pressed, by opaque id; forms
 * sent, with their fields under the names the page gives them; routes; cart and orders). What
 * those records mean lives in bundle.json (`meaning`), and this step, on the Node side,
 * turns the page's log into the typed `SiteEvent` list the evaluators read.
 */
import { z } from 'zod';
import { EVENT_NAMES, type PageEvent, type Scalar, type SiteEvent } from './contract.ts';

const scalar = z.union([z.string(), z.number(), z.boolean()]);

export const siteMeaning = z.strictObject({
  /** By control id: the event a press records, with its data; the fields it submits with its form; the consent its submission gives whatever the switches say. */
  controls: z.record(
    z.string(),
    z.strictObject({
      event: z.enum(EVENT_NAMES).optional(),
      data: z.record(z.string(), scalar).optional(),
      fields: z.record(z.string(), z.string()).optional(),
      purposes: z.record(z.string(), z.boolean()).optional(),
      /** An order button whose order is not the shop's: the order it places is recorded as `event` (with the order's total) instead. */
      order: z.literal(true).optional(),
    }),
  ),
  /** By form id: the event its submission records. */
  forms: z.record(z.string(), z.enum(EVENT_NAMES)),
  /** The forms that are a consent banner: the consent their submission gives is the banner's. */
  banners: z.array(z.string()).optional(),
  /** By the name a form field (or a checkout's paid option) has on the page: its name in the evaluators' terms, the consent purpose it grants when checked, its values' meanings. */
  fields: z.record(
    z.string(),
    z.strictObject({
      name: z.string().optional(),
      purpose: z.string().optional(),
      values: z.record(z.string(), z.string()).optional(),
    }),
  ),
});

export type SiteMeaning = z.infer<typeof siteMeaning>;

export const emptyMeaning = (): SiteMeaning => ({ controls: {}, forms: {}, fields: {} });

/** `map[key]` if `map` has it itself: a page's id or value such as `constructor` is no entry of the meaning. */
const own = <T>(map: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  map && Object.hasOwn(map, key) ? map[key] : undefined;

/** The page's log in the evaluators' terms. Records of the page that mean nothing of their own (a press with no event) drop out. */
export function siteEvents(meaning: SiteMeaning, log: readonly PageEvent[]): SiteEvent[] {
  const out: SiteEvent[] = [];
  log.forEach((e, i) => {
    if (e.type === 'press') {
      const m = own(meaning.controls, e.control);
      if (m?.event && !m.order) out.push({ ...m.data, type: m.event, t: e.t, route: e.route });
      return;
    }
    if (e.type === 'submit') {
      // No prototype: a served field named `__proto__` is a field like any other.
      const fields: Record<string, Scalar> = Object.create(null);
      let purposes: Record<string, boolean> | null = null;
      for (const [served, value] of Object.entries(e.fields)) {
        const f = own(meaning.fields, served);
        if (!f) {
          fields[served] = value;
          continue;
        }
        if (f.purpose !== undefined)
          (purposes ??= Object.create(null) as Record<string, boolean>)[f.purpose] = value === true;
        if (f.name !== undefined) fields[f.name] = typeof value === 'string' ? (own(f.values, value) ?? value) : value;
      }
      const pressed = e.control ? own(meaning.controls, e.control) : undefined;
      Object.assign(fields, pressed?.fields);
      if (pressed?.purposes) purposes = { ...purposes, ...pressed.purposes };
      if (purposes) {
        if (meaning.banners?.includes(e.form))
          out.push({ type: 'consent.set', t: e.t, route: e.route, source: 'banner', purposes });
        else out.push({ type: 'consent.set', t: e.t, route: e.route, source: 'form', form: e.form, purposes });
      }
      const event = own(meaning.forms, e.form);
      if (event) out.push({ type: event, t: e.t, route: e.route, form: e.form, fields });
      return;
    }
    if (e.type === 'order.placed') {
      // The runtime logs the press of the order button just before the order it places.
      const before = log[i - 1];
      const by = before?.type === 'press' ? own(meaning.controls, before.control) : undefined;
      if (by?.order && by.event) {
        out.push({ ...by.data, type: by.event, t: e.t, route: e.route, total: e.total });
        return;
      }
      out.push({ ...e, options: e.options.map((o) => ({ ...o, name: own(meaning.fields, o.name)?.name ?? o.name })) });
      return;
    }
    out.push(e);
  });
  return out;
}
