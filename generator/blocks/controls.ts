/** Form controls: a tick box or switch, a text field, radio buttons, a drop-down. */
import { textPart, textWidth, toneLook, type Box, type Part, type Styled } from '../parts.ts';
import { base, span, type BlockOf, type Ctx, type Laid } from './base.ts';
import { carried } from './shop.ts';

export interface LaidOption extends Laid<'option'> {
  inputId: string;
  control: Box;
  isSwitch: boolean;
  checked: boolean;
  disabled: boolean;
  addon: string | undefined;
  /** The add-on's product as it travels into the cart (JSON), so the page's data holds it only once it is shown. */
  item: string | undefined;
  name: string | undefined;
  price: number | undefined;
  label: Part;
}

export interface LaidField extends Laid<'field'> {
  inputId: string;
  name: string;
  type: BlockOf<'field'>['type'];
  value: string;
  required: boolean;
  label: Part;
  input: Styled;
}

export interface LaidRadio {
  inputId: string;
  value: string;
  checked: boolean;
  control: Box;
  label: Part;
}

export interface LaidRadios extends Laid<'radios'> {
  name: string;
  legend: Part;
  options: LaidRadio[];
}

export interface LaidSelect extends Laid<'select'> {
  inputId: string;
  name: string;
  options: { value: string; label: string; selected: boolean }[];
  label: Part;
  input: Styled;
}

export function option(block: BlockOf<'option'>, ctx: Ctx, width: number): LaidOption {
  const look = toneLook(block.tone, ctx.theme.ink);
  const isSwitch = block.control === 'switch';
  const control = isSwitch ? { x: 0, y: 0, w: 40, h: 22 } : { x: 0, y: 0, w: 18, h: 18 };
  const labelX = control.w + 12;
  const label = textPart(block.label, look, labelX, 0, Math.min(width - labelX, textWidth(block.label, look.size) + 8));
  const h = Math.max(control.h, label.box.h);
  control.y = Math.round((h - control.h) / 2);
  label.box.y = Math.round((h - label.box.h) / 2);
  return {
    ...base(block, ctx),
    box: span(width, h),
    inputId: ctx.ids.element(...ctx.place, block.id),
    control,
    isSwitch,
    checked: block.checked,
    disabled: block.disabled ?? false,
    addon: block.addon,
    item: block.addon === undefined ? undefined : JSON.stringify(carried(ctx.site, block.addon)),
    name: block.name,
    price: block.price,
    label,
  };
}

export function field(block: BlockOf<'field'>, ctx: Ctx, width: number): LaidField {
  const { theme } = ctx;
  const w = Math.min(width, 480);
  return {
    ...base(block, ctx),
    box: span(width, 68),
    inputId: ctx.ids.element(...ctx.place, block.id),
    name: block.name,
    type: block.type,
    value: block.value ?? '',
    required: !block.optional,
    label: { text: block.label, look: { size: 14, weight: 600, color: theme.ink }, box: { x: 0, y: 0, w, h: 20 } },
    input: { look: { size: 16, weight: 400, color: theme.ink, bg: '#ffffff' }, box: { x: 0, y: 26, w, h: 42 } },
  };
}

export function radios(block: BlockOf<'radios'>, ctx: Ctx, width: number): LaidRadios {
  const { theme } = ctx;
  const legend = {
    text: block.legend,
    look: { size: 14, weight: 600, color: theme.ink },
    box: { x: 0, y: 0, w: width, h: 20 },
  };
  const options = block.options.map((o, i): LaidRadio => {
    const look = toneLook(o.tone, theme.ink);
    const y = 28 + i * 30;
    return {
      inputId: ctx.ids.element(...ctx.place, block.id, o.value),
      value: o.value,
      checked: o.checked ?? false,
      control: { x: 0, y: y + 3, w: 18, h: 18 },
      label: {
        text: o.label,
        look: { ...look, line: 24 },
        box: { x: 28, y, w: Math.min(width - 28, textWidth(o.label, look.size) + 8), h: 24 },
      },
    };
  });
  return {
    ...base(block, ctx),
    box: span(width, 28 + block.options.length * 30 - 6),
    name: block.name,
    legend,
    options,
  };
}

export function select(block: BlockOf<'select'>, ctx: Ctx, width: number): LaidSelect {
  const { theme } = ctx;
  const w = Math.min(width, 320);
  return {
    ...base(block, ctx),
    box: span(width, 68),
    inputId: ctx.ids.element(...ctx.place, block.id),
    name: block.name,
    options: block.options.map((o) => ({ ...o, selected: o.value === (block.value ?? block.options[0]?.value) })),
    label: { text: block.label, look: { size: 14, weight: 600, color: theme.ink }, box: { x: 0, y: 0, w, h: 20 } },
    input: { look: { size: 16, weight: 400, color: theme.ink, bg: '#ffffff' }, box: { x: 0, y: 26, w, h: 42 } },
  };
}
