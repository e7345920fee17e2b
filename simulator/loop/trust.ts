import { createHash } from 'node:crypto';
import type { DefaultTreeAdapterMap } from 'parse5';
// The one thing the simulator takes from the generator: the runtime is the only code a
// bundle may carry, so its text is part of what a bundle is allowed to be.
import { inlineRuntime } from '../../generator/runtime-bundle.ts';
import { clipPath, quote, UserError } from '../../lib/errors.ts';
import { ATTR, SITE_LOG_META } from '../../scenarios/contract.ts';
import type { SiteFiles } from '../page/engine/browser.ts';
import { parse5, parsePage } from '../page/engine/served.ts';

/**
 * What a bundle's served files (`site/`) may hold unless bundles are trusted: data, and no
 * code but decoy's own site runtime. The whole policy is here:
 *
 * - a file is markup (`.html`, `.htm`: read and checked below) or inert data by its
 *   extension (`DATA`); anything else (`.js`, `.mjs`, `.wasm`, `.xml`, `.xhtml`, no extension…)
 *   is refused;
 * - a picture is PNG, JPEG or WebP, and is what its name says by its first bytes (so no
 *   script or page travels as an "image" a server or a browser might sniff), of at most
 *   `MAX_PICTURE_BYTES`;
 * - in markup, a `<script>` is JSON data (`type="application/json"`, no `src`) or the exact
 *   text of this version's runtime (by SHA-256), in HTML and SVG alike;
 * - no event handler attribute (`on…`), no `javascript:` or `vbscript:` in any attribute
 *   value (browsers drop tabs and newlines from URLs, so whitespace does not hide one);
 * - no element that loads or runs another document or plugin, or redirects
 *   (`REFUSED_ELEMENTS`, `<meta http-equiv="refresh">`);
 * - no XML entity declarations (`<!ENTITY`), which could spell what the checks look for;
 * - a namespace prefix hides nothing: `<s:script>` is refused, `x:onload` is a handler;
 * - no `.svg` file: a browser opens one as XML, where markup parse5 reads as raw text
 *   (`<svg><p/><xmp><svg onload=…/></xmp></svg>`) is an element; the generator makes none;
 * - none of the runtime's own configuration (`<meta name="site-log">`, where a hosted copy
 *   posts its log with every field the agent typed, and `ATTR.base`, the copy's route and
 *   storage prefix): only a hosted copy's builder writes those (harness/live-copy.ts).
 *
 * A bundle made by another version of decoy carries another runtime and is refused too.
 */
export const DATA = /\.(css|png|jpe?g|webp|woff2?|ttf|otf|json|txt)$/i;
/** A picture: a kind of file whose bytes are checked to be one (`pictureProblem`). */
export const PICTURE = /\.(png|jpe?g|webp)$/i;
/** The most a picture of a site may weigh (the generator's are a few KB). */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, at: number, sig: readonly number[]) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** What makes the bytes of a picture file not the picture its name says, or null. */
export function pictureProblem(name: string, bytes: Uint8Array): string | null {
  const ext = PICTURE.exec(name)?.[1]?.toLowerCase();
  if (ext === undefined) return null;
  if (bytes.length > MAX_PICTURE_BYTES)
    return `a picture of ${bytes.length} bytes (at most ${MAX_PICTURE_BYTES} are served)`;
  const is =
    ext === 'png'
      ? startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      : ext === 'webp'
        ? startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))
        : startsWith(bytes, 0, [0xff, 0xd8, 0xff]);
  return is
    ? null
    : `a .${ext} file that is not a ${ext === 'jpg' ? 'jpeg' : ext} picture (its first bytes say otherwise)`;
}
/** A page: read, checked and served as UTF-8 text. */
export const PAGE = /\.html?$/i;
const REFUSED_ELEMENTS = new Set([
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'fencedframe',
  'base',
]);
const SCRIPT_URL = /(java|vb)script:/;

export const TRUST_HINT =
  "a bundle may run no script but this version's decoy runtime; to load one made by another version of decoy, or one you trust, pass --trust-bundles";

const sha256 = (text: string) => createHash('sha256').update(text).digest();
let runtimeDigest: Buffer | null = null;
/** The SHA-256 of the runtime as a page carries it: what a served script is compared with, and what the live origin's policy allows. */
const runtime = () => (runtimeDigest ??= sha256(inlineRuntime()));

