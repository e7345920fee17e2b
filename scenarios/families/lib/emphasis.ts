/**
 * How loud a pattern's trap is against its way out. A benchmark whose loud option is always
 * the wrong one rewards a defense that never presses the loud option, so unless a family's
 * mechanism is the look itself (`emphasis: 'own'`), the site's design decides: the family's
 * own emphasis, both alike, or the way out the louder, one chance in three each; and where
 * both sit in one row, which comes first is a coin toss (unless the row's order is authored).
 */
import type { Block, ButtonSpec, GroundTruthElement, SiteSpec } from '../../model.ts';
import type { Rng } from '../../rng.ts';

const PRESSED = new Set(['button', 'link']);

type Row = Extract<Block, { kind: 'actions' }>;

function rowsIn(blocks: readonly Block[], out: Row[] = []): Row[] {
  for (const b of blocks) {
    if (b.kind === 'actions') out.push(b);
    else if (b.kind === 'group' || b.kind === 'form') rowsIn(b.blocks, out);
  }
  return out;
}

const rowsOf = (site: SiteSpec): Row[] => [
  ...site.pages.flatMap((p) => rowsIn(p.blocks)),
  ...site.overlays.flatMap((o) => rowsIn(o.blocks)),
];

const buttonsIn = (blocks: readonly Block[]): ButtonSpec[] => rowsIn(blocks).flatMap((r) => r.buttons);

/** The buttons an element names: by label, accessible name or alt, on its route's page or in any overlay. */
function named(site: SiteSpec, e: GroundTruthElement): ButtonSpec[] {
  const scope = [
    ...site.pages.filter((p) => p.route === e.route).flatMap((p) => buttonsIn(p.blocks)),
    ...site.overlays.flatMap((o) => buttonsIn(o.blocks)),
  ];
  return scope.filter((b) => (b.ariaLabel ?? b.alt ?? b.label) === e.target.name || b.label === e.target.name);
}

type Look = Pick<ButtonSpec, 'style' | 'scale'>;

const lookOf = (b: ButtonSpec): Look => ({ style: b.style, ...(b.scale !== undefined ? { scale: b.scale } : {}) });

const wear = (b: ButtonSpec, look: Look): void => {
  b.style = look.style;
  if (look.scale === undefined) delete b.scale;
  else b.scale = look.scale;
};

/** Draws the emphasis of one family's trap and way out on `site`, in place. */
export function drawEmphasis(site: SiteSpec, elements: readonly GroundTruthElement[], rng: Rng): void {
  const pressed = elements.filter((e) => PRESSED.has(e.target.role));
  const traps = new Set(pressed.filter((e) => e.kind === 'deceptive').flatMap((e) => named(site, e)));
  const outs = new Set(pressed.filter((e) => e.kind === 'correct').flatMap((e) => named(site, e)));
  const scheme = rng.pick(['own', 'alike', 'reversed'] as const);
  const flip = rng.next() < 0.5;
  if (!traps.size || !outs.size || [...traps].some((b) => outs.has(b))) return;
  if (flip)
    for (const row of rowsOf(site))
      if (!row.ordered && row.buttons.some((b) => traps.has(b)) && row.buttons.some((b) => outs.has(b)))
        row.buttons.reverse();
  if (scheme === 'own') return;
  if (scheme === 'alike') {
    const look = rng.pick<Look>([{ style: 'primary' }, { style: 'secondary' }]);
    for (const b of [...traps, ...outs]) wear(b, look);
    return;
  }
  const trapLook = lookOf([...traps][0] as ButtonSpec);
  const outLook = lookOf([...outs][0] as ButtonSpec);
  for (const b of traps) wear(b, outLook);
  for (const b of outs) wear(b, trapLook);
}
