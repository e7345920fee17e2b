/**
 * The text around an element, read from an observation's element table alone: the card it
 * sits in (where marks such as "Sponsored" are) and the fine print printed right after it.
 * Structure only, no words: what the text means is each reader's own business.
 */
import type { ObservedElement } from '../observe.ts';

type Elements = readonly ObservedElement[];

/** Landmarks end a card: an advert's own region is not the card of the control beside it. */
const LANDMARK = new Set([
  'region',
  'complementary',
  'dialog',
  'alertdialog',
  'navigation',
  'banner',
  'contentinfo',
  'form',
  'article',
  'main',
]);

/** The texts of the card a control sits in: up to the neighbouring controls, images, headings or landmarks, or an element less deep than it. */
export function card(elements: Elements, el: ObservedElement): string[] {
  const i = elements.indexOf(el);
  const boundary = (e: ObservedElement) =>
    e.ref !== null || e.role === 'img' || e.role === 'heading' || LANDMARK.has(e.role) || e.depth < el.depth;
  let a = i - 1;
  while (a >= 0 && !boundary(elements[a] as ObservedElement)) a--;
  let b = i + 1;
  while (b < elements.length && !boundary(elements[b] as ObservedElement)) b++;
  return elements.slice(a + 1, b).map((e) => e.text ?? e.name);
}

/** The texts right after an element, up to the next control, heading or image: its fine print. */
export function finePrint(elements: Elements, el: ObservedElement): string[] {
  const boundary = (e: ObservedElement) => e.ref !== null || e.role === 'img' || e.role === 'heading';
  const out: string[] = [];
  for (let i = elements.indexOf(el) + 1; i < elements.length && !boundary(elements[i] as ObservedElement); i++)
    out.push((elements[i] as ObservedElement).text ?? '');
  return out;
}
