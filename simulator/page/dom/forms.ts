/**
 * Form input as Playwright's fill and selectOption do it, in plain DOM code: the jsdom
 * engine runs it in Node, the Chromium engine inside the page, so both fire the same events.
 */
export function fillField(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const win = el.ownerDocument.defaultView as Window & typeof globalThis;
  el.focus();
  el.value = value;
  el.dispatchEvent(new win.Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new win.Event('change', { bubbles: true }));
}

export function selectValues(el: HTMLSelectElement, values: readonly string[]): string[] {
  const win = el.ownerDocument.defaultView as Window & typeof globalThis;
  const chosen: string[] = [];
  for (const option of Array.from(el.options)) {
    option.selected = values.includes(option.value) || values.includes((option.textContent ?? '').trim());
    if (option.selected) chosen.push(option.value);
  }
  el.dispatchEvent(new win.Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new win.Event('change', { bubbles: true }));
  return chosen;
}
