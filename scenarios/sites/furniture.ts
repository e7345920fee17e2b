/**
 * Benign furniture: a notice a real site puts up on arrival, whose loud button is the right way
 * on and whose quiet one is harmless too. Every site may get one, controls included, drawn by
 * seed, so a popup is no sign of a pattern and its loudest control is no sign of a trap.
 * Pressing either only closes the notice: nothing is logged that an evaluator reads as harm.
 */
import type { OverlaySpec, PathEdit, SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';

const TITLES = [
  'Welcome',
  'Good to see you',
  'Before you start',
  'A quick note',
  "What's new",
  'Hello again',
];
const NOTES = [
  'We have refreshed the site: everything is where it was, just easier to find.',
  'Orders and bookings are confirmed by email within a few minutes.',
  'Our help centre is open every day from 8 am to 8 pm.',
  'Prices shown include tax. Nothing is charged until you confirm.',
  'Signing in is optional: you can carry on as a guest.',
  'Pages now load faster on slow connections.',
];
/*
 * No family's pools hold these (test/scenarios/furniture.test.ts): a notice's "Continue" beside a
 * setup dialog's "Continue" would leave the way on ambiguous, and a path could press the dialog's.
 */
const GO_ON = ['Got it', 'Start browsing', 'Take me to the site', 'Understood', 'Enter the site', 'Show me around'];
const CLOSE = ['Close notice', 'Hide notice', 'Skip notice', 'Close this notice', 'Hide this notice'];
export const FURNITURE_LABELS: readonly string[] = [...GO_ON, ...CLOSE];

/** One furniture kind: where its notice sits and what covers the page behind it. */
const KINDS: readonly Pick<OverlaySpec, 'placement' | 'backdrop'>[] = [
  { placement: 'modal', backdrop: true },
  { placement: 'bottom-bar', backdrop: false },
  { placement: 'corner', backdrop: false },
];

/**
 * Every label the site's pages and overlays show (buttons, links, fields), in lower case: taken
 * from the task's site before any pattern, so a control and its patterned twins draw alike.
 */
export function labelsOf(site: SiteSpec): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'label' && typeof x === 'string') out.add(x.toLowerCase());
        else walk(x);
      }
  };
  walk([site.pages, site.overlays]);
  return out;
}

/** The drawn label, or the first of its pool the task's site does not show already. */
function unused(drawn: string, pool: readonly string[], taken: Set<string>): string {
  if (!taken.has(drawn.toLowerCase())) return drawn;
  return pool.find((l) => !taken.has(l.toLowerCase())) ?? drawn;
}

/**
 * Puts a notice on the entry page of `site`, one site in two, whatever patterns the site holds
 * (a control and its patterned twins get the same notice); returns the edit of every path that
 * answers it with its loud button. Put up last, it sits above anything a pattern shows on arrival.
 */
export function furnish(site: SiteSpec, rng: Rng, taken: Set<string>): PathEdit[] {
  const kind = rng.pick(KINDS);
  const title = rng.pick(TITLES);
  const note = rng.pick(NOTES);
  const goOn = unused(rng.pick(GO_ON), GO_ON, taken);
  const close = unused(rng.pick(CLOSE), CLOSE, taken);
  const delay = rng.pick([0, 500, 1000]);
  const put = rng.next() < 0.5;
  if (!put) return [];
  site.overlays.push({
    id: 'notice',
    label: title,
    role: 'dialog',
    ...kind,
    showAfterMs: delay,
    routes: ['/'],
    blocks: [
      { kind: 'heading', id: 'title', text: title, level: 2 },
      { kind: 'text', id: 'note', text: note },
      {
        kind: 'actions',
        id: 'choice',
        align: 'split',
        buttons: [
          { id: 'close', label: close, action: { do: 'overlay.close' }, style: 'link' },
          { id: 'go-on', label: goOn, action: { do: 'overlay.close' }, style: 'primary', scale: rng.pick([1.1, 1.2, 1.3]) },
        ],
      },
    ],
  });
  return [
    {
      at: 'start',
      steps: [{ id: 'notice', waitMs: delay + 1000, verb: 'click', target: { role: 'button', name: goOn } }],
    },
  ];
}
