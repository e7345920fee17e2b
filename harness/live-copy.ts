import { createHmac, randomBytes } from 'node:crypto';
import type { DefaultTreeAdapterMap } from 'parse5';
import { ATTR, SITE_LOG_META } from '../scenarios/contract.ts';
import { clipPath, UserError } from '../lib/errors.ts';
import type { SiteFiles } from '../simulator/page/engine/browser.ts';
import { parse5 } from '../simulator/page/engine/served.ts';
import { PAGE, servedFileProblem, TRUST_HINT } from '../simulator/loop/trust.ts';

/**
 * The path a configuration's live site is served under. Scenario ids name the pattern family
 * and its variant, and an agent sees the URL, so the key is an HMAC of the id under a secret
 * of the build: stable within a built site, telling nothing about the configuration even to
 * someone who hashes every public id (a plain digest of the id would be reversed so).
 */
export function liveKey(scenarioId: string, secret: string): string {
  return createHmac('sha256', secret).update(scenarioId).digest('hex').slice(0, 12);
}

/**
 * A new secret for one built site's keys. It is kept nowhere: the built site's `live.json`
 * (beside the gallery and the live sites, served by neither origin) maps its keys back to ids,
 * so a rebuild gives new URLs.
 */
export const newKeySecret = () => randomBytes(32).toString('hex');

/** The folder of the live sites in a built gallery, and the first segment of their paths: served on an origin of their own (harness/server.ts). */
export const LIVE_DIR = 'live';

export const livePath = (scenarioId: string, secret: string) => `/${LIVE_DIR}/${liveKey(scenarioId, secret)}`;

/** Where a live copy posts its event log (neutral words only: the page is served to agents). */
export const SINK_DIR = '__events';
export const sinkPath = (key: string) => `/${SINK_DIR}/${key}`;

type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

/** The first element child of `parent` named `tag` (parse5 always gives a document its html, head and body). */
function child(parent: ParentNode, tag: string): Element {
  const found = parent.childNodes.find((n): n is Element => 'tagName' in n && n.tagName === tag);
  if (!found) throw new Error(`a parsed page has no <${tag}>`);
  return found;
}

/**
 * One page of a hosted copy, built through its parsed tree, never by splicing text into the
 * checked markup: `<html data-base>`, the sink as the head's first element, and absolute
 * links (`href="/…"`, not `//…`) and pictures of the stylesheet (`url("/…")`) prefixed with the base.
 */
function hostedPage(html: string, base: string, sink: string): string {
  const { parse, serialize, defaultTreeAdapter: tree } = parse5();
  const doc = parse(html);
  const root = child(doc, 'html');
  root.attrs = [...root.attrs.filter((a) => a.name !== ATTR.base), { name: ATTR.base, value: base }];
  const head = child(root, 'head');
  const meta = tree.createElement('meta', head.namespaceURI, [
    { name: 'name', value: SITE_LOG_META },
    { name: 'content', value: sink },
  ]);
  tree.insertBefore(head, meta, head.childNodes[0] as DefaultTreeAdapterMap['childNode']);
  const todo: ParentNode[] = [doc];
  for (let node = todo.pop(); node !== undefined; node = todo.pop()) {
    if ('tagName' in node)
      for (const a of node.attrs) if (a.name === 'href' && /^\/(?![/\\])/.test(a.value)) a.value = `${base}${a.value}`;
    if ('tagName' in node && node.tagName === 'style')
      for (const kid of node.childNodes)
        if (kid.nodeName === '#text' && 'value' in kid)
          kid.value = kid.value.replace(/url\("\/(?![/\\])/g, `url("${base}/`);
    if ('content' in node && node.content) todo.push(node.content as ParentNode);
    for (const kid of node.childNodes) if ('childNodes' in kid) todo.push(kid as ParentNode);
  }
  return serialize(doc);
}

/**
 * A bundle's site files as hosted under `base`: the runtime reads the prefix from
 * `<html data-base>`, posts its event log to `sink`, and absolute links carry the prefix so
 * that opening one in a new tab or by URL lands on the same site. Data files are copied
 * byte for byte. Each page is checked again as it will be served (`servedFileProblem` with
 * the hosted configuration) unless bundles are trusted.
 */
export function liveCopy(
  site: SiteFiles,
  base: string,
  sink: string,
  opts: { trusted?: boolean; where?: string } = {},
): Record<string, string | Uint8Array> {
  const out: Record<string, string | Uint8Array> = { ...site.data };
  for (const [path, content] of Object.entries(site.files)) {
    // Every page a static server would answer as HTML (`.htm`, `.HTML` too) is built and checked as hosted.
    if (!PAGE.test(path)) {
      out[path] = content;
      continue;
    }
    const page = hostedPage(content, base, sink);
    const problem = opts.trusted ? null : servedFileProblem(path, page, { base, sink });
    if (problem)
      throw new UserError(
        `${clipPath(`${opts.where ?? 'a live copy'}/${path}`)}: as hosted, ${problem}; ${TRUST_HINT}`,
      );
    out[path] = page;
  }
  return out;
}
