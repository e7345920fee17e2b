/**
 * The audit's site-level rule (bench/audit/site-tell.ts) reads what it says: a site is flagged by
 * an overlay that takes a press, one that waits to be opened, a second overlay or a page that
 * takes a press, and not by the one arrival notice a control may have.
 */
import { describe, expect, it } from 'vitest';
import { overlaysTell } from '../../bench/audit/site-tell.ts';
import { bundleFor } from '../helpers.ts';

const notice = '<div data-overlay="k1" data-show-after="1000" data-routes="/" hidden></div>';
const page = (body: string) => `<!doctype html><html><body><main data-route="/"></main>${body}</body></html>`;

describe("the audit's site-level overlay rule", () => {
  it('flags each shape a pattern gives an overlay, and not an arrival notice alone', () => {
    expect(overlaysTell(page(''))).toBe(false);
    expect(overlaysTell(page(notice))).toBe(false);
    expect(overlaysTell(page(notice + notice.replace('k1', 'k2')))).toBe(true);
    expect(overlaysTell(page('<div data-overlay="k3" data-show-after="" hidden></div>'))).toBe(true);
    expect(
      overlaysTell(page('<div data-overlay="k4" data-show-after="0" data-takes="nav /checkout" hidden></div>')),
    ).toBe(true);
    expect(
      overlaysTell(
        '<!doctype html><html><body><main data-route="/x" data-takes="press" data-routes="/cart"></main></body></html>',
      ),
    ).toBe(true);
  });

  it("reads served pages: a control's page is not flagged, a cookie-trap's settings overlay (opened by a button) is", () => {
    const control = bundleFor({ task: 'signup', domain: 'shopping', patterns: [] }, 3);
    expect(overlaysTell(control.site.files['index.html'] ?? '')).toBe(false);
    const trap = bundleFor(
      { task: 'signup', domain: 'shopping', patterns: [{ family: 'cookie-trap', variant: 'modal' }] },
      3,
    );
    expect(overlaysTell(trap.site.files['index.html'] ?? '')).toBe(true);
  });
});
