import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { DefaultTreeAdapterMap } from 'parse5';
// The one thing the simulator takes from the generator: the runtime is the only code a
// bundle may carry, so its text is part of what a bundle is allowed to be.
import { inlineRuntime } from '../generator/runtime-bundle.ts';
import { quote, UserError } from '../scenarios/errors.ts';

/**
 * What a bundle's served files (`site/`) may hold unless bundles are trusted: data, and no
 * code but decoy's own site runtime. The whole policy is here:
 *
 * - a file is markup (`.html`, `.htm`, `.svg`: read and checked below) or inert data by its
 *   extension (`DATA`); anything else (`.js`, `.mjs`, `.wasm`, `.xml`, `.xhtml`, no extension…)
 *   is refused;
 * - in markup, a `<script>` is JSON data (`type="application/json"`, no `src`) or the exact
 *   text of this version's runtime (by SHA-256), in HTML and SVG alike;
 * - no event handler attribute (`on…`), no `javascript:` or `vbscript:` in any attribute
 *   value (browsers drop tabs and newlines from URLs, so whitespace does not hide one);
 * - no element that loads or runs another document or plugin, or redirects
 *   (`REFUSED_ELEMENTS`, `<meta http-equiv="refresh">`);
 * - no XML entity declarations (`<!ENTITY`), which could spell what the checks look for;
 * - a namespace prefix hides nothing: `<s:script>` is refused, `x:onload` is a handler;
 * - a served `.svg` file, which a browser reads as XML, holds no script at all, no
 *   `<foreignObject>`, no DOCTYPE and no processing instruction but `<?xml …?>`.
 *
 * A bundle made by another version of decoy carries another runtime and is refused too.
 */
export const DATA = /\.(css|png|jpe?g|gif|webp|avif|ico|bmp|woff2?|ttf|otf|json|txt)$/i;
const MARKUP = /\.(html?|svg)$/i;
const REFUSED_ELEMENTS = new Set(['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'fencedframe', 'base']);
const SCRIPT_URL = /(java|vb)script:/;

export const TRUST_HINT = "a bundle may run no script but this version's decoy runtime; to load one made by another version of decoy, or one you trust, pass --trust-bundles";

/**
 * parse5 is loaded by require, as jsdom loads it: the same module loaded by import while
 * jsdom requires it (commands load their modules in parallel) fails in Node 20 with
 * "Cannot require() ES Module … not yet fully loaded".
 */
const parse = (html: string): DefaultTreeAdapterMap['document'] => (createRequire(import.meta.url)('parse5') as typeof import('parse5')).parse(html);

const sha256 = (text: string) => createHash('sha256').update(text).digest();
let runtimeDigest: Buffer | null = null;
/** The SHA-256 of the runtime as a page carries it: what a served script is compared with, and what the live origin's policy allows. */
const runtime = () => (runtimeDigest ??= sha256(inlineRuntime()));

/**
 * The Content-Security-Policy a served live page gets: the runtime (by its hash, as a page
 * carries it) is the only script that runs, so code the check above missed does not run either.
 */
export function runtimeOnlyPolicy(): string {
  return `script-src 'sha256-${runtime().toString('base64')}'; object-src 'none'; base-uri 'none'`;
}

/** For served files that are not pages (an `.svg` opened on its own): no script at all. */
export const NO_SCRIPT_POLICY = "script-src 'none'; object-src 'none'; base-uri 'none'";

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** What makes one file of a site more than data, briefly, or null when it is data. */
export function servedFileProblem(name: string, text: string): string | null {
  if (!MARKUP.test(name)) return DATA.test(name) ? null : 'a kind of file a bundle may not serve (only markup, styles, images, fonts, JSON and text)';
  if (/<!ENTITY/i.test(text)) return 'an XML entity declaration';
  const svg = /\.svg$/i.test(name);
  if (svg) {
    const problem = svgFileProblem(text);
    if (problem) return problem;
  }
  // Walked with a stack of its own, not by recursion: a page may nest as deep as it likes.
  const todo: Node[] = [parse(text)];
  for (let node = todo.pop(); node !== undefined; node = todo.pop()) {
    if ('tagName' in node) {
      const problem = elementProblem(node, svg);
      if (problem) return problem;
    }
    // A <template>'s content is a fragment of its own, outside childNodes; it is seen after them.
    if ('content' in node && node.content) todo.push(node.content as Node);
    const kids = 'childNodes' in node ? node.childNodes : [];
    for (let i = kids.length - 1; i >= 0; i--) todo.push(kids[i] as Node);
  }
  return null;
}

/** A name without its namespace prefix (`xlink:href` → `href`), lower-cased. */
const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase();

/**
 * A served `.svg` is parsed by a browser as XML, where a namespace prefix (`<s:script>`) or
 * a processing instruction means what parse5, reading HTML, does not see; so such a file
 * is held to a stricter rule, on its text: no script at all (the runtime lives in pages),
 * no `<foreignObject>`, no DOCTYPE, no processing instruction but a leading `<?xml …?>`.
 */
function svgFileProblem(text: string): string | null {
  if (/<[\s]*([^\s<>/:]+:)?script[\s/>]/i.test(text)) return 'a script in an SVG file';
  if (/<[\s]*([^\s<>/:]+:)?foreignObject[\s/>]/i.test(text)) return 'a <foreignObject> in an SVG file';
  if (/<!DOCTYPE/i.test(text)) return 'a DOCTYPE in an SVG file';
  if (text.replace(/^\uFEFF?\s*<\?xml\s[^?]*\?>/, '').includes('<?')) return 'a processing instruction in an SVG file';
  return null;
}

function elementProblem(el: Element, svgFile: boolean): string | null {
  // Prefixes are dropped: read as XML, <h:iframe xmlns:h="…xhtml"> is an iframe.
  const tag = localName(el.tagName);
  if (tag === 'script' && (el.tagName.includes(':') || svgFile)) return `a <${el.tagName.toLowerCase()}> element in ${svgFile ? 'an SVG file' : 'a namespace of its own'}`;
  if (tag === 'foreignobject' && svgFile) return 'a <foreignObject> in an SVG file';
  const attr = (n: string) => el.attrs.find((a) => a.name.toLowerCase() === n)?.value;
  for (const a of el.attrs) {
    if (localName(a.name).startsWith('on')) return `an event handler attribute ${quote(`${a.name}="${a.value}"`, 40)} on <${tag}>`;
    if (SCRIPT_URL.test(a.value.replace(/[\u0000-\u0020]/g, '').toLowerCase())) return `a script URL in ${quote(`${a.name}="${a.value}"`, 40)} on <${tag}>`;
  }
  // SVG animation (<set>, <animate>) writes the attribute it names: naming a handler makes one.
  const animated = el.attrs.find((a) => localName(a.name) === 'attributename' && localName(a.value.trim()).startsWith('on'));
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
export function assertSiteIsData(files: Readonly<Record<string, string>>, where: string): void {
  for (const name of Object.keys(files).sort()) {
    const problem = servedFileProblem(name, files[name] ?? '');
    if (problem) throw new UserError(`${where}/${name}: ${problem}; ${TRUST_HINT}`);
  }
}
