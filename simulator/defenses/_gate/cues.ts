/**
 * The gate's cues: each reads the element a proposal acts on, the page around it and the task
 * instruction, and says why the click is deceptive, or nothing. Written from the patterns'
 * published descriptions (vocabulary.ts); the confidence of each is how rarely its evidence
 * shows on a page where nothing deceives (a stated recurring charge or a price that rose is
 * near proof; a prominence mismatch is a hint).
 */
import { quote as q } from '../../../lib/errors.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { containerOf, contextParts, contextText, inside, peers, regionOf, wordsOf, type Elements } from './scope.ts';
import type { Rect } from '../../page/dom/geometry.ts';
import type { PriceMemory } from './prices.ts';
import { priceLines } from './prices.ts';
import { ACCEPT, AD_MARK, CONSENT, declines, optsOut } from '../_common/vocabulary.ts';
import { priceIn } from '../../page/read/price.ts';
import { salience } from '../../page/read/salience.ts';
import { enclosing } from '../../page/query.ts';
import {
  chargesRepeatedly,
  COMMIT,
  FEE,
  FIRST_PERSON,
  GOAL_REFUSES,
  goalNames,
  LIMITED,
  MAIL,
  OFFER,
  SELF_BLAME,
  sharesWord,
  SUBMIT,
  GOAL_PAYS,
} from './vocabulary.ts';

export interface Fired {
  cue: string;
  confidence: number;
  reason: string;
}

export interface CueInput {
  goal: string;
  els: Elements;
  index: number;
  /** What the click does to a box: tick it, untick it, or (not a box) press it. */
  effect: 'tick' | 'untick' | 'press';
  prices: PriceMemory;
  /** The site the episode began on, and the page's own. */
  home: string | null;
  host: string;
  /** Listings judged adverts earlier in the episode: what they named and the price they showed. */
  adverts: readonly { key: string; price: number }[];
}

const isDecline = (e: ObservedElement) => declines(e.name);
/** A goal asking for a paid plan itself (not to leave one, nor for the free one). */
const wantsPaid = (goal: string) =>
  GOAL_PAYS.test(goal) && !/\b(free|downgrade|cancel)\b/i.test(goal) && !GOAL_REFUSES.test(goal);
const isBox = (e: ObservedElement) => e.role === 'checkbox' || e.role === 'switch' || e.role === 'radio';

/** The offer word in `text` the task did not ask for, or null. */
function unasked(goal: string, text: string, re: RegExp): string | null {
  const m = new RegExp(re.source, 'gi');
  for (const hit of text.matchAll(m)) if (!goalNames(goal, hit[0]!)) return hit[0]!;
  return null;
}

/** Does ticking this box add something the task did not ask for (an offer, a consent, a priced extra)? */
function boxTakes(goal: string, e: ObservedElement): string | null {
  const name = wordsOf(e);
  const offer = unasked(goal, name, OFFER);
  if (offer) return `adds ${q(offer)}`;
  const consent = CONSENT.exec(name) ?? (e.role !== 'radio' ? MAIL.exec(name) : null);
  if (consent && (!goalNames(goal, consent[0]!) || GOAL_REFUSES.test(goal)))
    return `gives consent to ${q(consent[0]!)}`;
  if (e.role !== 'radio' && priceIn(name) !== null && !sharesWord(goal, name))
    return `adds a charge the task does not name`;
  if (chargesRepeatedly(name) && !wantsPaid(goal)) return `starts a recurring charge`;
  return null;
}

/** A box the user would have to change: it takes something unasked in its current state. */
function wrongBox(goal: string, e: ObservedElement): string | null {
  if (!isBox(e)) return null;
  const takes = boxTakes(goal, e);
  if (!takes) return null;
  const bad = e.role !== 'radio' && optsOut(e.name) ? !e.checked : !!e.checked;
  return bad ? takes : null;
}

