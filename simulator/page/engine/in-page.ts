/**
 * The simulator's DOM code as the Chromium engine runs it inside the page (bundled by
 * page-script.ts): the same observation, hit test and form input as jsdom's, plus the
 * measurements conformance compares with Chromium's own layout.
 */
import { CONTROL_SELECTOR } from '../../../scenarios/contract.ts';
import { ownBox, viewportBox, type Rect, type Scroll } from '../dom/geometry.ts';
import { isRendered } from '../dom/style.ts';
import { fillField, selectValues } from '../dom/forms.ts';
import { hitFrom, paintables } from '../hit.ts';
import { describe, observe, pageHeight, RefRegistry, roleOf, type Observation } from '../observe.ts';

type Viewport = { width: number; height: number };

const PROBED = `a[href], button, input, select, textarea, label, [role], [onclick], ${CONTROL_SELECTOR}`;

interface PageState {
  refs: RefRegistry | null;
  /** The href a click is about to leave for (a link whose default nobody prevented). */
  leaving: string | null;
}

const state: PageState = { refs: null, leaving: null };

// Last in the bubbling path, so the page's own handlers have had their say.
window.addEventListener('click', (e) => {
  const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (link && !e.defaultPrevented) state.leaving = link.href;
});

function registry(count: number): RefRegistry {
  state.refs ??= new RefRegistry(count);
  return state.refs;
}

function element(ref: string): HTMLElement {
  const el = state.refs?.element(ref);
  if (!el || !el.isConnected) throw new Error(`element ${ref} is no longer on the page`);
  return el as HTMLElement;
}

/** What a browser's own hit test gives, mapped as ours is: to the nearest element with a box. */
function browserHit(x: number, y: number): Element | null {
  let el = document.elementFromPoint(x, y);
  while (el && el !== document.body && !ownBox(el)) el = el.parentElement;
  return el === document.body || el === document.documentElement ? null : el;
}

/**
 * How far an element's own text reaches past the inside of its box: its lines at its line
 * height against the content height. Chromium hit-tests text that overhangs as the element,
 * where our hit test, which reads boxes, finds what lies under it.
 */
function textOverhang(el: Element): number {
  const style = getComputedStyle(el);
  const line = parseFloat(style.lineHeight);
  if (!line) return 0;
  const tops = new Set<number>();
  for (const node of Array.from(el.childNodes)) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of Array.from(range.getClientRects())) tops.add(Math.round(r.top));
  }
  const inside = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  return Math.max(0, tops.size * line - inside);
}

const api = {
  observe(scroll: Scroll, viewport: Viewport, count: number): { observation: Observation; issued: number } {
    const refs = registry(count);
    return { observation: observe(window, refs, scroll, viewport), issued: refs.issued };
  },
  pageHeight(viewport: Viewport): number {
    return pageHeight(paintables(document, { x: 0, y: 0 }), { x: 0, y: 0 }, viewport);
  },
  /** What Chromium hits at each point, described as a click's target is; nothing is clicked. */
  aims(points: { x: number; y: number }[]): string[] {
    return points.map(({ x, y }) => describe(browserHit(x, y)));
  },
  /** Before a click at a viewport point: what Chromium will hit, and whether it is disabled. */
  aim(x: number, y: number): { target: string; disabled: boolean } {
    state.leaving = null;
    const hit = browserHit(x, y);
    const target = hit ?? document.body;
    const control = target.closest('button, input, select, textarea') as HTMLButtonElement | null;
    return { target: describe(hit), disabled: !!(control?.disabled || target.closest('fieldset[disabled]')) };
  },
  /** Chromium's layout box of the element of this role that sits at an authored box. */
  measure(box: Rect, role: string, scroll: Scroll): Rect | null {
    const at = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      const ours = isRendered(el) ? viewportBox(el, scroll) : null;
      return ours && ours.x === box.x && ours.y === box.y && ours.w === box.w && ours.h === box.h;
    });
    // An element outside the accessibility tree is observed as its text: any element at the box then.
    const el = at.find((e) => roleOf(e) === role) ?? at[at.length - 1];
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height };
  },
  leaving(): string | null {
    return state.leaving;
  },
  /** Whether the tab holds an earlier entry of this site to go back to (the tab's first entry is not the site's). */
  canGoBack(): boolean {
    return (window as unknown as { navigation: { canGoBack: boolean } }).navigation.canGoBack;
  },
  fill(ref: string, value: string): void {
    fillField(element(ref) as HTMLInputElement, value);
  },
  selectOption(ref: string, values: string[]): string[] {
    return selectValues(element(ref) as HTMLSelectElement, values);
  },
  /** Authored boxes against getBoundingClientRect: every rendered element with a box. */
  boxes(scroll: Scroll): { compared: number; worst: number; where: string } {
    let compared = 0;
    let worst = 0;
    let where = '';
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!isRendered(el)) continue;
      const ours = viewportBox(el, scroll);
      if (!ours) continue;
      const r = el.getBoundingClientRect();
      const d = Math.max(
        Math.abs(r.x - ours.x),
        Math.abs(r.y - ours.y),
        Math.abs(r.width - ours.w),
        Math.abs(r.height - ours.h),
      );
      compared++;
      const over = textOverhang(el);
      if (Math.max(d, over) > worst) {
        worst = Math.max(d, over);
        where = over > d ? `text of ${describe(el)}` : describe(el);
      }
    }
    return { compared, worst, where };
  },
  /** Our hit test against Chromium's elementFromPoint at each point. */
  hits(
    points: { x: number; y: number }[],
    scroll: Scroll,
  ): { agree: number; disagree: { x: number; y: number; ours: string; chromium: string }[] } {
    let agree = 0;
    const disagree: { x: number; y: number; ours: string; chromium: string }[] = [];
    const items = paintables(document, scroll);
    for (const { x, y } of points) {
      const ours = hitFrom(items, x, y);
      const theirs = browserHit(x, y);
      if (ours === theirs) agree++;
      else disagree.push({ x, y, ours: describe(ours), chromium: describe(theirs) });
    }
    return { agree, disagree };
  },
  /**
   * The centre and two inner points of every interactive box in view, and a point 2 px in
   * from each corner (inside a 6 px rounded corner, outside a 12 px one), for hit
   * comparisons: native controls, anything with a role, and every element the site runtime
   * acts on (a bare div control has neither tag nor role).
   */
  probePoints(scroll: Scroll, viewport: Viewport): { x: number; y: number }[] {
    const out: { x: number; y: number }[] = [];
    for (const p of paintables(document, scroll)) {
      const r: Rect | null = p.visible;
      if (!r || !p.el.matches(PROBED)) continue;
      const [left, top, right, bottom] = [r.x + 2, r.y + 2, r.x + r.w - 3, r.y + r.h - 3];
      const points = [
        [r.x + r.w / 2, r.y + r.h / 2],
        [r.x + r.w / 4, r.y + r.h / 4],
        [r.x + (3 * r.w) / 4, r.y + (3 * r.h) / 4],
        [left, top],
        [right, top],
        [right, bottom],
        [left, bottom],
      ] as const;
      // Rounded before the bounds check: 799.6 rounds to 800, outside an 800 px viewport, where Chromium hits nothing.
      for (const [x, y] of points.map(([x, y]) => [Math.round(x), Math.round(y)] as const)) {
        if (x >= 0 && y >= 0 && x < viewport.width && y < viewport.height) out.push({ x, y });
      }
    }
    return out;
  },
};

export type PageApi = typeof api;

(window as unknown as { __decoy: PageApi }).__decoy = api;
