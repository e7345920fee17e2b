import { describe, expect, it } from 'vitest';
import { generateSuite } from '../../generator/bundle.ts';
import { adhocSuite, allSpecs } from '../helpers.ts';
import { ANSWERS, ATTR, type ControlAction, type ControlsData } from '../../scenarios/contract.ts';
import { JSDOM } from 'jsdom';

/*
 * Layout is not what an element is: its box moves when a pattern's block goes in above it. (What
 * the shop charges and adds, and what a control does, are the site's answers, compared below.)
 */
const LAYOUT = new Set(['style']);

/** An element's opening tag as the comparison reads it: its tag and attributes, in their order, layout aside. */
function head(el: Element, skip: ReadonlySet<string>): string {
  return `<${el.localName}${Array.from(el.attributes, (a) => (skip.has(a.name) ? '' : ` ${a.name}="${a.value}"`)).join('')}>`;
}

/* Two windows, the control's and the twin's, parse page after page: a window per page costs more than the parse. */
const windows = [new JSDOM('').window, new JSDOM('').window];

/**
 * A page as the browser parses it, into window `slot`. Script and style text is code, not
 * elements (the site's data is the neutrality tests' business); inline styles are layout, and
 * parsing them is most of the cost, so they go before the parse.
 */
function parse(html: string, slot: number): Document {
  const doc = (windows[slot] as (typeof windows)[number]).document;
  doc.documentElement.innerHTML = html
    .replace(/<(script|style)\b([^>]*)>[\s\S]*?<\/\1>/g, '<$1$2></$1>')
    .replace(/\sstyle="[^"]*"/g, '')
    .replace(/^[\s\S]*?<html[^>]*>/, '')
    .replace(/<\/html>\s*$/, '');
  return doc;
}

/** Every element that has an id, by id: its opening tag. */
function identified(doc: Document, leave: ReadonlySet<Element> = new Set()): Map<string, string> {
  const out = new Map<string, string>();
  for (const el of Array.from(doc.querySelectorAll('[id]'))) if (!leave.has(el)) out.set(el.id, head(el, LAYOUT));
  return out;
}

