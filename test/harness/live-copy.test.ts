/**
 * A hosted copy's pages are built through their parsed tree and checked as they will be
 * served: no text of the bundle changes meaning by what the copy adds.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'parse5';
import { GALLERY_DIR, writeLiveSites } from '../../harness/gallery.ts';
import { liveCopy } from '../../harness/live-copy.ts';
import { ATTR, SITE_LOG_META } from '../../scenarios/contract.ts';
import { servedFileProblem } from '../../simulator/loop/trust.ts';
import { bundleFor } from '../helpers.ts';

const bundle = bundleFor(
  { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
  7,
);
const BASE = '/live/0123456789ab';
const SINK = '/__events/0123456789ab';

/** Every element of a parsed page with its attributes, in document order. */
function elements(html: string): { tag: string; attrs: Record<string, string> }[] {
  const out: { tag: string; attrs: Record<string, string> }[] = [];
  const walk = (n: { childNodes?: unknown[]; tagName?: string; attrs?: { name: string; value: string }[] }) => {
    if (n.tagName)
      out.push({ tag: n.tagName, attrs: Object.fromEntries((n.attrs ?? []).map((a) => [a.name, a.value])) });
    for (const k of n.childNodes ?? []) walk(k as typeof n);
  };
  walk(parse(html) as never);
  return out;
}

describe('a hosted copy of a site', () => {
  it("a <head> inside a quoted attribute stays attribute text in the hosted page: no element the bundle did not have, and the copy's sink first in the real head", () => {
    const index = bundle.site.files['index.html'] as string;
    const hostile = index.replace(/<html\b/, `<html title="<head><img src=/x.png onerror=alert(1)>"`);
    expect(servedFileProblem('index.html', hostile)).toBeNull();
    const page = liveCopy({ files: { 'index.html': hostile } }, BASE, SINK)['index.html'] as string;
    expect(servedFileProblem('index.html', page, { base: BASE, sink: SINK })).toBeNull();
    const els = elements(page);
    expect(els.filter((e) => Object.keys(e.attrs).some((a) => a.startsWith('on')))).toEqual([]);
    expect(els.filter((e) => e.tag === 'img')).toEqual(elements(hostile).filter((e) => e.tag === 'img'));
    expect(els[0]).toMatchObject({
      tag: 'html',
      attrs: { title: '<head><img src=/x.png onerror=alert(1)>', [ATTR.base]: BASE },
    });
    const head = els.findIndex((e) => e.tag === 'head');
    expect(els[head + 1]).toEqual({ tag: 'meta', attrs: { name: SITE_LOG_META, content: SINK } });
    expect(els.filter((e) => e.tag === 'meta' && e.attrs.name === SITE_LOG_META)).toHaveLength(1);
  });

  it('absolute links carry the base; other origins (//host), text and scripts are not rewritten', () => {
    const page =
      '<!doctype html><html><head></head><body><a href="/cart">c</a><a href="//elsewhere.example/x">e</a><p>href="/text"</p><script type="application/json">{"href":"/json"}</script></body></html>';
    const out = liveCopy({ files: { 'index.html': page } }, BASE, SINK)['index.html'] as string;
    expect(out).toContain(`href="${BASE}/cart"`);
    expect(out).toContain('href="//elsewhere.example/x"');
    expect(out).toContain('href="/text"');
    expect(out).toContain('{"href":"/json"}');
  });

  it('the hosted page is checked as served: a configuration of its own, or a second sink, is refused there too', () => {
    const page = bundle.site.files['index.html'] as string;
    const hosted = liveCopy({ files: { 'index.html': page } }, BASE, SINK)['index.html'] as string;
    expect(servedFileProblem('index.html', hosted, { base: BASE, sink: SINK })).toBeNull();
    expect(servedFileProblem('index.html', hosted)).toMatch(/data-base attribute on <html>/);
    expect(servedFileProblem('index.html', hosted, { base: '/other', sink: SINK })).toMatch(
      /data-base attribute on <html>/,
    );
    expect(servedFileProblem('index.html', hosted, { base: BASE, sink: '/other' })).toMatch(/<meta name="site-log">/);
    const second = hosted.replace('</body>', `<meta name="${SITE_LOG_META}" content="${SINK}"></body>`);
    expect(servedFileProblem('index.html', second, { base: BASE, sink: SINK })).toMatch(/<meta name="site-log">/);
  });

  it('every page a static server answers as HTML is hosted and checked as served: .htm and .HTML too, and the tree that was checked is what is written', () => {
    const page =
      '<!doctype html><html><head></head><body><select><meta name="site-log" content="/__events/elsewhere"><option>a</option></select></body></html>';
    const out = liveCopy(
      { files: { 'index.html': bundle.site.files['index.html'] as string, 'x.htm': page, 'y.HTML': page } },
      BASE,
      SINK,
    );
    for (const name of ['x.htm', 'y.HTML']) {
      const hosted = out[name] as string;
      expect(hosted).toContain(`${ATTR.base}="${BASE}"`);
      expect(hosted).not.toContain('/__events/elsewhere');
      expect(elements(hosted).filter((e) => e.tag === 'meta' && e.attrs.name === SITE_LOG_META)).toEqual([
        { tag: 'meta', attrs: { name: SITE_LOG_META, content: SINK } },
      ]);
    }
  });

  it("data files are written byte for byte (an image is no text), beside the gallery's own files", () => {
    const out = mkdtempSync(join(tmpdir(), 'decoy-live-copy-'));
    try {
      const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0xc3, 0x28]);
      writeLiveSites(
        out,
        [{ ...bundle, site: { files: bundle.site.files, data: { 'img/p.png': png } }, dir: null }],
        'secret',
      );
      const key = readFileSync(join(out, 'live.json'), 'utf8').match(/"([0-9a-f]{12})"/)?.[1] as string;
      expect([...readFileSync(join(out, 'live', key, 'img', 'p.png'))]).toEqual([...png]);
      expect(() => readFileSync(join(out, GALLERY_DIR, 'live.json'))).toThrow();
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