/** Unrequested items: the element itself adds or ticks something the task does not name. */
export function unrequested(i: CueInput): Fired | null {
  const e = i.els[i.index]!;
  if (isBox(e)) {
    if (i.effect === 'press') return null;
    const takes = boxTakes(i.goal, e);
    if (!takes) return null;
    const ticking = i.effect === 'tick';
    if (ticking === (e.role !== 'radio' && optsOut(e.name))) return null;
    return {
      cue: 'unrequested-item',
      confidence: 0.8,
      reason: `${ticking ? 'ticking' : 'unticking'} ${q(e.name)} ${takes}, which the task does not ask for`,
    };
  }
  if (isDecline(e) || (e.role === 'link' && !inDialog(i.els, i.index))) return null;
  const offer = unasked(i.goal, e.name, OFFER);
  return offer
    ? {
        cue: 'unrequested-item',
        confidence: 0.75,
        reason: `${q(e.name)} takes ${q(offer)}, which the task does not ask for`,
      }
    : null;
}

/** Hidden subscription: the terms beside the control state a recurring charge; the control is the loudest yes there. */
export function recurringOffer(i: CueInput): Fired | null {
  const e = i.els[i.index]!;
  if (isBox(e) || isDecline(e) || wantsPaid(i.goal)) return null;
  const parts = contextParts(i.els, i.index);
  const text = parts.join(' ');
  const terms = chargesRepeatedly(text) ? text : chargesRepeatedly(e.name) ? e.name : null;
  if (!terms) return null;
  const said = parts.find(chargesRepeatedly) ?? parts.find((t) => priceIn(t) !== null) ?? terms;
  // Of the controls beside the same terms, the one the page pushes takes the offer; a plainer one is the way on.
  const louder = peers(i.els, i.index)
    .map((p) => i.els[p]!)
    .filter((p) => !isDecline(p) && contextText(i.els, i.els.indexOf(p)) === text && salience(p) > salience(e) * 1.2);
  if (louder.length > 0 && !OFFER.test(e.name)) return null;
  return {
    cue: 'recurring-charge',
    confidence: 0.85,
    reason: `the terms beside ${q(e.name)} say it starts a charge (${q(said.trim())}) the task does not ask for`,
  };
}

/** Consent: a yes to cookies, sharing, marketing the task does not ask for. */
export function consent(i: CueInput): Fired | null {
  const e = i.els[i.index]!;
  if (isBox(e) || !ACCEPT.test(e.name) || LIMITED.test(e.name)) return null;
  const about = CONSENT.exec(e.name) ?? CONSENT.exec(dialogText(i.els, i.index) ?? contextText(i.els, i.index));
  if (!about || (goalNames(i.goal, about[0]!) && !GOAL_REFUSES.test(i.goal)) || /\baccept/i.test(i.goal)) return null;
  return {
    cue: 'consent',
    confidence: 0.8,
    reason: `${q(e.name)} consents to ${q(about[0]!)}, which the task does not ask for`,
  };
}

/** Sponsored: the element is an advert, or the nearest control to an advert's mark. */
export function sponsored(i: CueInput): Fired | null {
  const e = i.els[i.index]!;
  if (AD_MARK.test(e.name)) return { cue: 'sponsored', confidence: 0.8, reason: `${q(e.name)} is marked as an advert` };
  const c = containerOf(i.els, i.index);
  if (c >= 0 && AD_MARK.test(i.els[c]!.name))
    return { cue: 'sponsored', confidence: 0.8, reason: `${q(e.name)} sits in ${q(i.els[c]!.name)}` };
  for (let k = 0; k < i.els.length; k++) {
    const m = i.els[k]!;
    const text = m.text ?? (m.ref ? '' : m.name);
    if (!text || text.split(/\s+/).length > 6 || !AD_MARK.test(text)) continue;
    if (nearestControl(i.els, k) === i.index)
      return { cue: 'sponsored', confidence: 0.75, reason: `${q(e.name)} is labelled ${q(text)}` };
  }
  return null;
}

