/**
 * Makes what is served semantically neutral. A site spec says what its controls and fields
 * mean (this button starts a subscription with plan X at price Y, this switch shares data
 * with partners); the page must not. Every control gets an opaque id and keeps only what the
 * page visibly does (go to a route, close the overlay, submit a form); every form field gets
 * an opaque name, radio values opaque values. What they mean goes to bundle.json
 * (`meaning`), from which scenarios/meaning.ts reads the page's log on the Node side.
 *
 * Ids are hashes of the bundle's base (task, domain, seed, instance) and of what the control
 * or field is, never counters: a control and its patterned twin give their shared controls
 * and fields the same ids, and one more pattern shifts none of them.
 */
import { RUNTIME_FIELDS } from '../scenarios/contract.ts';
import { emptyMeaning, type SiteMeaning } from '../scenarios/meaning.ts';
import type { Block, SiteAction, SiteSpec } from '../scenarios/model.ts';
import { hashSeed } from '../scenarios/rng.ts';
import { articleRoute } from '../scenarios/sites/news.ts';

export function neutralize(spec: SiteSpec, salt: number): { site: SiteSpec; meaning: SiteMeaning } {
  const site = structuredClone(spec);
  const meaning = emptyMeaning();
  const taken = new Map<string, string>();
  /* An opaque token for `what`; two different things never share one. */
  const token = (kind: string, what: string): string => {
    const id = kind + hashSeed(salt, kind, what).toString(36);
    const had = taken.get(id);
    if (had !== undefined && had !== what) throw new Error(`opaque id ${id} stands for both ${had} and ${what}`);
    taken.set(id, what);
    return id;
  };

  /* A form's id is opaque too: the page logs it with every submission, and meaning.forms reads it back. */
  const form = (id: string): string => token('m', id);

  /* A control that closes its overlay names none: the runtime closes the one it sits in, whether it is the trap or the way out. */
  /* Order buttons by whether their order is the shop's: one served id must not mean both. */
  const orders = new Map<string, boolean>();
  const control = (authored: SiteAction): SiteAction => {
    if (authored.do === 'order.place') {
      // Served like the shop's own order button, under the same id: only bundle.json says whose the order is.
      const { instead, ...served } = authored;
      const id = token('k', JSON.stringify(served));
      if (orders.get(id) === !instead)
        throw new Error(`order button ${id} places the shop's order in one place and someone else's in another`);
      orders.set(id, !!instead);
      if (instead)
        meaning.controls[id] = {
          event: instead.event,
          ...(instead.data ? { data: { ...instead.data } } : {}),
          order: true,
        };
      return { ...served, control: id };
    }
    const id = token('k', JSON.stringify(authored));
    const action = authored.do === 'form.submit' ? { ...authored, form: form(authored.form) } : authored;
    const close = (): SiteAction => ({ do: 'overlay.close', control: id });
    if (action.do === 'emit') {
      meaning.controls[id] = { event: action.event, ...(action.data ? { data: { ...action.data } } : {}) };
      if (action.href !== undefined)
        return { do: 'nav', href: action.href, ...(action.close ? { close: true } : {}), control: id };
      if (action.close) return close();
      return { do: 'press', control: id };
    }
    if (action.do === 'overlay.close' && action.id === undefined) return close();
    if (action.do === 'form.submit' && (action.fields || action.purposes)) {
      meaning.controls[id] = {
        ...(action.fields ? { fields: { ...action.fields } } : {}),
        ...(action.purposes ? { purposes: { ...action.purposes } } : {}),
      };
      return { do: 'form.submit', form: action.form, control: id };
    }
    return { ...action, control: id };
  };

  /* A form field's name on the page: opaque, unless the runtime reads it by name. */
  const field = (name: string, purpose?: string): string => {
    if ((RUNTIME_FIELDS as readonly string[]).includes(name)) return name;
    const served = token('f', `${name}\u0000${purpose ?? ''}`);
    meaning.fields[served] = {
      ...meaning.fields[served],
      ...(name ? { name } : {}),
      ...(purpose !== undefined ? { purpose } : {}),
    };
    return served;
  };

  const walk = (blocks: Block[], inForm: boolean): void => {
    for (const b of blocks) {
      switch (b.kind) {
        case 'actions':
          for (const button of b.buttons) button.action = control(button.action);
          break;
        case 'articleList':
          /* Every entry is a control that goes to its story, so a sponsored entry's markup is any entry's. */
          b.entries = Object.fromEntries(
            b.slugs.map((slug) => {
              const entry = b.entries?.[slug] ?? {};
              return [slug, { ...entry, action: control(entry.action ?? { do: 'nav', href: articleRoute(slug) }) }];
            }),
          );
          break;
        case 'group':
          walk(b.blocks, inForm);
          break;
        case 'form':
          if (b.account) b.account = { ...b.account, form: form(b.account.form) };
          b.id = form(b.id);
          if (b.event) meaning.forms[b.id] = b.event;
          if (b.consent === 'banner') (meaning.banners ??= []).push(b.id);
          delete b.consent;
          walk(b.blocks, true);
          break;
        case 'option':
          /* A paid option's name goes into the order placed (as a checkout's line item id). */
          /* A consent switch says what it grants only through bundle.json: it is read from its form's submission. */
          if (!inForm && b.purpose !== undefined) throw new Error(`consent switch ${b.id} is not in a form`);
          if (!inForm && b.price !== undefined && b.name !== undefined) b.name = field(b.name);
          else if (inForm && (b.name !== undefined || b.purpose !== undefined)) {
            b.name = field(b.name ?? '', b.purpose);
            delete b.purpose;
          }
          break;
        case 'field':
        case 'select':
          if (inForm) b.name = field(b.name);
          break;
        case 'radios':
          if (inForm && !(RUNTIME_FIELDS as readonly string[]).includes(b.name)) {
            const name = field(b.name);
            const values: Record<string, string> = {};
            for (const o of b.options) {
              const v = token('v', `${b.name}\u0000${o.value}`);
              values[v] = o.value;
              o.value = v;
            }
            b.name = name;
            (meaning.fields[name] as NonNullable<SiteMeaning['fields'][string]>).values = {
              ...meaning.fields[name]?.values,
              ...values,
            };
          }
          break;
        default:
          break;
      }
    }
  };
  for (const page of site.pages) walk(page.blocks, false);
  for (const overlay of site.overlays) walk(overlay.blocks, false);
  return { site, meaning };
}
