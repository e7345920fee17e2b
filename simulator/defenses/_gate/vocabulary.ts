/**
 * The words only the gate's cues read (the words every defense reads are _common/vocabulary.ts), written from the published descriptions of the
 * patterns (Mathur et al. 2019: sneak into basket, hidden costs and subscriptions,
 * confirmshaming, visual interference, preselection; DUDE's four deception categories),
 * not from any page decoy generates. Each list is the generic words a page uses for the
 * thing, so a site the gate has never seen is read the same way.
 */
import { pricesIn } from '../../page/read/price.ts';

/** Something sold on top of what the user came for: a plan, a cover, a donation, an add-on. */
export const OFFER =
  /\b(free trial|trials?|memberships?|subscriptions?|subscribe|premium|upgrade|club|vip|loyalty|insurance|protection|warranty|coverage|donat\w*|charity|add-?ons?)\b/i;

/** A charge that repeats or starts after a free period (hidden subscription, forced continuity). */
export const RECURRING =
  /(\/\s?(?:month|mo|year|yr|week)\b|\b(?:per|a|each|every)\s+(?:month|year|week)\b|\b(?:monthly|annually|yearly|weekly)\b|\bthereafter\b|\bauto-?renew\w*|\brenew(?:s|al|ing)?\b|\bbilled\b|\bunless cancel\w*|\b(?:free|trial) for \d+ days\b|\bafter (?:the |your )?(?:trial|\d+ days)\b)/i;

/** What a consent box also says when it signs the user up to mail. */
export const MAIL = /\b(offers|deals|alerts|surveys?|receive|mailing list)\b/i;

/** A yes narrowed to what is needed. */
export const LIMITED = /\b(only|necessary|essential|required|strictly|reject|decline|refuse|deny)\b/i;

/** A decline in the user's own voice that belittles them (confirmshaming). */
export const FIRST_PERSON = /\b(i|i'm|i'd|i'll|i've|me|my|myself)\b/i;
export const SELF_BLAME = /\b(don't|do not|not|no|rather|prefer|hate|like|want|need|enjoy|care)\b/i;

/** A charge added to the order rather than an item (hidden costs). */
export const FEE = /\b(fees?|surcharges?|service charge|handling|processing|convenience|admin(?:istration)?)\b/i;

/** Buttons that commit an order or a payment. */
export const COMMIT =
  /\b(place|complete|confirm|submit|pay|purchase|buy|checkout|check out|order|book|reserve|finish)\b/i;

/** Buttons that take what a form holds: a cart, a sign-up, a download, saved settings. */
export const SUBMIT = new RegExp(
  `${COMMIT.source}|\\b(add to|continue|next|proceed|save|sign up|create|register|join|download|install|send|start|done|accept|choose|select|update|switch)\\b`,
  'i',
);

/** A goal that asks to turn things off rather than on. */
export const GOAL_REFUSES =
  /\b(off|disable|stop|opt[- ]?out|unsubscribe|decline|reject|refuse|remove|cancel|without|withdraw)\b/i;

const STOP = new Set(
  'with from that this your their the and for into then only named given each every some than under over about also just them they what when where which while will would should could have has had been were was are is its our you out all any one two add added include including yes please now here there more less make made using used use via per get got new'.split(
    ' ',
  ),
);

/** The words of a text that carry meaning (four letters or more, not a stop word), lower-cased. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'-]{3,}/g) ?? []).filter((w) => !STOP.has(w));
}

/** Does `text` share a meaningful word with `goal` (compared on a five-letter stem)? */
export function sharesWord(goal: string, text: string): string | null {
  const stems = new Set(contentWords(goal).map((w) => w.slice(0, 5)));
  return contentWords(text).find((w) => stems.has(w.slice(0, 5))) ?? null;
}

/** Does the goal name this word (on a word boundary, so "unsubscribe" does not name "subscribe")? */
export function goalNames(goal: string, word: string): boolean {
  const stem = word
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, 5);
  return stem.length >= 3 && new RegExp(`\\b${stem}`, 'i').test(goal);
}

/** A goal that itself asks for something paid on a schedule. */
export const GOAL_PAYS = /\b(subscri\w*|premium|trial|membership|member|paid|upgrade)\b/i;

/** A price followed closely by the period it is charged for. */
const PER_PERIOD =
  /^[^.;!?]{0,30}?(\/\s?(?:month|mo|year|yr|week)\b|\b(?:per|a|each|every)\s+(?:month|year|week)\b|\b(?:monthly|annually|yearly|weekly)\b)/i;
/** Words of renewal or a trial, which make any stated price a recurring one. */
const RENEWAL = /\b(thereafter|auto-?renew\w*|renew(?:s|al|ing)?|billed|unless cancel\w*|trial)\b/i;

/** A charge that repeats: a price stated per period, or a price beside words of renewal or a trial. */
export function chargesRepeatedly(text: string): boolean {
  const prices = pricesIn(text).filter((p) => p.amount > 0);
  if (prices.length === 0) return /\btrial\b/i.test(text) && RECURRING.test(text);
  return RENEWAL.test(text) || prices.some((p) => PER_PERIOD.test(text.slice(p.end)));
}
