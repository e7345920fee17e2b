import Handlebars from 'handlebars';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteAction, SiteDesign, SiteSpec } from '../scenarios/model.ts';
import { DESIGNS } from '../scenarios/content/designs.ts';
import { ATTR, type ControlAction, type ControlsData } from '../scenarios/contract.ts';
import type { LaidSite } from './layout.ts';
import type { Box, Look } from './parts.ts';
import { listed } from './blocks/shop.ts';
import { BUTTON_BORDER } from './blocks/buttons.ts';
import type { RuntimeConfig } from './runtime/config.ts';
import { inlineRuntime } from './runtime-bundle.ts';
import { packagePath } from '../lib/root.ts';

function place(box: Box): string {
  return `left:${box.x}px;top:${box.y}px;width:${box.w}px;height:${box.h}px;`;
}

function css(box: Box, look?: Look | Handlebars.HelperOptions): string {
  let s = `position:absolute;${place(box)}`;
  if (look && 'size' in look) {
    s += `font-size:${look.size}px;font-weight:${look.weight};color:${look.color};`;
    if (look.line) s += `line-height:${look.line}px;`;
    if (look.bg) s += `background:${look.bg};`;
    if (look.align) s += `text-align:${look.align};`;
    if (look.underline) s += 'text-decoration:underline;';
  }
  return s;
}

/** What the controls of the page being rendered do, by control id: served as the site's answer (contract.ts ANSWERS.controls), never on the page. */
let serving: ControlsData | null = null;

/**
 * A control's attribute on the page: its opaque id alone. What it does (its served action,
 * neutral) is noted for the site's answer, which the runtime asks for when a control is pressed.
 */
/* Called in a template's context: on a link (`this.href`), a `nav` to where the link points needs no argument. */
function actionAttrs(this: { href?: unknown } | undefined, action: SiteAction): Handlebars.SafeString {
  const served: ControlAction = { do: action.do };
  switch (action.do) {
    case 'nav':
      if (action.href !== this?.href) served.arg = action.href;
      if (action.close) served.close = true;
      break;
    case 'cart.add':
    case 'cart.remove':
      if (action.sku) served.arg = action.sku;
      break;
    case 'form.submit':
      served.arg = action.form;
      if (action.fields || action.purposes)
        throw new Error(
          `form.submit of ${action.form}: a pressed control's fields and consent belong in bundle.json (generator/neutral.ts), not in the page`,
        );
      break;
    case 'overlay.open':
    case 'section.toggle':
      served.arg = action.id;
      break;
    case 'overlay.close':
      if (action.id) served.arg = action.id;
      break;
    case 'emit':
      throw new Error(
        `an emit action (${action.event}) reached the page: generator/neutral.ts serves its neutral part only`,
      );
    default:
      break;
  }
  const id = action.control;
  if (!id)
    throw new Error(`a ${action.do} control without an id reached the page (generator/neutral.ts gives each one)`);
  if (!serving) throw new Error('a control rendered outside renderSite');
  const before = serving[id];
  if (before && JSON.stringify(before) !== JSON.stringify(served))
    throw new Error(`control ${id} is served as two actions (${JSON.stringify(before)}, ${JSON.stringify(served)})`);
  serving[id] = served;
  return new Handlebars.SafeString(`${ATTR.control}="${Handlebars.escapeExpression(id)}"`);
}

/** A data attribute's name, as the contract spells it (`{{attr "flow"}}`): templates never spell one themselves. */
function attrName(key: string): string {
  if (!Object.prototype.hasOwnProperty.call(ATTR, key))
    throw new Error(`template: no data attribute "${key}" in the contract's ATTR`);
  return ATTR[key as keyof typeof ATTR];
}

let env: typeof Handlebars | null = null;

/** Handlebars with decoy's helpers and every partial of templates/. */
function handlebars(): typeof Handlebars {
  if (env) return env;
  const hb = Handlebars.create();
  hb.registerHelper('css', css);
  hb.registerHelper('place', place);
  hb.registerHelper('actionAttrs', actionAttrs);
  hb.registerHelper('attr', attrName);
  hb.registerHelper('join', (xs: string[]) => xs.join(' '));
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  for (const file of readdirSync(templateDir()).filter((f) => f.endsWith('.hbs'))) {
    const name = file.slice(0, -4);
    if (name !== 'page') hb.registerPartial(name, readFileSync(join(templateDir(), file), 'utf8'));
  }
  return (env = hb);
}

const templateDir = () => packagePath('generator', 'templates');

/**
 * A page template compiled as every page is: strict, so that a field the data lacks throws
 * (naming it) instead of rendering empty. Optional fields are read through {{#if}}, which
 * strict mode allows to be missing.
 */
export function compileTemplate(source: string): Handlebars.TemplateDelegate {
  return handlebars().compile(source, { strict: true, preventIndent: true });
}

let compiled: Handlebars.TemplateDelegate | null = null;

function template(): Handlebars.TemplateDelegate {
  compiled ??= compileTemplate(readFileSync(join(templateDir(), 'page.hbs'), 'utf8'));
  return compiled;
}

/** What the page's runtime needs to behave: site behaviour only, never ground truth. */
export function runtimeConfig(site: SiteSpec, laid: LaidSite): RuntimeConfig {
  return {
    brand: site.brand.name,
    catalog: Object.fromEntries(listed(site).map((p) => [p.sku, { name: p.name, price: p.price }])),
    shipping: site.pricing.shipping,
    gap: laid.pages[0]?.blocks[0]?.gap ?? 20,
  };
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A card's surface in each design's card style. */
const CARD_LOOK: Record<SiteDesign['cards'], string> = {
  border: 'background:#ffffff;box-shadow:inset 0 0 0 1px #e5e7eb;',
  shadow: 'background:#ffffff;box-shadow:0 1px 3px rgba(0,0,0,.12),0 6px 16px rgba(0,0,0,.06);',
  flat: 'background:#f3f4f6;',
};

/** A site's page, and what its controls do (the site's answer `ANSWERS.controls`). */
export function renderSite(site: SiteSpec, laid: LaidSite): { page: string; controls: ControlsData } {
  const design = site.frame?.design ?? (DESIGNS[0] as SiteDesign);
  const controls: ControlsData = {};
  serving = controls;
  try {
    return { page: render(site, laid, design), controls };
  } finally {
    serving = null;
  }
}

function render(site: SiteSpec, laid: LaidSite, design: SiteDesign): string {
  return template()({
    ...laid,
    design,
    buttonBorder: BUTTON_BORDER,
    cardLook: `${CARD_LOOK[design.cards]}border-radius:${Math.min(design.radius, 16)}px;`,
    brandName: site.brand.name,
    width: laid.viewport.width - 2 * (laid.pages[0]?.left ?? 0),
    overlays: laid.overlays.map((o) => ({ ...o, showAfter: o.showAfterMs === null ? '' : String(o.showAfterMs) })),
    config: scriptJson(runtimeConfig(site, laid)),
    runtime: inlineRuntime(),
  });
}
