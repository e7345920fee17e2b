/**
 * The words every defense reads the same way: consent, a yes, a no, an advert's mark, and
 * what ticking a box says. One list per meaning, so the gate and Veer can never disagree on
 * whether "Sign me up" accepts or "Keep the free plan" declines. Written from the published
 * descriptions of the patterns (Mathur et al. 2019; DUDE's deception categories; Veer's
 * consequence classes), never from decoy's generated phrasings, and never shared with an
 * agent under test (agents/ keep their own words). A defense's own cues stay in its private
 * folder (_gate/, _veer/).
 */

/** What giving away data or attention is called: sharing, partners, marketing mail, cookies, tracking, selling. */
export const CONSENT =
  /\b(shar(?:e|es|ed|ing)|partners?|third[- ]part(?:y|ies)|marketing|newsletters?|promotions?|promotional|offers?|advertis\w*|personali[sz]\w*|sell(?:s|ing)?|sale of|cookies?|tracking|analytics|mailings?|mailing list|consent\w*|subscri\w*|sms|text messages|inbox|(?:weekly|monthly|daily) (?:tips|news|updates|e-?mails?))\b/i;

/** The words of a yes: the button that gives the consent or takes the offer. */
export const ACCEPT = /\b(accept\w*|allow|agree|consent|opt[- ]?in|yes|enable|turn on|sign me up|got it|ok(?:ay)?)\b/i;

/** The words of a no: declining, postponing, closing, skipping, going on without, keeping the free option. */
const DECLINE =
  /(\b(no|not|never|skip|decline|dismiss|close|cancel|reject|refuse|deny|without|later|not now|maybe later|i.ll pass|i.d rather|i don.t|remove|delete|keep (?:the )?(?:free|basic|standard)|(?:necessary|required|essential) only|only (?:necessary|essential))\b|^\s*[×✕x]\s*$)/i;

/** A yes that says what it keeps out ("Yes, no more than weekly", "Accept all, no tracking") is still a yes. */
const OPENS_YES = /^(?:yes|accept all|agree to all)\b/i;

/** Does pressing this control decline (a no's words, not opening with a yes)? */
export const declines = (name: string): boolean => DECLINE.test(name) && !OPENS_YES.test(name);

/** Marks of an advertisement. */
export const AD_MARK =
  /\b(sponsored|advertisement|advertorial|promoted|paid (?:content|post|partnership|placement|listing)|partner content|ad(?!-))\b/i;

/** Words turning a box's meaning around; an instruction to untick counts as one ("Untick this box if you do not …" is a yes). */
const NEGATION = /\b(no|not|don't|do not|never|without|opt[- ]?out|unsubscribe|stop|uncheck|untick)\b/gi;

/** Does ticking this box say no (an odd number of negations)? */
export const optsOut = (name: string) => (name.match(NEGATION) ?? []).length % 2 === 1;

/** Does ticking this box say yes to what it names? */
export const ticksYes = (name: string) => !optsOut(name);