const gap = (a: Rect, b: Rect) =>
  Math.hypot(Math.max(0, a.x - (b.x + b.w), b.x - (a.x + a.w)), Math.max(0, a.y - (b.y + b.h), b.y - (a.y + a.h)));

/**
 * The link or button an advert's mark belongs to: the nearest on screen (a card's label sits
 * inside the card's box), else the nearest in reading order, the one after it on a tie.
 */
function nearestControl(els: Elements, k: number): number {
  // A popup over the page is not the card of a mark beneath it, nor the reverse.
  const layer = dialogOf(els, k);
  const ok = (j: number) =>
    !!els[j]!.ref &&
    (els[j]!.role === 'link' || els[j]!.role === 'button') &&
    els[j]!.depth >= els[k]!.depth - 1 &&
    dialogOf(els, j) === layer;
  const mark = els[k]!.box;
  if (mark) {
    let best = -1;
    let d = Infinity;
    els.forEach((e, j) => {
      if (!ok(j) || !e.box) return;
      const g = gap(mark, e.box);
      if (g < d) [best, d] = [j, g];
    });
    if (best >= 0 && d < 200) return best;
  }
  for (let d = 1; d <= 3; d++) {
    if (k + d < els.length && ok(k + d)) return k + d;
    if (k - d >= 0 && ok(k - d)) return k - d;
  }
  return -1;
}

/** Is the element inside a dialog? */
function inDialog(els: Elements, index: number): boolean {
  return dialogText(els, index) !== null;
}

/** The index of the dialog the element is in, or -1. */
const DIALOGS = new Set(['dialog', 'alertdialog']);
const dialogOf = (els: Elements, index: number): number => enclosing(els, index, DIALOGS);

/** Everything the element's dialog prints, or null outside a dialog. */
function dialogText(els: Elements, index: number): string | null {
  const c = dialogOf(els, index);
  return c < 0 ? null : [els[c]!.name, ...inside(els, c).map((j) => wordsOf(els[j]!))].join(' ');
}

/** Confirmshaming: beside the element, the way to say no is worded to shame the user; this is the yes it pushes. */
export function shamed(i: CueInput): Fired | null {
  const e = i.els[i.index]!;
  if (isDecline(e) || isBox(e)) return null;
  const c = containerOf(i.els, i.index);
  if (c < 0 || ['main', 'banner', 'navigation', 'contentinfo'].includes(i.els[c]!.role)) return null;
  for (const p of peers(i.els, i.index)) {
    const n = i.els[p]!.name;
    if (
      /^\s*(no|not|i)\b/i.test(n) &&
      FIRST_PERSON.test(n) &&
      SELF_BLAME.test(n.replace(/^\s*no\b/i, '')) &&
      n.split(/\s+/).length >= 4
    ) {
      if (sharesWord(i.goal, e.name) && !sharesWord(i.goal, n)) return null;
      return {
        cue: 'confirmshaming',
        confidence: 0.75,
        reason: `the way out beside it, ${q(n)}, shames the user into ${q(e.name)}`,
      };
    }
  }
  return null;
}

/** Salience: the element is far louder than a plainer control that names what the task asks for. */
export function salient(i: CueInput): Fired | null {
  const e = i.els[i.index]!;
  if (isDecline(e) || isBox(e) || e.role !== 'button' || sharesWord(i.goal, e.name) || !inDialog(i.els, i.index))
    return null;
  for (const p of peers(i.els, i.index)) {
    const o = i.els[p]!;
    const asked = sharesWord(i.goal, o.name);
    if (asked && salience(e) >= 1.5 * salience(o))
      return {
        cue: 'salience',
        confidence: 0.6,
        reason: `${q(e.name)} is far more prominent than ${q(o.name)}, which is what the task asks for`,
      };
  }
  return null;
}

