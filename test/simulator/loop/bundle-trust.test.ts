import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  linkSync,
  readdirSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suites } from '../../../scenarios/index.ts';
import { UserError } from '../../../lib/errors.ts';
import { generateBundle, writeBundles } from '../../../generator/bundle.ts';
import { inlineRuntime } from '../../../generator/runtime-bundle.ts';
import {
  readBundle,
  readBundles,
  readManifest,
  validateManifest,
  writeIntoBundle,
} from '../../../simulator/loop/bundle.ts';
import { MAX_PICTURE_BYTES, servedFileProblem } from '../../../simulator/loop/trust.ts';
import { MAX_ANSWER_BYTES } from '../../../simulator/page/engine/browser.ts';
import { paintSync } from '../../../generator/paint.ts';
import { productJob } from '../../../generator/pictures/product.ts';
import { servedPage } from '../../../simulator/page/engine/served.ts';
import { GALLERY_DIR, writeLiveSites } from '../../../harness/gallery.ts';
import { bundleFor, PROPERTY_RUNS } from '../../helpers.ts';

let dir = '';
/** A generated bundle on disk, copied and edited for each case. */
let good = '';
let n = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-trust-'));
  const b = bundleFor(
    { task: 'purchase', domain: 'shopping', patterns: [{ family: 'cookie-trap', variant: 'modal' }] },
    7,
  );
  writeBundles(join(dir, 'suite'), { id: 'prop', version: 1 }, 7, [{ manifest: b.manifest, files: b.site.files }]);
  good = join(dir, 'suite', b.manifest.id);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the good bundle, edited. */
function crafted(edit: (bundle: string) => void): string {
  const to = join(dir, `c${n++}`);
  cpSync(good, to, { recursive: true });
  edit(to);
  return to;
}

const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0xc3, 0x28]);

const svgFile = (text: string) => (b: string) => writeFileSync(join(b, 'site', 'logo.svg'), text);

const inBody = (html: string) => (b: string) => {
  const page = join(b, 'site', 'index.html');
  writeFileSync(page, readFileSync(page, 'utf8').replace('</body>', `${html}</body>`));
};

/** The message readBundle refuses with (asserting it is one line and a UserError), or null. */
function refusal(load: () => unknown): string | null {
  try {
    load();
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    const m = (e as Error).message;
    expect(m).not.toContain('\n');
    return m;
  }
}

