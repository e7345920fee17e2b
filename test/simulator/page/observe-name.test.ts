import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { computeAccessibleName } from 'dom-accessibility-api';
import { collapse, nameOf, tableStep } from '../../../simulator/page/observe.ts';
import { cheapComputedStyle } from '../../../simulator/page/dom/style.ts';
import { controlOf, labelsOf, lendAll, readLabels } from '../../../simulator/page/dom/labels.ts';
import { kept, whileUnchanged } from '../../../simulator/page/dom/unchanged.ts';

/** The full accessible-name computation, as nameOf would run it for every element. */
const full = (el: Element) =>
  computeAccessibleName(el, {
    getComputedStyle: cheapComputedStyle as unknown as typeof window.getComputedStyle,
    computedStyleSupportsPseudoElements: false,
  })
    .replace(/\s+/g, ' ')
    .trim();

const text = fc.constantFrom('', ' ', 'Buy', '  Add \n to cart ', 'Go\u00a0on', '\t', 'No thanks');
const attr = fc.constantFrom(
  '',
  '',
  '',
  ' role="button"',
  ' role="presentation"',
  ' role="link"',
  ' aria-label="Named"',
  ' aria-label=" "',
  ' aria-labelledby="l0"',
  ' aria-owns="l0"',
  ' title="Tip"',
  ' title=" "',
  ' alt="Alt"',
  ' alt=""',
  ' role="img"',
  ' role="navigation"',
  ' role="region"',
  ' role="menu"',
  ' hidden',
  ' aria-hidden="true"',
  ' style="display:none"',
  ' style="visibility:hidden"',
  ' style="visibility:visible"',
  ' id="b0"',
);
// Mostly text, as most names are; now and then something the text alone does not name.
const child = fc.oneof(
  { arbitrary: text, weight: 8 },
  { arbitrary: text.map((t) => `<span>${t}</span>`), weight: 1 },
  { arbitrary: fc.constant('<!-- c -->'), weight: 1 },
  { arbitrary: text.map((t) => `<img alt="${t}">`), weight: 1 },
  { arbitrary: fc.constant('<div style="display:block">x</div>'), weight: 1 },
);
const element = fc
  .record({
    tag: fc.constantFrom(
      'button',
      'a href="/x"',
      'a',
      'h2',
      'h6',
      'div',
      'span',
      'nav',
      'main',
      'header',
      'footer',
      'section',
      'section aria-label="S"',
      'form',
      'article',
      'aside',
      'img',
      'img alt="Pic"',
      'fieldset',
    ),
    attrs: fc.array(attr, { maxLength: 2 }),
    children: fc.array(child, { minLength: 1, maxLength: 3 }),
  })
  .map(
    ({ tag, attrs, children }) => `<${tag}${[...new Set(attrs)].join('')}>${children.join('')}</${tag.split(' ')[0]}>`,
  );
const page = fc.record({
  elements: fc.array(element, { minLength: 1, maxLength: 8 }),
  label: fc.constantFrom('', '<label for="b0">Label</label>', '<label id="l0">Labelled by</label>'),
  hiddenParent: fc.boolean(),
});

/** What jsdom's own properties say of every element's labels and every label's control. */
const nativeLabels = (all: Element[]) =>
  all.map((el) => [
    Array.from((el as HTMLInputElement).labels ?? []),
    el.localName === 'label' ? (el as HTMLLabelElement).control : 'none',
  ]);
const readLabelsOf = (all: Element[]) =>
  all.map((el) => [
    Array.from(labelsOf(el) ?? []),
    el.localName === 'label' ? controlOf(el as HTMLLabelElement) : 'none',
  ]);

/**
 * Every element of the body gets the full computation's name from nameOf, outside an
 * observation and inside one (labels read, facts kept), as observe reads them; and the
 * labels read, before and after they are lent, are jsdom's own.
 */
function namesAsFull(doc: Document): void {
  const all = Array.from(doc.body.querySelectorAll('*'));
  const want = all.map(full);
  const labels = nativeLabels(all);
  expect(all.map(nameOf)).toEqual(want);
  const restore = readLabels(doc);
  try {
    expect(readLabelsOf(all)).toEqual(labels);
    expect(whileUnchanged(() => all.map(nameOf))).toEqual(want);
    lendAll();
    expect(readLabelsOf(all)).toEqual(labels);
    expect(nativeLabels(all)).toEqual(labels);
  } finally {
    restore();
  }
}

