import { describe, expect, it } from 'vitest';
import { JSDOM, VirtualConsole } from 'jsdom';
import { ATTR, EVENTS_KEY } from '../../scenarios/contract.ts';
import type { PageEvent } from '../../scenarios/contract.ts';
import { runtimeScript } from '../../generator/runtime-bundle.ts';

/*
 * A pattern hooks a base control from outside: its overlay or page names the control's element
 * id (`data-takes`) and the control's own markup is what the base site wrote. The runtime on a
 * hand-written page: a button hooked by an overlay, one hooked by a page, one not hooked.
 */
const CONFIG = { brand: 'Shop', catalog: {}, purposes: [], shipping: [], coupons: {}, gap: 20 };
const html = `<!doctype html><html><body>
<main ${ATTR.route}="/" ${ATTR.title}="Home" hidden>
<button id="b1" type="button" ${ATTR.do}="nav" ${ATTR.arg}="/next" ${ATTR.control}="c1">Go</button>
<button id="b2" type="button" ${ATTR.do}="nav" ${ATTR.arg}="/next" ${ATTR.control}="c2">Pay</button>
<button id="b3" type="button" ${ATTR.do}="nav" ${ATTR.arg}="/next" ${ATTR.control}="c3">Plain</button>
</main>
<main ${ATTR.route}="/next" ${ATTR.title}="Next" hidden></main>
<main ${ATTR.route}="/elsewhere" ${ATTR.title}="Elsewhere" ${ATTR.takes}="b2" hidden></main>
<main ${ATTR.route}="*" ${ATTR.title}="Not found" hidden></main>
<div ${ATTR.overlay}="o1" ${ATTR.showAfter}="" ${ATTR.takes}="b1" hidden><div role="dialog">
<button type="button" ${ATTR.do}="overlay.close" ${ATTR.control}="c9">No thanks</button>
</div></div>
<script type="application/json" id="site-config">${JSON.stringify(CONFIG)}</script>
<script>${runtimeScript().replace(/<\/script/gi, '<\\/script')}</script>
</body></html>`;

function site() {
  // A quiet console: jsdom's "not implemented" (scrollTo) notes are not this test's business.
  const dom = new JSDOM(html, { url: 'https://site.test/', runScripts: 'dangerously', virtualConsole: new VirtualConsole() });
  const doc = dom.window.document;
  const click = (sel: string) => (doc.querySelector(sel) as HTMLElement).click();
  const log = () => (JSON.parse(dom.window.localStorage.getItem(EVENTS_KEY) ?? '[]') as PageEvent[]).map((e) => ('control' in e ? `${e.type} ${e.control}` : e.type === 'nav' ? `nav ${e.to}` : e.type));
  const home = () => {
    dom.window.history.pushState({}, '', '/');
    dom.window.dispatchEvent(new dom.window.PopStateEvent('popstate'));
  };
  return { dom, doc, click, log, home, overlay: () => doc.querySelector(`[${ATTR.overlay}="o1"]`) as HTMLElement };
}

describe('a control hooked from outside (data-takes)', () => {
  it('an overlay takes the first press (not logged as one), closing it lets that press go on, and later presses are the control\'s own', () => {
    const s = site();
    s.click('#b1');
    expect(s.overlay().hidden).toBe(false);
    expect(s.dom.window.location.pathname).toBe('/');
    expect(s.log()).toEqual(['overlay.shown']);
    s.click(`[${ATTR.control}="c9"]`);
    expect(s.overlay().hidden).toBe(true);
    expect(s.dom.window.location.pathname).toBe('/next');
    expect(s.log()).toEqual(['overlay.shown', 'press c9', 'overlay.closed', 'press c1', 'nav /next']);
    s.home();
    s.click('#b1');
    expect(s.overlay().hidden).toBe(true);
    expect(s.log().slice(-2)).toEqual(['press c1', 'nav /next']);
    s.dom.window.close();
  });

  it('a page takes every press of its control, and an unhooked control acts as written', () => {
    const s = site();
    s.click('#b2');
    expect(s.dom.window.location.pathname).toBe('/elsewhere');
    s.home();
    s.click('#b2');
    expect(s.dom.window.location.pathname).toBe('/elsewhere');
    s.home();
    s.click('#b3');
    expect(s.dom.window.location.pathname).toBe('/next');
    expect(s.log()).toEqual(['nav /elsewhere', 'nav /', 'nav /elsewhere', 'nav /', 'press c3', 'nav /next']);
    s.dom.window.close();
  });
});