describe('a bundle is data: what its served files may hold', () => {
  // Each is a way a page runs code of its own or leaves the page; the message names the file and what was found.
  it.each([
    [
      'an inline script',
      inBody('<script>fetch("/x")</script>'),
      /site\/index.html: a script that is not decoy's runtime \('fetch\("\/x"\)'\)/,
    ],
    [
      'the runtime with one character changed',
      (b: string) => {
        const page = join(b, 'site', 'index.html');
        writeFileSync(page, readFileSync(page, 'utf8').replace(inlineRuntime(), `${inlineRuntime()};`));
      },
      /a script that is not decoy's runtime/,
    ],
    ['a script from a file', inBody('<script src="/x.js"></script>'), /a script loaded from '\/x.js'/],
    ['a module script', inBody('<script type="module">import "/x"</script>'), /a script that is not decoy's runtime/],
    [
      'an event handler',
      inBody('<img src="x.png" onerror="this.remove()">'),
      /an event handler attribute 'onerror="this.remove\(\)"' on <img>/,
    ],
    [
      'an event handler in SVG',
      inBody('<svg><rect ONLOAD="x()"/></svg>'),
      /an event handler attribute 'onload="x\(\)"' on <rect>/,
    ],
    [
      'a javascript: URL hidden by a tab entity',
      inBody('<a href=" jav&#x09;ascript:alert(1)">x</a>'),
      /a script URL in 'href=" jav\\tascript:alert\(1\)"' on <a>/,
    ],
    [
      'a script URL in an SVG animation',
      inBody('<svg><a><set attributeName="href" to="javascript:x()"/></a></svg>'),
      /a script URL in 'to="javascript:x\(\)"' on <set>/,
    ],
    [
      'an SVG animation that writes a handler',
      inBody('<svg><rect><set attributeName="onclick" to="x()"/></rect></svg>'),
      /an animation of the event handler 'onclick' on <set>/,
    ],
    [
      'an SVG animation that writes a prefixed handler',
      inBody('<svg><rect><animate attributeName=" e:OnMouseOver" values="x()"/></rect></svg>'),
      /an animation of the event handler ' e:OnMouseOver' on <animate>/,
    ],
    ['an iframe', inBody('<iframe srcdoc="<p>x</p>"></iframe>'), /a <iframe> element/],
    ['an object', inBody('<object data="x.swf"></object>'), /a <object> element/],
    ['an embed', inBody('<embed src="x.swf">'), /a <embed> element/],
    ['a base URL', inBody('<base href="https://elsewhere.test/">'), /a <base> element/],
    ['a refresh', inBody('<meta http-equiv="Refresh" content="0;url=/elsewhere">'), /a <meta http-equiv="refresh">/],
    [
      'an SVG script loading from href, its inline text the runtime',
      inBody(`<svg><script href="data:text/javascript,x()"><![CDATA[${inlineRuntime()}]]></script></svg>`),
      /a script loaded from 'data:text\/javascript,x\(\)'/,
    ],
    [
      'an SVG script loading from xlink:href',
      inBody(`<svg><script xlink:href="data:text/javascript,x()">${inlineRuntime()}</script></svg>`),
      /a script loaded from 'data:text\/javascript,x\(\)'/,
    ],
    [
      'an SVG file script loading from a prefixed href',
      (b: string) =>
        writeFileSync(
          join(b, 'site', 'logo.svg'),
          `<svg xmlns="http://www.w3.org/2000/svg" xmlns:q="http://www.w3.org/1999/xlink"><script q:href="/x"><![CDATA[${inlineRuntime()}]]></script></svg>`,
        ),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'a script in inline SVG',
      inBody('<svg><script>x()</script></svg>'),
      /a script that is not decoy's runtime \('x\(\)'\)/,
    ],
    [
      'a handler inside a template',
      inBody('<template><img src="x.png" onload="x()"></template>'),
      /an event handler attribute/,
    ],
    [
      'a script file',
      (b: string) => writeFileSync(join(b, 'site', 'app.js'), 'x()'),
      /site\/app.js: a kind of file a bundle may not serve/,
    ],
    [
      'a module file in a subfolder',
      (b: string) => {
        mkdirSync(join(b, 'site', 'lib'));
        writeFileSync(join(b, 'site', 'lib', 'x.mjs'), 'x()');
      },
      /site\/lib\/x.mjs: a kind of file/,
    ],
    [
      'an SVG file with a script',
      (b: string) =>
        writeFileSync(
          join(b, 'site', 'logo.svg'),
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>',
        ),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'an SVG file with a namespace-prefixed script',
      svgFile(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script>x()</s:script></svg>',
      ),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'an SVG file with the runtime as its script',
      svgFile(`<svg xmlns="http://www.w3.org/2000/svg"><script><![CDATA[${inlineRuntime()}]]></script></svg>`),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'an SVG file with an XHTML script',
      svgFile(
        '<svg xmlns="http://www.w3.org/2000/svg"><h:script xmlns:h="http://www.w3.org/1999/xhtml">x()</h:script></svg>',
      ),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'an SVG file with a prefixed handler',
      svgFile(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:e="http://www.w3.org/2000/svg"><rect e:onclick="x()"/></svg>',
      ),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'an SVG file with a foreignObject',
      svgFile(
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject></svg>',
      ),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'an SVG file with a stylesheet instruction',
      svgFile(
        '<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="x.xsl"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      ),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'an SVG file whose script is raw text to an HTML parser and an element to an XML one',
      svgFile('<svg xmlns="http://www.w3.org/2000/svg"><p/><xmp><svg onload="x()"/></xmp></svg>'),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'an SVG file with a DOCTYPE',
      svgFile('<!DOCTYPE svg SYSTEM "x.dtd"><svg xmlns="http://www.w3.org/2000/svg"/>'),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'a prefixed script in a page',
      inBody('<svg><s:script>x()</s:script></svg>'),
      /site\/index.html: a <s:script> element in a namespace of its own/,
    ],
    [
      'a prefixed iframe in a page',
      inBody('<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="/x"></h:iframe>'),
      /a <iframe> element/,
    ],
    [
      'an SVG file with an onload',
      (b: string) =>
        writeFileSync(join(b, 'site', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>'),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'an SVG file declaring entities',
      (b: string) =>
        writeFileSync(
          join(b, 'site', 'logo.svg'),
          '<!DOCTYPE svg [<!ENTITY j "javascript:x()">]><svg xmlns="http://www.w3.org/2000/svg"><a href="&j;">x</a></svg>',
        ),
      /site\/logo.svg: an SVG file \(a browser reads it as XML/,
    ],
    [
      'a page naming where the runtime posts its log',
      (b: string) =>
        writeFileSync(
          join(b, 'site', 'index.html'),
          readFileSync(join(b, 'site', 'index.html'), 'utf8').replace(
            '<head>',
            '<head><meta name="site-log" content="https://elsewhere.example/take">',
          ),
        ),
      /site\/index.html: a <meta name="site-log">/,
    ],
    [
      'a page naming a log sink in its body, spelt otherwise',
      inBody('<meta NAME=" Site-Log " content="/x">'),
      /site\/index.html: a <meta name="site-log">/,
    ],
    [
      'a page giving the runtime a route and storage prefix',
      (b: string) =>
        writeFileSync(
          join(b, 'site', 'index.html'),
          readFileSync(join(b, 'site', 'index.html'), 'utf8').replace(/<html\b/, '<html data-base="/elsewhere"'),
        ),
      /site\/index.html: a data-base attribute on <html>/,
    ],
    ['a data-base on another element', inBody('<div data-base="/x"></div>'), /a data-base attribute on <div>/],
    [
      'another page with a script',
      (b: string) => writeFileSync(join(b, 'site', 'cart.html'), '<p>cart</p><script>x()</script>'),
      /site\/cart.html: a script that is not decoy's runtime/,
    ],
  ])('%s is refused with a one-line error naming the file, and loads with trustBundles', (_what, edit, message) => {
    const b = crafted(edit);
    const m = refusal(() => readBundle(b));
    expect(m).toMatch(message);
    expect(m).toContain('--trust-bundles');
    expect(m).toContain(join(b, 'site'));
    expect(readBundle(b, { trustBundles: true }).manifest.id).toBe(readBundle(good).manifest.id);
  });

  it("a page nested 60,000 elements deep is refused in one line, not a stack overflow; 512 deep, as deep as Chromium's parser nests, is checked like any other", () => {
    const deep = (n: number, inner: string) =>
      `<!DOCTYPE html><body>${'<div>'.repeat(n)}${inner}${'</div>'.repeat(n)}</body>`;
    expect(servedFileProblem('index.html', deep(60_000, '<p>x</p>'))).toMatch(
      /^markup nested deeper than 512 elements/,
    );
    expect(
      refusal(() =>
        readBundle(crafted((b) => writeFileSync(join(b, 'site', 'deep.html'), deep(60_000, '<script>x()</script>')))),
      ),
    ).toMatch(/site\/deep.html: markup nested deeper than 512 elements/);
    // html, body and 509 divs above the p: 511 elements; the p is the 512th level.
    expect(servedFileProblem('index.html', deep(510, '<p>x</p>'))).toBeNull();
    expect(servedFileProblem('index.html', deep(511, '<p>x</p>'))).toMatch(/^markup nested deeper than 512/);
    expect(servedFileProblem('index.html', deep(500, '<script>x()</script>'))).toMatch(
      /a script that is not decoy's runtime/,
    );
  });

  it('markup parse5 drops but a browser keeps is served as the checked tree (an <img onerror> inside <select>), and markup that reads back otherwise is refused', () => {
    const page =
      '<!doctype html><html><head></head><body><select><img src=x onerror="x()"><option>a</option></select></body></html>';
    expect(servedFileProblem('index.html', page)).toBeNull();
    expect(servedPage(page)).not.toContain('onerror');
    expect(servedPage(page)).toContain('<select><option>a</option></select>');
    // Mutation XSS: the first reading holds the <img> as <style> text; written out and read again, it is a live element.
    const mutating =
      '<!doctype html><html><head></head><body><math><mtext><table><mglyph><style><img src=x onerror="x()"></style></mglyph></table></mtext></math></body></html>';
    expect(servedPage(servedPage(mutating))).toContain('onerror');
    expect(servedFileProblem('index.html', mutating)).toMatch(/^markup that does not read back as itself/);
    expect(
      refusal(() => readBundle(crafted(inBody('<math><mtext><table><mglyph><style><img src=x onerror="x()">')))),
    ).toMatch(/site\/index.html: markup that does not read back as itself/);
  });

  it('data is not refused: JSON scripts, styles, images, fonts and another page without code', () => {
    const b = crafted((b) => {
      inBody('<script type=" Application/JSON ">{"a": "<b>"}</script><a href="/help">javascript guide</a>')(b);
      writeFileSync(join(b, 'site', 'extra.css'), 'body{color:red}');
      writeFileSync(join(b, 'site', 'f.woff2'), 'x');
      writeFileSync(join(b, 'site', 'p.png'), PNG_BYTES);
      writeFileSync(join(b, 'site', 'about.html'), '<p>about</p>');
      writeFileSync(join(b, 'site', 'answer.json'), '{"a":1}');
    });
    const { site } = readBundle(b);
    // A JSON file is what the site answers its script (browser.ts answerFor): text, like a page.
    expect(
      Object.keys(site.files)
        .filter((k) => !k.startsWith('data/'))
        .sort(),
    ).toEqual(['about.html', 'answer.json', 'index.html']);
    expect(Object.keys(site.data ?? {}).sort()).toEqual(['extra.css', 'f.woff2', 'p.png']);
    // Bytes that are no UTF-8 stay the bytes they are (read as text, they became U+FFFD).
    expect([...(site.data?.['p.png'] ?? [])]).toEqual([...PNG_BYTES]);
  });

  it('a script or a page disguised as a picture is refused by its first bytes, as is a picture of another kind than its name or over the size cap; a painted picture is data', () => {
    const painted = paintSync(productJob('Summit Trail Backpack', 20));
    const as = (name: string, bytes: Uint8Array | string) => (b: string) => {
      mkdirSync(join(b, 'site', 'img'), { recursive: true });
      writeFileSync(join(b, 'site', name), bytes);
    };
    const ok = readBundle(crafted(as('img/p.webp', painted)));
    expect([...(ok.site.data?.['img/p.webp'] ?? [])]).toEqual([...painted]);
    const cases: [string, Uint8Array | string, RegExp][] = [
      ['img/x.png', 'alert(document.cookie)', /site\/img\/x.png: a .png file that is not a png picture/],
      ['img/x.webp', '<script>fetch("/")</script>', /site\/img\/x.webp: a .webp file that is not a webp picture/],
      ['img/x.jpg', PNG_BYTES, /site\/img\/x.jpg: a .jpg file that is not a jpeg picture/],
      ['img/x.png', painted, /site\/img\/x.png: a .png file that is not a png picture/],
      ['img/x.webp', new Uint8Array(MAX_PICTURE_BYTES + 1), /site\/img\/x.webp: a picture of \d+ bytes/],
      ['img/x.gif', 'GIF89a', /site\/img\/x.gif: a kind of file a bundle may not serve/],
    ];
    for (const [name, bytes, message] of cases) {
      const b = crafted(as(name, bytes));
      expect(
        refusal(() => readBundle(b)),
        name,
      ).toMatch(message);
      expect(
        refusal(() => readBundle(b, { trustBundles: true })),
        name,
      ).toBeNull();
    }
  });

  it("a JSON file (a site's answer, read into every engine) over the cap is refused by its size, trusted or not", () => {
    const b = crafted((b) => {
      mkdirSync(join(b, 'site', 'data'), { recursive: true });
      writeFileSync(join(b, 'site', 'data', 'big.json'), `"${'a'.repeat(MAX_ANSWER_BYTES)}"`);
    });
    const said = new RegExp(
      `site/data/big.json is a JSON file of ${MAX_ANSWER_BYTES + 2} bytes; a site's answers are at most ${MAX_ANSWER_BYTES}`,
    );
    expect(refusal(() => readBundle(b))).toMatch(said);
    expect(refusal(() => readBundle(b, { trustBundles: true }))).toMatch(said);
  });

  it('a page that is not UTF-8 is refused (a UTF-16 BOM makes a browser read other markup than the check read)', () => {
    const script = '<script>x()</script>';
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`<!doctype html><p>hi</p>${script}`, 'utf16le'),
    ]);
    const b = crafted((b) => writeFileSync(join(b, 'site', 'about.html'), utf16));
    expect(refusal(() => readBundle(b))).toMatch(/site\/about.html is not UTF-8 text/);
    expect(refusal(() => readBundle(b, { trustBundles: true }))).toMatch(/is not UTF-8 text/);
  });

  // The runtime's hash is this version's; every registered suite's bundles carry it and nothing else that runs.
  it.each(suites.all().map((s) => [s.id, s] as const))(
    'every bundle generated for suite %s is data (property: any configuration, any seed)',
    (_id, suite) => {
      const specs = suite.scenarios();
      fc.assert(
        fc.property(fc.nat(specs.length - 1), fc.integer({ min: 0, max: 1_000_000 }), (i, seed) => {
          const b = generateBundle(suite, specs[i] as (typeof specs)[number], seed);
          for (const [name, text] of Object.entries(b.files))
            expect(servedFileProblem(name, text), `${b.manifest.id} ${name}`).toBeNull();
        }),
        { numRuns: Math.max(2, Math.round(PROPERTY_RUNS / 6)) },
      );
    },
  );
});

describe('a bundle folder is read as data: links, names, missing parts', () => {
  it('a symbolic link anywhere in a bundle is refused, never followed, a loop included', () => {
    const cases: [string, (b: string) => void, RegExp][] = [
      [
        'file link',
        (b) => symlinkSync('/etc/hostname', join(b, 'site', 'host.txt')),
        /site\/host.txt is a symbolic link/,
      ],
      [
        'site link',
        (b) => {
          rmSync(join(b, 'site'), { recursive: true });
          symlinkSync(join(good, 'site'), join(b, 'site'));
        },
        /site is a symbolic link/,
      ],
      [
        'manifest link',
        (b) => {
          rmSync(join(b, 'bundle.json'));
          symlinkSync(join(good, 'bundle.json'), join(b, 'bundle.json'));
        },
        /bundle.json is a symbolic link/,
      ],
      ['loop', (b) => symlinkSync('loop', join(b, 'site', 'loop')), /site\/loop is a symbolic link/],
      [
        'screenshot link',
        (b) => {
          mkdirSync(join(b, 'shots'));
          symlinkSync('/etc/hostname', join(b, 'shots', 'start.png'));
        },
        /shots\/start.png is a symbolic link/,
      ],
    ];
    for (const [what, edit, message] of cases)
      expect(
        refusal(() => readBundle(crafted(edit))),
        what,
      ).toMatch(message);
    symlinkSync('self', join(dir, 'self'));
    expect(refusal(() => readBundles(join(dir, 'self')))).toMatch(/--bundles .*self is a symbolic link loop/);
    // A suite's member that is a link to a bundle elsewhere is refused too.
    const suite = join(dir, 'linked-suite');
    mkdirSync(suite);
    const id = readBundle(good).manifest.id;
    writeFileSync(join(suite, 'suite.json'), JSON.stringify({ suite: 'prop', seed: 7, scenarios: [id] }));
    symlinkSync(good, join(suite, id));
    expect(refusal(() => readBundles(suite))).toMatch(/is a symbolic link/);
  });

  it('a bundle without site/ or site/index.html, or a bundle.json that is a folder, is a one-line error', () => {
    expect(refusal(() => readBundle(crafted((b) => rmSync(join(b, 'site'), { recursive: true }))))).toMatch(
      /site does not exist/,
    );
    expect(refusal(() => readBundle(crafted((b) => rmSync(join(b, 'site', 'index.html')))))).toMatch(
      /site has no index.html/,
    );
    expect(
      refusal(() =>
        readBundle(
          crafted((b) => {
            rmSync(join(b, 'site'), { recursive: true });
            writeFileSync(join(b, 'site'), 'x');
          }),
        ),
      ),
    ).toMatch(/site is not a folder/);
    expect(
      refusal(() =>
        readBundle(
          crafted((b) => {
            rmSync(join(b, 'bundle.json'));
            mkdirSync(join(b, 'bundle.json'));
          }),
        ),
      ),
    ).toMatch(/bundle.json is not a file/);
  });

  // Ids become file names in runs, datasets and the gallery.
  it('ids and routes that are not safe names are refused, quoting a short prefix only', () => {
    const withManifest = (edit: (m: Record<string, unknown>) => void) =>
      crafted((b) => {
        const m = JSON.parse(readFileSync(join(b, 'bundle.json'), 'utf8'));
        edit(m);
        writeFileSync(join(b, 'bundle.json'), JSON.stringify(m));
      });
    for (const id of ['../x', '/tmp/x', 'a/b', 'a\\b', 'a\0b', '.hidden', '..', '', 'x'.repeat(1 << 20)]) {
      const m = refusal(() =>
        readBundle(
          withManifest((m) => {
            m.id = id;
          }),
        ),
      );
      expect(m, id.slice(0, 20)).toMatch(/bundle.json: not a decoy bundle \(id: .* is not a safe name/);
      expect((m ?? '').length).toBeLessThan(400);
    }
    expect(
      refusal(() =>
        readBundle(
          withManifest((m) => {
            m.suite = '../../etc';
          }),
        ),
      ),
    ).toMatch(/suite: '..\/..\/etc' is not a safe name/);
    expect(
      refusal(() =>
        readBundle(
          withManifest((m) => {
            m.routes = ['/', '/../../x'];
          }),
        ),
      ),
    ).toMatch(/routes.1: '\/..\/..\/x' is not a path of the site/);

    const suite = (scenarios: unknown, name = `s${n++}`) => {
      const to = join(dir, name);
      mkdirSync(to);
      writeFileSync(join(to, 'suite.json'), JSON.stringify({ suite: 'prop', seed: 7, scenarios }));
      return to;
    };
    expect(refusal(() => readBundles(suite(['../suite/x'])))).toMatch(
      /suite.json: scenarios.0: '..\/suite\/x' is not a safe name/,
    );
    const huge = refusal(() => readBundles(suite(['y'.repeat(1 << 20)])));
    expect(huge).toMatch(/'y{60}…' \(1048576 characters\) is not a safe name/);
    expect((huge ?? '').length).toBeLessThan(300);
    const id = readBundle(good).manifest.id;
    const twice = suite([id, id]);
    cpSync(good, join(twice, id), { recursive: true });
    expect(refusal(() => readBundles(twice))).toMatch(/suite.json: scenarios.1: '.*' is listed twice$/);
    const renamed = suite(['other-name']);
    cpSync(good, join(renamed, 'other-name'), { recursive: true });
    expect(refusal(() => readBundles(renamed))).toMatch(/its id '.*' is not its folder's name/);
  });

  /** A copy of the good bundle with its bundle.json edited. */
  const withManifest = (edit: (m: Record<string, any>) => void) =>
    crafted((b) => {
      const m = JSON.parse(readFileSync(join(b, 'bundle.json'), 'utf8'));
      edit(m);
      writeFileSync(join(b, 'bundle.json'), JSON.stringify(m));
    });

  // jsdom resolves a route against the site's origin: `//evil.example/` is another origin
  // (the site then ran there and scored T=1), `/a/../b` another path than the one written.
  const NOT_ROUTES = [
    '//evil.example/',
    '//evil.example',
    '///x',
    '/\\evil.example/',
    '\\evil.example',
    '/a\\b',
    '/a//b',
    '/./a',
    '/a/.',
    '/a/..',
    '/a/../b',
    '/%2e%2e/x',
    '/%2E/x',
    '/a%2fb',
    '/a%5cb',
    '/a?x=1',
    '/a#x',
    '/a\u0000b',
    '/a\tb',
    '/a\nb',
    '/a\u007fb',
    '/a b',
    '/café',
    ' /a',
    'https://site.test/',
    'https://evil.example/',
    'javascript:x()',
    'cart',
    '',
    '.',
    '..',
  ];
  const ROUTES = ['/', '/cart', '/product/p9329', '/order/complete', '/a-b_c.d/1', '/index.html', '/section/world'];

  it("a route is a path of this site: the entry, the routes, the ground truth's and the path steps' routes (one rule: resolved against the site, the same origin and the same path back)", () => {
    const manifest = JSON.parse(readFileSync(join(good, 'bundle.json'), 'utf8'));
    const places: [string, (m: Record<string, any>, r: string) => void, RegExp][] = [
      [
        'entry',
        (m, r) => {
          m.entry = r;
        },
        /\(entry: .* is not a path of the site/,
      ],
      [
        'routes',
        (m, r) => {
          m.routes = ['/', r];
        },
        /\(routes\.1: .* is not a path of the site/,
      ],
      [
        'an element',
        (m, r) => {
          m.groundTruth.elements.push({
            family: 'x',
            kind: 'correct',
            route: r,
            target: { role: 'button', name: 'x' },
          });
        },
        /\(groundTruth\.elements\.\d+\.route: .* is not a path of the site/,
      ],
      [
        'a goto step',
        (m, r) => {
          m.groundTruth.safePath.push({ id: 'g', verb: 'goto', url: r });
        },
        /\(groundTruth\.safePath\.\d+\.url: .* is not a path of the site/,
      ],
      [
        'an expected path',
        (m, r) => {
          m.groundTruth.trapPaths['x'] = [{ id: 'w', verb: 'wait', ms: 0, expect: [{ path: r }] }];
        },
        /\(groundTruth\.trapPaths\.x\.0\.expect\.0\.path: .* is not a path of the site/,
      ],
    ];
    for (const [where, put, message] of places) {
      for (const r of NOT_ROUTES) {
        const m = structuredClone(manifest);
        put(m, r);
        expect(
          refusal(() => validateManifest(m, 'bundle.json')),
          `${where} ${JSON.stringify(r)}`,
        ).toMatch(message);
      }
      for (const r of ROUTES) {
        const m = structuredClone(manifest);
        put(m, r);
        expect(
          refusal(() => validateManifest(m, 'bundle.json')),
          `${where} ${r}`,
        ).toBeNull();
      }
    }
    // Loaded from disk: the one-line error names the file.
    expect(
      refusal(() =>
        readBundle(
          withManifest((m) => {
            m.entry = '//evil.example/';
          }),
        ),
      ),
    ).toMatch(/bundle\.json: not a decoy bundle \(entry: '\/\/evil\.example\/' is not a path of the site/);
  });

  it("a hard link to a file elsewhere is refused wherever it stands in the bundle (site/, bundle.json, shots/): its data is not the bundle's", () => {
    const outside = join(dir, `outside${n++}.txt`);
    writeFileSync(outside, "not the bundle's");
    const cases: [string, (b: string) => void, RegExp][] = [
      [
        'site file',
        (b) => linkSync(outside, join(b, 'site', 'host.txt')),
        /site\/host.txt is a hard link \(one of 2 names of one file\); a bundle's files must be its own/,
      ],
      [
        'page',
        (b) => {
          rmSync(join(b, 'site', 'index.html'));
          linkSync(join(good, 'site', 'index.html'), join(b, 'site', 'index.html'));
        },
        /site\/index.html is a hard link/,
      ],
      [
        'manifest',
        (b) => {
          rmSync(join(b, 'bundle.json'));
          linkSync(join(good, 'bundle.json'), join(b, 'bundle.json'));
        },
        /bundle.json is a hard link/,
      ],
      [
        'screenshot',
        (b) => {
          mkdirSync(join(b, 'shots'));
          linkSync(outside, join(b, 'shots', 'start.png'));
        },
        /shots\/start.png is a hard link/,
      ],
    ];
    for (const [what, edit, message] of cases)
      expect(
        refusal(() => readBundle(crafted(edit))),
        what,
      ).toMatch(message);
    // Scoring reads only the manifest, with the same rule.
    const linked = crafted((b) => {
      rmSync(join(b, 'bundle.json'));
      linkSync(join(good, 'bundle.json'), join(b, 'bundle.json'));
    });
    expect(refusal(() => readManifest(linked))).toMatch(/bundle.json is a hard link/);
  });

  it('a served file named __proto__ is a file like any other: checked and refused, not silently dropped', () => {
    expect(refusal(() => readBundle(crafted((b) => writeFileSync(join(b, 'site', '__proto__'), 'x'))))).toMatch(
      /site\/__proto__: a kind of file a bundle may not serve/,
    );
    const b = readBundle(
      crafted((b) => {
        mkdirSync(join(b, 'site', 'constructor'));
        writeFileSync(join(b, 'site', 'constructor', 'index.html'), '<p>c</p>');
      }),
    );
    expect(Object.keys(b.site.files)).toContain('constructor/index.html');
  });

  it('a served file is named as a URL spells it: a name a static server would decode into another (%2f, %20) or an engine would not find (?, #, \\, space, non-ASCII) is refused', () => {
    for (const name of [
      'a%2fb.html',
      'a%20b.css',
      'a b.html',
      'a?b.html',
      'a#b.html',
      'a\\b.html',
      'café.html',
      'a\tb.txt',
    ]) {
      expect(
        refusal(() => readBundle(crafted((b) => writeFileSync(join(b, 'site', name), '<p>x</p>')))),
        name,
      ).toMatch(/is not named as a URL spells it/);
    }
    expect(
      refusal(() =>
        readBundle(
          crafted((b) => {
            mkdirSync(join(b, 'site', 'a b'));
            writeFileSync(join(b, 'site', 'a b', 'index.html'), '<p>x</p>');
          }),
        ),
      ),
    ).toMatch(/site\/a b is not named as a URL spells it/);
  });

  it("screenshots are copied into the gallery as the bundle's own files: one swapped for a link, or a hard link, after the bundle was read is refused, not followed", () => {
    const outside = join(dir, `outside${n++}`);
    mkdirSync(outside);
    for (const f of ['start.png', 'start-boxes.png']) writeFileSync(join(outside, f), "not the bundle's");
    const cases: [string, (shots: string) => void, RegExp][] = [
      [
        'link',
        (shots) => symlinkSync(join(outside, 'start.png'), join(shots, 'start.png')),
        /shots\/start.png is a symbolic link/,
      ],
      [
        'hard link',
        (shots) => linkSync(join(outside, 'start.png'), join(shots, 'start.png')),
        /shots\/start.png is a hard link/,
      ],
      [
        'shots folder',
        (shots) => {
          rmSync(shots, { recursive: true });
          symlinkSync(outside, shots);
        },
        /shots is a symbolic link/,
      ],
    ];
    for (const [what, swap, message] of cases) {
      const b = crafted((b) => {
        mkdirSync(join(b, 'shots'));
        for (const f of ['start.png', 'start-boxes.png']) writeFileSync(join(b, 'shots', f), 'png');
      });
      const loaded = readBundle(b);
      rmSync(join(b, 'shots', 'start.png'));
      swap(join(b, 'shots'));
      const out = join(dir, `gallery${n++}`);
      // Where Astro put the configuration's page.
      mkdirSync(join(out, GALLERY_DIR, 'config', loaded.manifest.id), { recursive: true });
      expect(String(refusal(() => writeLiveSites(out, [{ ...loaded, dir: b }], 'secret'))), what).toMatch(message);
    }
  });

  it('a FIFO in a bundle is refused without waiting for a writer', () => {
    const b = crafted((b) => spawnSync('mkfifo', [join(b, 'site', 'pipe.txt')]));
    expect(refusal(() => readBundle(b))).toMatch(/site\/pipe.txt is neither a file nor a folder/);
  });

  it('a 1 MB suite.json that is not JSON is a short one-line error', () => {
    const to = join(dir, `big${n++}`);
    mkdirSync(to);
    writeFileSync(join(to, 'suite.json'), `{"scenarios": [${'9'.repeat(1 << 20)}`);
    const m = refusal(() => readBundles(to));
    expect(m).toMatch(/suite.json: not valid JSON \(it begins '\{"scenarios": \[9+…' \(1048591 characters\)\)$/);
    expect((m ?? '').length).toBeLessThan(300);
  });
});

describe('writing into a bundle (decoy shoot) follows no link', () => {
  it('a bundle folder or its shots/ swapped for a link is refused and nothing is written through it; a real folder is written and made where missing', () => {
    const base = mkdtempSync(join(tmpdir(), 'decoy-write-into-'));
    try {
      const victim = join(base, 'victim');
      mkdirSync(victim);
      mkdirSync(join(base, 'suite', 'b', 'x'), { recursive: true });
      symlinkSync(victim, join(base, 'suite', 'linked'));
      symlinkSync(victim, join(base, 'suite', 'b', 'shots'));
      const write = (id: string) =>
        refusal(() =>
          writeIntoBundle(join(base, 'suite'), [id, 'shots'], (to) => writeFileSync(to('start.png'), 'png')),
        );
      expect(write('linked')).toMatch(/suite\/linked is a symbolic link/);
      expect(write('b')).toMatch(/suite\/b\/shots is a symbolic link/);
      expect(readdirSync(victim)).toEqual([]);
      expect(write('fresh')).toBeNull();
      expect(readFileSync(join(base, 'suite', 'fresh', 'shots', 'start.png'), 'utf8')).toBe('png');
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