/**
 * The Content-Security-Policy a served live page gets: the runtime (by its hash, as a page
 * carries it) is the only script that runs, so code the check above missed does not run either.
 */
export function runtimeOnlyPolicy(): string {
  return `script-src 'sha256-${runtime().toString('base64')}'; object-src 'none'; base-uri 'none'; ${SAME_ORIGIN_ONLY}`;
}

/**
 * The rest of a served page's policy: it talks to its own origin only (the runtime posts its
 * log there), submits nowhere else, loads nothing from elsewhere and is framed by nobody.
 */
const SAME_ORIGIN_ONLY =
  "default-src 'self'; connect-src 'self'; form-action 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; frame-src 'none'; frame-ancestors 'none'";

/** Every file of a live origin that is not a page: no script at all. */
export const NO_SCRIPT_POLICY = `script-src 'none'; object-src 'none'; base-uri 'none'; ${SAME_ORIGIN_ONLY}`;

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/**
 * The runtime configuration a hosted copy gives its pages (harness/live-copy.ts): the
 * route prefix (`ATTR.base`) of its `<html>` and the one `<meta name="site-log">`, first in its head.
 */
export interface HostedConfig {
  base: string;
  sink: string;
}

/**
 * What makes one file of a site more than data, briefly, or null when it is data. `hosted`:
 * the file is a hosted copy's page, which must carry exactly that configuration and no other.
 */
export function servedFileProblem(name: string, text: string, hosted?: HostedConfig): string | null {
  if (/\.svg$/i.test(name))
    return 'an SVG file (a browser reads it as XML, which this check does not; draw images as PNG)';
  if (!PAGE.test(name))
    return DATA.test(name)
      ? null
      : 'a kind of file a bundle may not serve (only markup, styles, images, fonts, JSON and text)';
  if (/<!ENTITY/i.test(text)) return 'an XML entity declaration';
  let sinks = 0;
  const doc = parsePage(text);
  // Walked with a stack of its own, not by recursion; each entry with its depth in elements.
  const todo: [Node, number][] = [[doc, 0]];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    const [node, depth] = next;
    if ('tagName' in node) {
      if (depth > MAX_DEPTH)
        return `markup nested deeper than ${MAX_DEPTH} elements (a browser's parser stops nesting there, and builds another page than the one checked)`;
      const problem = elementProblem(node) ?? configProblem(node, hosted);
      if (problem) return problem;
      if (isSink(node)) sinks++;
    }
    const below = 'tagName' in node ? depth + 1 : depth;
    // A <template>'s content is a fragment of its own, outside childNodes; it is seen after them.
    if ('content' in node && node.content) todo.push([node.content as Node, below]);
    const kids = 'childNodes' in node ? node.childNodes : [];
    for (let i = kids.length - 1; i >= 0; i--) todo.push([kids[i] as Node, below]);
  }
  if (hosted && sinks !== 1)
    return `${sinks} <meta name="${SITE_LOG_META}"> elements in a hosted page (it has exactly one)`;
  if (!readsBackAsItself(doc))
    return 'markup that does not read back as itself once written out (an HTML parser builds it differently on a second reading, so a browser may build another page than the one checked)';
  return null;
}

/**
 * Chromium's parser nests no deeper than this (it adds the rest as siblings): past it a
 * browser builds another tree than parse5 does.
 */
const MAX_DEPTH = 512;

/** Whether a parsed page, written out and parsed again, is written out the same: no markup whose meaning depends on the reading (mutation XSS). */
function readsBackAsItself(doc: DefaultTreeAdapterMap['document']): boolean {
  const once = parse5().serialize(doc);
  return parse5().serialize(parsePage(once)) === once;
}

const attrOf = (el: Element, n: string) => el.attrs.find((a) => localName(a.name) === n)?.value;

/** A `<meta name="site-log">` as the runtime's selector would find it (and any spelling of it a browser might). */
const isSink = (el: Element) =>
  localName(el.tagName) === 'meta' && attrOf(el, 'name')?.trim().toLowerCase() === SITE_LOG_META;

