import { describe, expect, it } from 'vitest';
import { generateSuite } from '../../generator/bundle.ts';
import { adhocSuite, allSpecs } from '../helpers.ts';

/**
 * Every control and field of a page carries an id (opaque, from its place among the site's
 * blocks). A control and its patterned twin share a base site: each element of the control
 * must be in the twin with the same tag and the same attributes (layout aside), so a pattern
 * adds its own elements and changes no other.
 */
function identified(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<([a-z0-9]+)\s([^>]*?)>/g)) {
    const attrs = (m[2] as string).replace(/\sstyle="[^"]*"/, '');
    const id = /(?:^|\s)id="([^"]+)"/.exec(attrs)?.[1];
    if (id) out.set(id, `<${m[1]} ${attrs}>`);
  }
  return out;
}

/** Where a pattern still changes what is not its own: family-variant → the control's elements it changes or removes. */
function intrusions(seed: number): Record<string, string[]> {
  const specs = [...new Map(allSpecs().filter((s) => s.patterns.length).map((s) => [`${s.patterns[0]?.family}-${s.patterns[0]?.variant}`, s])).values()];
  const out: Record<string, string[]> = {};
  for (const spec of specs) {
    const [control] = generateSuite(adhocSuite([{ ...spec, patterns: [] }]), seed);
    const [twin] = generateSuite(adhocSuite([spec]), seed);
    const before = identified(control?.files['index.html'] as string);
    const after = identified(twin?.files['index.html'] as string);
    const changed: string[] = [];
    for (const [id, el] of before) {
      const now = after.get(id);
      if (now !== el) changed.push(now === undefined ? `removed ${el}` : `${el} became ${now}`);
    }
    if (changed.length) out[`${spec.patterns[0]?.family}-${spec.patterns[0]?.variant}`] = changed;
  }
  return out;
}

/*
 * Families that still rewire or rebuild the base site's own elements: a popup that
 * interrupts a control takes over that control's action (aesthetic-manipulation,
 * checkout-popup, personalized-popup), a look-alike checkout replaces the real one
 * (redirection), a retention flow or a buried way out replaces the form's submit or fields
 * (obfuscation), the settings form is rebuilt around the sharing switches (complex-settings),
 * the plan radios are re-made (decision-uncertainty emphasis). Each needs the pattern to hook
 * the base site's elements from its own instead; until then they are listed here, and the
 * test fails when the list is wrong either way (a new intruder, or one fixed and not struck off).
 */
const STILL_INTRUDING = [
  'aesthetic-manipulation-bottom-sheet',
  'aesthetic-manipulation-modal',
  'aesthetic-manipulation-takeover',
  'checkout-popup-interstitial',
  'complex-settings-collapsed',
  'complex-settings-misleading',
  'complex-settings-scattered',
  'decision-uncertainty-emphasis',
  'obfuscation-buried',
  'obfuscation-detour',
  'obfuscation-retention-first',
  'personalized-popup-interstitial',
  'redirection-card-capture',
  'redirection-lookalike',
  'redirection-partner-express',
];

describe('a control and its patterned twin', () => {
  it('differ only in the pattern\'s own elements: every control and field of the control keeps its id, tag and attributes, over every family variant', () => {
    const found = intrusions(3);
    console.log(Object.entries(found).map(([k, v]) => `${k}: ${v.length} changed, e.g. ${v[0]}`).join('\n'));
    expect(Object.keys(found).sort()).toEqual(STILL_INTRUDING);
  }, 120_000);

  it('the comparison sees a changed action and a removed element', () => {
    const a = identified('<button id="k1" type="button" data-do="nav" data-arg="/checkout" style="left:0px">Go</button><input id="k2" type="checkbox">');
    const b = identified('<button id="k1" type="button" data-do="overlay.open" data-arg="k9" style="left:4px">Go</button>');
    expect(a.get('k1')).not.toBe(b.get('k1'));
    expect(b.has('k2')).toBe(false);
    expect(identified('<p id="k3" style="top:1px">').get('k3')).toBe(identified('<p id="k3" style="top:9px">').get('k3'));
  });
});
