/**
 * jsdom gives every element a CSSStyleDeclaration when it is made and parses its style
 * attribute into it on every write, parsing included. decoy's page readers read the attribute
 * themselves (dom/style.ts), and generated pages carry their geometry inline on hundreds of
 * elements, so this was about a fifth of opening a page. Here the declaration is made the
 * first time anything asks for `style` (the page's script, getComputedStyle), from the
 * attribute as it is then; a write to the attribute before that leaves nothing to update.
 * What a page sees is unchanged: `el.style` always reflects the attribute.
 */
import { createRequire } from 'node:module';

type Impl = Record<string, unknown> & {
  _globalObject: unknown;
  _settingCssText: boolean;
  getAttributeNS(ns: null, name: string): string | null;
};
interface Declaration {
  cssText: string;
}

/** Where an element keeps its declaration once made. */
const LAZY = '_decoyStyle';

let done = false;

/** Makes jsdom's inline style declarations lazy, once per process. */
export function lazyInlineStyles(): void {
  if (done) return;
  done = true;
  const require = createRequire(import.meta.url);
  const properties = require('jsdom/lib/generated/idl/CSSStyleProperties.js') as {
    createImpl(global: unknown, args: unknown[], priv: { ownerNode: unknown }): Declaration;
  };
  const impls = [
    require('jsdom/lib/jsdom/living/nodes/HTMLElement-impl.js'),
    require('jsdom/lib/jsdom/living/nodes/SVGElement-impl.js'),
  ] as { implementation: { prototype: object } }[];
  for (const impl of impls) {
    const proto = impl.implementation.prototype as Record<string, unknown>;
    const parent = Object.getPrototypeOf(proto) as { _attrModified: (...a: unknown[]) => void };
    const own = proto._attrModified as (this: Impl, name: string, value: string, old: string) => void;
    proto._initElementCSSInlineStyle = function (this: Impl) {
      this._settingCssText = false;
    };
    Object.defineProperty(proto, 'style', {
      configurable: true,
      get(this: Impl): Declaration {
        let style = this[LAZY] as Declaration | undefined;
        if (!style) {
          style = properties.createImpl(this._globalObject, [], { ownerNode: this });
          this[LAZY] = style;
          const value = this.getAttributeNS(null, 'style');
          if (value !== null) {
            this._settingCssText = true;
            style.cssText = value;
            this._settingCssText = false;
          }
        }
        return style;
      },
    });
    proto._attrModified = function (this: Impl, name: string, value: string, old: string) {
      // Not yet asked for: the declaration will be read from the attribute when it is.
      if (name === 'style' && this[LAZY] === undefined) return parent._attrModified.call(this, name, value, old);
      return own.call(this, name, value, old);
    };
  }
}