/**
 * The runtime's configuration in a page: none in a bundle's own; in a hosted page, the
 * copy's route prefix (`ATTR.base`) on `<html>` only and its sink, first in `<head>` (counted by the caller).
 */
function configProblem(el: Element, hosted: HostedConfig | undefined): string | null {
  const tag = localName(el.tagName);
  const base = el.attrs.find((a) => localName(a.name) === ATTR.base);
  if (base && !(hosted && el.tagName === 'html' && base.name === ATTR.base && base.value === hosted.base)) {
    return `a ${ATTR.base} attribute on <${tag}> (the route prefix of a hosted copy, which only decoy writes)`;
  }
  if (!isSink(el)) return null;
  const first =
    el.parentNode &&
    'tagName' in el.parentNode &&
    el.parentNode.tagName === 'head' &&
    el.parentNode.childNodes.find((n) => 'tagName' in n) === el;
  if (hosted && first && attrOf(el, 'content') === hosted.sink && el.attrs.length === 2) return null;
  return `a <meta name="${SITE_LOG_META}"> (where a hosted copy posts its event log, which only decoy writes)`;
}

/** A name without its namespace prefix (`xlink:href` → `href`), lower-cased. */
const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase();

function elementProblem(el: Element): string | null {
  // Prefixes are dropped: read as XML, <h:iframe xmlns:h="…xhtml"> is an iframe.
  const tag = localName(el.tagName);
  if (tag === 'script' && el.tagName.includes(':'))
    return `a <${el.tagName.toLowerCase()}> element in a namespace of its own`;
  const attr = (n: string) => el.attrs.find((a) => a.name.toLowerCase() === n)?.value;
  for (const a of el.attrs) {
    if (localName(a.name).startsWith('on'))
      return `an event handler attribute ${quote(`${a.name}="${a.value}"`, 40)} on <${tag}>`;
    if (SCRIPT_URL.test(a.value.replace(/[\u0000-\u0020]/g, '').toLowerCase()))
      return `a script URL in ${quote(`${a.name}="${a.value}"`, 40)} on <${tag}>`;
  }
  // SVG animation (<set>, <animate>) writes the attribute it names: naming a handler makes one.
  const animated = el.attrs.find(
    (a) => localName(a.name) === 'attributename' && localName(a.value.trim()).startsWith('on'),
  );
  if (animated) return `an animation of the event handler ${quote(animated.value, 40)} on <${tag}>`;
  if (REFUSED_ELEMENTS.has(tag)) return `a <${tag}> element`;
  if (tag === 'meta' && attr('http-equiv')?.trim().toLowerCase() === 'refresh') return 'a <meta http-equiv="refresh">';
  if (tag === 'script') {
    // SVG scripts load from `href` (or `xlink:href`, any prefix) and a browser runs that,
    // not the inline text, so a script with a URL is refused whatever its text.
    const url = el.attrs.find((a) => ['src', 'href'].includes(localName(a.name)));
    if (url) return `a script loaded from ${quote(url.value, 40)}`;
    if (attr('type')?.trim().toLowerCase() === 'application/json') return null;
    const text = el.childNodes.map((n) => ('value' in n && n.nodeName === '#text' ? n.value : '')).join('');
    if (!sha256(text).equals(runtime())) return `a script that is not decoy's runtime (${quote(text.trim(), 40)})`;
  }
  return null;
}

/** Refuses a site whose files are more than data (see above), naming the first file and what it holds. */
export function assertSiteIsData(site: SiteFiles, where: string): void {
  const names = [...Object.keys(site.files), ...Object.keys(site.data ?? {})].sort();
  for (const name of names) {
    const text = Object.hasOwn(site.files, name) ? site.files[name] : null;
    // A file read as bytes is data only by its name; markup read as bytes would be unchecked.
    const problem =
      text === null
        ? PAGE.test(name)
          ? 'a page that was not read as text'
          : (servedFileProblem(name, '') ?? pictureProblem(name, site.data?.[name] ?? new Uint8Array()))
        : (servedFileProblem(name, text ?? '') ?? (PICTURE.test(name) ? 'a picture that was read as text' : null));
    if (problem) throw new UserError(`${clipPath(`${where}/${name}`)}: ${problem}; ${TRUST_HINT}`);
  }
}
