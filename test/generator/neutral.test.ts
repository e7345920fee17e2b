import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, type PageEvent } from '../../scenarios/contract.ts';
import { siteEvents, type SiteMeaning } from '../../scenarios/meaning.ts';
import { suites } from '../../scenarios/index.ts';
import { generateSuite, type Bundle } from '../../generator/bundle.ts';
import { adhocSuite, allSpecs } from '../helpers.ts';

/** Every string an evaluator parameter holds (nested lists and records included). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const words = (s: string) =>
  ` ${s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

const decode = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[e] ?? '',
  );

/** What a person or an agent reads on the pages: text, and the names and labels the accessibility tree shows. */
function visible(html: string): string {
  const body = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ');
  const text = body.replace(/<[^>]*>/g, ' ');
  const labels = [...body.matchAll(/\s(?:aria-label|alt|title)="([^"]*)"/g)].map((m) => m[1] as string);
  return words(decode([text, ...labels].join(' ')));
}

/** `value` as a whole token of the served file (not part of a longer name: "family" in "font-family" is not it). */
const served = (html: string, value: string) =>
  new RegExp(`(?<![\\w-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(html);

/* One configuration per family variant and per task's control (the markup depends on nothing
   else), plus every combination the multi-pattern suite composes. */
function sample(): Bundle[] {
  const specs = [
    ...new Map(
      allSpecs().map((s) => [s.patterns.length ? `${s.patterns[0]?.family}-${s.patterns[0]?.variant}` : s.task, s]),
    ).values(),
  ];
  return [...generateSuite(adhocSuite(specs), 11), ...generateSuite(suites.get('trickyarena-multi'), 11)];
}

describe('what is served is neutral', () => {
  const bundles = sample();

  it('no evaluator parameter value appears in the served files unless it is also visible text, over every family variant and every multi-pattern combination', () => {
    const leaks: string[] = [];
    let checked = 0;
    for (const b of bundles) {
      const html = b.files['index.html'] as string;
      const shown = visible(html);
      for (const p of b.manifest.evaluator.patterns) {
        for (const v of strings(p.params)) {
          checked++;
          /* A sku is the catalogue's id of a product, of one form (p and four digits) for every product: the cart and orders record it. */
          if (!served(html, v) || /^p\d{4}$/.test(v)) continue;
          if (!shown.includes(words(v))) leaks.push(`${b.manifest.id}: ${p.family} ${JSON.stringify(v)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(leaks).toEqual([]);
  });

  it("no served page names a site event, or carries an event payload or a control's submitted fields", () => {
    for (const b of bundles) {
      const html = b.files['index.html'] as string;
      for (const name of EVENT_NAMES) expect(html.includes(name) ? `${b.manifest.id}: ${name}` : '').toBe('');
      expect(html).not.toMatch(/data-(payload|fields|event)=/);
    }
  });
});

describe("the page log is read with the bundle's meaning", () => {
  const meaning: SiteMeaning = {
    controls: {
      k1: { event: 'subscription.started', data: { plan: 'Plus', price: 9.99 } },
      k2: {},
      k3: { fields: { terms: 'all' } },
    },
    forms: { signup: 'account.created' },
    fields: { f1: { name: 'email' }, f2: { purpose: 'partners' }, f3: { name: 'plan', values: { v1: 'trial' } } },
  };
  const at = { t: 5, route: '/x' };

  it("a press becomes its control's event with its data; a press that means nothing drops out; other records pass unchanged", () => {
    const log: PageEvent[] = [
      { type: 'press', control: 'k1', ...at },
      { type: 'press', control: 'k2', ...at },
      { type: 'nav', from: '/', to: '/x', ...at },
    ];
    expect(siteEvents(meaning, log)).toEqual([
      { type: 'subscription.started', plan: 'Plus', price: 9.99, ...at },
      { type: 'nav', from: '/', to: '/x', ...at },
    ]);
  });

  it("a sent form becomes its consent (from purpose fields) and its event, fields renamed, values restored, the pressed control's fields added", () => {
    const log: PageEvent[] = [
      { type: 'submit', form: 'signup', control: 'k3', fields: { f1: 'a@b.c', f2: true, f3: 'v1', qty: '2' }, ...at },
    ];
    expect(siteEvents(meaning, log)).toEqual([
      { type: 'consent.set', source: 'form', form: 'signup', purposes: { partners: true }, ...at },
      {
        type: 'account.created',
        form: 'signup',
        fields: { email: 'a@b.c', plan: 'trial', qty: '2', terms: 'all' },
        ...at,
      },
    ]);
  });

  it("a banner form's submission is the banner's consent: its switches, or what the pressed control grants whatever they say; it records no event of its own", () => {
    const banner: SiteMeaning = {
      controls: { save: {}, all: { purposes: { ads: true, stats: true } } },
      forms: {},
      fields: { f1: { purpose: 'ads' }, f2: { purpose: 'stats' } },
      banners: ['b'],
    };
    const sent = (control: string): PageEvent => ({
      type: 'submit',
      form: 'b',
      control,
      fields: { f1: false, f2: true },
      ...at,
    });
    expect(siteEvents(banner, [sent('save'), sent('all')])).toEqual([
      { type: 'consent.set', source: 'banner', purposes: { ads: false, stats: true }, ...at },
      { type: 'consent.set', source: 'banner', purposes: { ads: true, stats: true }, ...at },
    ]);
  });

  it("ids and values named like what every object has (constructor, toString, __proto__) are the page's own: they mean nothing unless the meaning names them", () => {
    const log: PageEvent[] = [
      { type: 'press', control: 'constructor', ...at },
      { type: 'submit', form: 'toString', control: 'valueOf', fields: { f1: 'a@b.c' }, ...at },
      {
        type: 'submit',
        form: 'signup',
        control: 'hasOwnProperty',
        fields: { constructor: 'x', toString: true, f3: 'constructor' },
        ...at,
      },
    ];
    const events = siteEvents(meaning, log);
    expect(events).toEqual([
      {
        type: 'account.created',
        form: 'signup',
        fields: { constructor: 'x', toString: true, plan: 'constructor' },
        ...at,
      },
    ]);
    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
    // A served field named __proto__ is kept as a field, as any name the meaning does not know.
    const [proto] = siteEvents(meaning, [
      { type: 'submit', form: 'signup', control: '', fields: JSON.parse('{"__proto__": "x"}'), ...at },
    ]);
    expect(Object.hasOwn((proto as { fields: object }).fields, '__proto__')).toBe(true);
  });
});