describe("accessible names read from an element's own text", () => {
  it('nameOf equals the full accessible-name computation for every element of random markup (labels, ARIA, roles, landmarks, images, hiding, comments)', () => {
    // One window for every run: a fresh one per run costs more than the property.
    const doc = new JSDOM('<!doctype html><html><body></body></html>').window.document;
    fc.assert(
      fc.property(page, ({ elements, label, hiddenParent }) => {
        const body = `${label}<div${hiddenParent ? ' style="visibility:hidden"' : ''}>${elements.join('')}</div>`;
        doc.body.innerHTML = body;
        namesAsFull(doc);
      }),
      { numRuns: 100 },
    );
  });

  // Fields named by labels: by `for` (one or two labels, one of them maybe wrapping), labels
  // hidden or not, with ARIA attributes or markup the plain-text path does not take.
  const labelAttr = fc.constantFrom(
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    ' hidden',
    ' aria-hidden="true"',
    ' style="display:none"',
    ' style="visibility:hidden"',
    ' role="note"',
    ' aria-label="L"',
    ' aria-labelledby="l0"',
    ' aria-owns="l0"',
    ' title="T"',
    ' id="l0"',
  );
  const labelText = fc.oneof(
    { arbitrary: text, weight: 12 },
    { arbitrary: text.map((t) => `<span>${t}</span>`), weight: 1 },
    { arbitrary: fc.constant('<!-- c -->'), weight: 1 },
  );
  const fieldAttr = fc.constantFrom(
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    ' type="text"',
    ' type="email"',
    ' type="search"',
    ' type="number"',
    ' type="checkbox"',
    ' type="submit"',
    ' type="bogus"',
    ' list="x"',
    ' role="combobox"',
    ' aria-label="F"',
    ' aria-labelledby="l0"',
    ' title="Tip"',
    ' hidden',
    ' style="display:none"',
    ' value="v"',
  );
  const field = fc.record({
    tag: fc.constantFrom('input', 'input', 'input', 'textarea', 'select'),
    attrs: fc.array(fieldAttr, { maxLength: 2 }),
    labels: fc.array(
      fc.record({
        attrs: fc.array(labelAttr, { maxLength: 2 }),
        texts: fc.array(labelText, { maxLength: 3 }),
        wraps: fc.constantFrom(false, false, false, true),
        forOther: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
  });
  it('nameOf equals the full accessible-name computation for labelled form fields (for and wrapping labels, ids taken first by another element, hiding, ARIA on field or label, field types)', () => {
    const doc = new JSDOM('<!doctype html><html><body></body></html>').window.document;
    fc.assert(
      fc.property(
        fc.array(field, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (fields, hiddenParent, taken) => {
          const parts = fields.map(({ tag, attrs, labels }, i) => {
            const own = `<${tag} id="f${i}"${[...new Set(attrs)].join('')}>${tag === 'input' ? '' : `</${tag}>`}`;
            let out = own;
            for (const l of labels) {
              const a = [...new Set(l.attrs)].join('');
              const body = l.texts.join('');
              out = l.wraps
                ? `<label${a}>${body}${out}</label>`
                : `${out}<label for="f${l.forOther ? (i + 1) % fields.length : i}"${a}>${body}</label>`;
            }
            return out;
          });
          // `taken`: an element before the fields has the first one's id, so a label for it names that element.
          doc.body.innerHTML = `${taken ? '<span id="f0">S</span>' : ''}<div${hiddenParent ? ' style="visibility:hidden"' : ''}>${parts.join('')}</div><span id="l0">Owned</span>`;
          namesAsFull(doc);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a field with many labels', () => {
  const plainText = fc.constantFrom(
    '',
    ' ',
    'Qty',
    'Quantity',
    '  Qty \n of items ',
    'Go\u00a0on',
    'No thanks',
    'Qty of',
  );
  const anyText = fc.oneof(
    { arbitrary: plainText, weight: 6 },
    { arbitrary: fc.constantFrom('<span>Qty</span>', '<b>x</b> y'), weight: 1 },
  );
  // Hidden labels are left out of a name made of labels; a naming attribute on one makes the name another way.
  const plainAttr = fc.constantFrom(
    '',
    '',
    '',
    '',
    ' hidden',
    ' style="visibility:hidden"',
    ' aria-hidden="true"',
    ' title="T"',
  );
  const anyAttr = fc.oneof(
    { arbitrary: plainAttr, weight: 6 },
    { arbitrary: fc.constantFrom(' aria-label="L"', ' role="note"'), weight: 1 },
  );
  const fieldAttr = fc.constantFrom('', '', '', ' aria-label="Amount"', ' aria-labelledby="l0"', ' title="Tip"');
  const labelsArb = (text: fc.Arbitrary<string>, attr: fc.Arbitrary<string>) =>
    fc.array(fc.record({ texts: fc.array(text, { minLength: 1, maxLength: 3 }), own: fc.boolean(), attr }), {
      minLength: 8,
      maxLength: 20,
    });
  it("a label leaves its text out of the table exactly when the field's name holds that text, however the name was made (the texts kept for a name made of many labels stand in for a search through it)", () => {
    const doc = new JSDOM('<!doctype html><html><body></body></html>').window.document;
    let fromLabels = 0;
    fc.assert(
      fc.property(fc.oneof(labelsArb(plainText, plainAttr), labelsArb(anyText, anyAttr)), fieldAttr, (labels, attr) => {
        doc.body.innerHTML = `<input id="f" type="text"${attr}>${labels.map((l, i) => `<label for="f"${l.attr}>${l.texts.join('')}${l.own ? ` Label ${i}` : ''}</label>`).join('')}<span id="l0">Owned</span>`;
        const field = doc.getElementById('f') as Element;
        const restore = readLabels(doc);
        try {
          whileUnchanged(() => {
            const name = nameOf(field);
            for (const label of Array.from(doc.querySelectorAll('label'))) {
              expect(tableStep(label, 'generic') === 'label', `${label.outerHTML} in "${name}"`).toBe(
                name.includes(collapse(label.textContent ?? '')),
              );
            }
            if (kept('label texts')?.has(field)) fromLabels++;
          });
        } finally {
          restore();
        }
      }),
      { numRuns: 200 },
    );
    // Fields named by their labels alone, where the kept texts answer.
    expect(fromLabels).toBeGreaterThan(30);
  });
});

describe('labels lent while an observation names fields', () => {
  const PROPS = ['labels', 'control'] as const;
  const PROTOS = [
    'HTMLInputElement',
    'HTMLButtonElement',
    'HTMLSelectElement',
    'HTMLTextAreaElement',
    'HTMLLabelElement',
    'HTMLElement',
    'Element',
  ] as const;
  /** Every own descriptor of the two properties on the window's prototypes and the elements, as they are. */
  const descriptors = (win: JSDOM['window']) => {
    const protos = PROTOS.map((p) => (win as unknown as Record<string, { prototype: object }>)[p]?.prototype);
    const els = Array.from(win.document.querySelectorAll('*'));
    return [...protos, ...els].flatMap((o) =>
      PROPS.map((p) => (o ? Object.getOwnPropertyDescriptor(o, p) : undefined)),
    );
  };
  const markup =
    '<label for="a">Name</label><input id="a"><label>Qty <input id="b"></label><button id="c">Go</button><label for="c">Press</label><select id="d"></select>';

  it('names fields as the full computation does, and leaves every element and prototype as it was', () => {
    const { window } = new JSDOM(`<!doctype html><body>${markup}</body>`);
    const before = descriptors(window);
    namesAsFull(window.document);
    expect(descriptors(window)).toEqual(before);
    const input = window.document.getElementById('a') as HTMLInputElement;
    expect(Array.from(input.labels ?? []).map((l) => l.textContent)).toEqual(['Name']);
  });

  it("a page's own labels on an element are its answer, kept as they were", () => {
    const { window } = new JSDOM(`<!doctype html><body>${markup}<span id="own">Own</span></body>`);
    const doc = window.document;
    const input = doc.getElementById('a') as HTMLInputElement;
    const own = [doc.getElementById('own')];
    Object.defineProperty(input, 'labels', { value: own, configurable: true });
    const label = doc.querySelector('label') as HTMLLabelElement;
    Object.defineProperty(label, 'control', { value: null, configurable: true });
    const restore = readLabels(doc);
    try {
      // Read before anything is lent, and again after.
      for (const lend of [false, true]) {
        if (lend) lendAll();
        expect(labelsOf(input)).toBe(own);
        expect(controlOf(label)).toBe(null);
        expect(labelsOf(doc.getElementById('b') as HTMLInputElement)?.length).toBe(1);
      }
      expect(input.labels).toBe(own);
      expect(label.control).toBe(null);
    } finally {
      restore();
    }
    expect(Object.getOwnPropertyDescriptor(input, 'labels')?.value).toBe(own);
    expect(Object.getOwnPropertyDescriptor(label, 'control')?.value).toBe(null);
  });
});

describe("labels read ahead of lending, on pages that change the DOM's own prototypes", () => {
  const PAGES: [string, string][] = [
    [
      'labels taken off the button prototype',
      `<label for="b">Decoy label</label><button id="b">Buy</button><script>delete HTMLButtonElement.prototype.labels;</script>`,
    ],
    [
      'a labels getter on every element',
      `<a href="/x">Real link</a><h2>Real heading</h2><button id="c">Go</button><label for="c">Press</label><span id="s">Span</span><script>Object.defineProperty(HTMLElement.prototype, 'labels', { get: function () { return [document.getElementById('s')]; }, configurable: true });</script>`,
    ],
    [
      'a control with labels of its own',
      `<label for="d">Shown</label><input id="d"><span id="o">Own</span><script>Object.defineProperty(document.getElementById('d'), 'labels', { value: [document.getElementById('o')] });</script>`,
    ],
  ];
  it.each(PAGES)('%s: every name read before anything is lent is the name read with everything lent', (_, body) => {
    const { window } = new JSDOM(`<!doctype html><body>${body}</body>`, { runScripts: 'dangerously' });
    const all = Array.from(window.document.body.querySelectorAll('*'));
    const restore = readLabels(window.document);
    try {
      const lazy = whileUnchanged(() => all.map(nameOf));
      lendAll();
      expect(lazy).toEqual(whileUnchanged(() => all.map(nameOf)));
    } finally {
      restore();
    }
  });

  it('a labels getter that throws is not read where an aria-label or alt names the element first, as in the full computation', () => {
    const { window } = new JSDOM(
      `<!doctype html><body><nav aria-label="Main">x</nav><img alt="Pic"><script>Object.defineProperty(HTMLElement.prototype, 'labels', { get: function () { throw new Error('boom'); }, configurable: true });</script></body>`,
      { runScripts: 'dangerously' },
    );
    const named = Array.from(window.document.body.querySelectorAll('nav, img'));
    const restore = readLabels(window.document);
    try {
      expect(whileUnchanged(() => named.map(nameOf))).toEqual(['Main', 'Pic']);
      expect(named.map(full)).toEqual(['Main', 'Pic']);
    } finally {
      restore();
    }
  });

  it('a labels getter on every element names landmarks and images as the full computation does', () => {
    const { window } = new JSDOM(
      `<!doctype html><body><span id="s">Span</span><nav>x</nav><div role="img" title="Pic"></div><script>Object.defineProperty(HTMLElement.prototype, 'labels', { get: function () { return this.id === 's' ? null : [document.getElementById('s')]; }, configurable: true });</script></body>`,
      { runScripts: 'dangerously' },
    );
    const named = Array.from(window.document.body.querySelectorAll('nav, [role="img"]'));
    const restore = readLabels(window.document);
    try {
      expect(whileUnchanged(() => named.map(nameOf))).toEqual(named.map(full));
      expect(named.map(full)).toEqual(['Span', 'Span']);
    } finally {
      restore();
    }
  });
});

describe('collapsing white space', () => {
  // Every kind of white space JavaScript knows, beside letters: the quick path must tell each apart.
  const piece = fc.constantFrom(
    'a',
    'Z',
    '1',
    ' ',
    '  ',
    '\t',
    '\n',
    '\r',
    '\v',
    '\f',
    '\u00a0',
    '\u1680',
    '\u2000',
    '\u200a',
    '\u2028',
    '\u2029',
    '\u202f',
    '\u205f',
    '\u3000',
    '\ufeff',
    '\u200b',
    '\u00e9',
  );
  it('collapse equals replacing every run of white space with one space and trimming, for any text', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((p) => p.join('')),
        (s) => {
          expect(collapse(s)).toBe(s.replace(/\s+/g, ' ').trim());
        },
      ),
      { numRuns: 500 },
    );
  });
});