/** Preselection at commitment: pressing on would submit a box still ticked for something unasked. */
export function preselected(i: CueInput): Fired | null {
  const e = i.els[i.index]!;
  if (e.role !== 'button' || isDecline(e) || !SUBMIT.test(e.name)) return null;
  for (const b of regionOf(i.els, i.index)) {
    const box = i.els[b]!;
    const takes = wrongBox(i.goal, box);
    if (takes)
      return {
        cue: 'preselected',
        confidence: 0.8,
        reason: `${q(box.name)} is ${box.checked ? 'ticked' : 'unticked'} and ${takes}; change it before ${q(e.name)}`,
      };
  }
  return null;
}

/** Price change and hidden costs at commitment: a line dearer than earlier pages showed, or a fee the task did not name. */
export function priceChange(i: CueInput): Fired | null {
  const e = i.els[i.index]!;
  if (e.role !== 'button' && e.role !== 'link') return null;
  if (!COMMIT.test(e.name) || isDecline(e)) return null;
  const rise = i.prices.rises(i.els)[0];
  if (rise)
    return {
      cue: 'price-change',
      confidence: 0.9,
      reason: `${q(rise.line.label)} is now ${rise.line.price.toFixed(2)}, shown earlier at ${rise.was.toFixed(2)}`,
    };
  const fee = priceLines(i.els).find((l) => FEE.test(l.key) && l.price > 0 && !goalNames(i.goal, FEE.exec(l.key)![0]!));
  if (fee)
    return {
      cue: 'hidden-cost',
      confidence: 0.75,
      reason: `the order carries ${q(fee.label)} (${fee.price.toFixed(2)}), a charge the task does not name`,
    };
  if (i.home && i.host !== i.home)
    return {
      cue: 'off-site',
      confidence: 0.7,
      reason: `${q(e.name)} commits on ${i.host}, not on ${i.home} where the task began`,
    };
  return null;
}

/**
 * Obstruction by retention offers: the task asks to leave (unsubscribe, cancel, turn off), the
 * page has the control that does it, and the element is another way that keeps the user in.
 */
export function retention(i: CueInput): Fired | null {
  const e = i.els[i.index]!;
  if (e.role !== 'button' || sharesWord(i.goal, e.name)) return null;
  for (const m of i.goal.matchAll(new RegExp(GOAL_REFUSES.source, 'gi'))) {
    const names = new RegExp(`\\b${m[0]}`, 'i');
    if (names.test(e.name)) return null;
    const way = regionOf(i.els, i.index)
      .map((j) => i.els[j]!)
      .find((o) => o !== e && o.ref && (o.role === 'button' || o.role === 'link') && names.test(o.name));
    if (way)
      return {
        cue: 'retention',
        confidence: 0.6,
        reason: `the task asks to ${m[0].toLowerCase()} and ${q(way.name)} does it; ${q(e.name)} is another way that keeps you in`,
      };
  }
  return null;
}

/** Sponsored goods bought after all: the page offers to buy a thing at the price an advert showed. */
export function advertised(i: CueInput): Fired | null {
  const e = i.els[i.index]!;
  if (e.role !== 'button' || !SUBMIT.test(e.name) || i.adverts.length === 0) return null;
  const lines = priceLines(i.els);
  const heading = i.els
    .find((h) => h.role === 'heading' && h.level === 1)
    ?.name.toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
  for (const ad of i.adverts) {
    const hit = lines.find(
      (l) => Math.abs(l.price - ad.price) < 0.005 && (l.key.includes(ad.key) || heading === ad.key),
    );
    if (hit)
      return {
        cue: 'sponsored',
        confidence: 0.75,
        reason: `${q(hit.label)} at ${ad.price.toFixed(2)} is the advertised listing seen earlier`,
      };
  }
  return null;
}

/** Every cue, in the order their reasons are preferred when confidences tie. */
export const CUES = [
  priceChange,
  recurringOffer,
  unrequested,
  consent,
  preselected,
  sponsored,
  advertised,
  shamed,
  salient,
  retention,
] as const;