/** Every element by place (root, ancestors' tags), tag, attributes and own text → how many there are. */
function placed(doc: Document, leave: ReadonlySet<Element> = new Set()): Map<string, number> {
  const out = new Map<string, number>();
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    if (leave.has(el)) continue;
    const up: Element[] = [];
    for (let p = el.parentElement; p; p = p.parentElement) up.unshift(p);
    const root = [...up].reverse().find((o) => o.localName === 'main' || o.hasAttribute(ATTR.overlay));
    const own = Array.from(el.childNodes, (n) => (n.nodeType === 3 ? n.textContent : ''))
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    const key = `${root ? head(root, LAYOUT) : 'document'} | ${up.map((o) => o.localName).join(' > ')} | ${head(el, LAYOUT)} ${own}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/**
 * What of the control's page is not in the twin's as it was: by id, then by place. A control's
 * overlay that takes a press is furniture's interstitial (a control has no pattern), which stands
 * down, whole, where a pattern takes its page or changes its press: it goes uncounted then.
 */
function changes(controlHtml: string, twinHtml: string): string[] {
  const out: string[] = [];
  const [control, twin] = [parse(controlHtml, 0), parse(twinHtml, 1)];
  const stoodDown = Array.from(control.querySelectorAll(`[${ATTR.overlay}][${ATTR.takes}]`)).filter(
    (o) => !twin.querySelector(`[${ATTR.overlay}="${o.getAttribute(ATTR.overlay)}"]`),
  );
  const inside = new Set(stoodDown.flatMap((o) => [o, ...Array.from(o.querySelectorAll('*'))]));
  const before = identified(control, inside);
  const after = identified(twin);
  for (const [id, el] of before) {
    const now = after.get(id);
    if (now !== el) out.push(now === undefined ? `removed ${el}` : `${el} became ${now}`);
  }
  const had = placed(control, inside);
  const has = placed(twin);
  for (const [key, n] of had) if ((has.get(key) ?? 0) < n) out.push(`lost ${n - (has.get(key) ?? 0)} of ${key}`);
  return out;
}

/** What a control of the control site does otherwise in the twin, by the site's answer (contract.ts ANSWERS.controls). */
function changedAnswers(control: ControlsData, twin: ControlsData): string[] {
  const said = (a: ControlAction | undefined) => JSON.stringify(a);
  return Object.keys(control)
    .filter((id) => Object.hasOwn(twin, id) && said(control[id]) !== said(twin[id]))
    .map((id) => `control ${id} does ${said(control[id])} in the control, ${said(twin[id])} in the twin`);
}

const answersOf = (files: Record<string, string> | undefined): ControlsData =>
  JSON.parse(files?.[ANSWERS.controls] ?? '{}') as ControlsData;

/** Where a pattern changes what is not its own: family-variant → the control's elements it changes or removes, and the controls it makes do otherwise. */
function intrusions(seed: number): Record<string, string[]> {
  const specs = [
    ...new Map(
      allSpecs()
        .filter((s) => s.patterns.length)
        .map((s) => [`${s.patterns[0]?.family}-${s.patterns[0]?.variant}`, s]),
    ).values(),
  ];
  const out: Record<string, string[]> = {};
  for (const spec of specs) {
    const [control] = generateSuite(adhocSuite([{ ...spec, patterns: [] }]), seed);
    const [twin] = generateSuite(adhocSuite([spec]), seed);
    const changed = [
      ...changes(control?.files['index.html'] as string, twin?.files['index.html'] as string),
      ...changedAnswers(answersOf(control?.files), answersOf(twin?.files)),
    ];
    if (changed.length) out[`${spec.patterns[0]?.family}-${spec.patterns[0]?.variant}`] = changed;
  }
  return out;
}

/*
 * What a pattern may withhold of the base page, because withholding it is the pattern: a
 * paywall teaser (bait-and-switch) shows the story's first paragraph and keeps the byline and
 * the rest behind its continuation. The story stays the same `<article>`; only paragraphs
 * inside it may go missing, and nothing of the control may change kind, attributes or text.
 */
const WITHHOLDS: Record<string, RegExp> = {
  'bait-and-switch': /^lost \d+ of <main [^|]*> \| html > body > main > article \| <p> /,
  /*
   * A delivery switch is the delivery choices themselves: the checkout's options and which is
   * chosen first, and the product page's line saying what delivery costs. Nothing else may change.
   */
  'delivery-switch': /name="shipping"|delivery|shipping|Ships in|Free returns/i,
  /* A quantity raised before the user chose one is the quantity box's starting value, and nothing else of it. */
  'warranty-addon':
    /^<input [^>]*name="qty"[^>]* value="1"[^>]*> became <input [^>]*name="qty"[^>]* value="[23]"|^lost 1 of <main [^|]*> \| [^|]* \| <input [^>]*name="qty"[^>]* value="1"[^>]*> $/,
};

describe('a control and its patterned twin', () => {
  it("differ only in the pattern's own elements: every element of the control keeps its id or place, tag, attributes and text, over every family variant", () => {
    const found = intrusions(3);
    const withheld = Object.entries(found).filter(([k]) => Object.keys(WITHHOLDS).some((f) => k.startsWith(`${f}-`)));
    const rest = Object.fromEntries(
      Object.entries(found)
        .map(
          ([k, v]) =>
            [
              k,
              v.filter((c) => !Object.entries(WITHHOLDS).some(([f, re]) => k.startsWith(`${f}-`) && re.test(c))),
            ] as const,
        )
        .filter(([, v]) => v.length),
    );
    console.log(
      Object.entries(found)
        .map(([k, v]) => `${k}: ${v.length} changed, e.g. ${v[0]}`)
        .join('\n'),
    );
    expect(rest).toEqual({});
    // The teaser and the switch do change something: the exceptions are not vacuous.
    expect(withheld.length).toBe(7);
  }, 120_000);

  it('the comparison sees a changed action, a removed element, a block of another kind, a moved one and reworded text, and lets added blocks and layout pass', () => {
    const page = (inner: string) => `<main data-route="/x" style="height:9px">${inner}</main>`;
    const base = page(
      '<article data-flow="20" style="top:0px"><p style="top:1px">Story</p></article><button id="k1" type="button" data-control="c1" style="left:0px">Go</button><input id="k2" type="checkbox">',
    );
    expect(
      changes(
        base,
        page(
          '<div class="ad" data-flow="20"><p>Advert</p></div><article data-flow="20" style="top:40px"><p style="top:2px">Story</p></article><button id="k1" type="button" data-control="c1" style="left:4px">Go</button><input id="k2" type="checkbox"><div data-takes="k1"></div>',
        ),
      ),
    ).toEqual([]);
    const changed = (twin: string) => changes(base, page(twin));
    expect(
      changedAnswers(
        { c1: { do: 'nav', arg: '/checkout' }, c2: { do: 'press' } },
        { c1: { do: 'overlay.open', arg: 'k9' }, c2: { do: 'press' }, c3: { do: 'press' } },
      ),
    ).toEqual([
      'control c1 does {"do":"nav","arg":"/checkout"} in the control, {"do":"overlay.open","arg":"k9"} in the twin',
    ]);
    expect(
      changed(
        '<article data-flow="20"><p>Story</p></article><button id="k1" type="button" data-control="c9">Go</button><input id="k2" type="checkbox">',
      ).join(),
    ).toMatch(/k1.*became/);
    expect(
      changed(
        '<article data-flow="20"><p>Story</p></article><button id="k1" type="button" data-control="c1">Go</button>',
      ).join(),
    ).toMatch(/removed <input id="k2"/);
    expect(
      changed(
        '<div data-flow="20"><p>Story</p></div><button id="k1" type="button" data-control="c1">Go</button><input id="k2" type="checkbox">',
      ).join(),
    ).toMatch(/lost 1 of .*<article data-flow="20">/);
    expect(
      changed(
        '<div class="group-card"><article data-flow="20"><p>Story</p></article></div><button id="k1" type="button" data-control="c1">Go</button><input id="k2" type="checkbox">',
      ).join(),
    ).toMatch(/lost 1 of .*<article/);
    expect(
      changed(
        '<article data-flow="20"><p>Another story</p></article><button id="k1" type="button" data-control="c1">Go</button><input id="k2" type="checkbox">',
      ).join(),
    ).toMatch(/lost 1 of .*<p> Story/);
    // Furniture's interstitial may stand down whole; another overlay may not, nor may it change.
    const pause =
      '<div data-overlay="p1" data-takes="nav /checkout"><button id="k3" data-control="c3">All clear</button></div>';
    const notice = '<div data-overlay="n1" data-show-after="0"><button id="k4" data-control="c4">Got it</button></div>';
    expect(changes(base + pause + notice, base + notice)).toEqual([]);
    expect(changes(base + pause + notice, base + pause).join()).toMatch(/removed <button id="k4"/);
    expect(changes(base + pause, base + pause.replace('All clear', 'Fine, go on')).join()).toMatch(/All clear/);
  });
});
