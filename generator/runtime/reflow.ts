/** The stack rule applied to the live page: a block that opens or closes moves what follows it. */
import { ATTR, FORM_STATUS, stack } from '../../scenarios/contract.ts';
import { first } from './lookup.ts';

function px(el: HTMLElement, prop: 'height'): number {
  return parseFloat(el.style[prop]) || 0;
}

/** Restacks the visible flow blocks of a container; returns the bottom of the last one. */
function restack(container: Element): number {
  const blocks: HTMLElement[] = [];
  for (let i = 0; i < container.children.length; i++) {
    const el = container.children[i] as HTMLElement;
    if (el.hasAttribute(ATTR.flow) && !el.hidden) blocks.push(el);
  }
  const { tops, bottom } = stack(
    blocks.map((el) => ({ height: px(el, 'height'), gap: parseFloat(el.getAttribute(ATTR.flow) as string) })),
  );
  blocks.forEach((el, i) => {
    el.style.top = tops[i] + 'px';
  });
  return bottom;
}

/**
 * A page's blocks sit one under another, each a gap below the last; the site's footer (one for
 * every page) sits a gap below the page that shows.
 */
export function reflow(page: HTMLElement): void {
  const bottom = restack(page);
  page.style.height = bottom + 'px';
  const foot = first<HTMLElement>('[' + ATTR.foot + ']');
  if (foot)
    foot.style.top =
      (parseFloat(page.style.top) || 0) + bottom + parseFloat(foot.getAttribute(ATTR.foot) as string) + 'px';
}

/** Forms follow the same rule, so that a section opening inside a form pushes down what
    follows it; the status lines sit under the last block, as the layout put them. */
export function reflowForm(form: HTMLElement): void {
  const last = restack(form);
  for (let j = 0; j < form.children.length; j++) {
    const el = form.children[j] as HTMLElement;
    if (el.hasAttribute(ATTR.slot)) el.style.top = last + FORM_STATUS.gap + 'px';
  }
  form.style.height = last + FORM_STATUS.below + 'px';
}
