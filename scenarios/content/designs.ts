/**
 * The designs a site is drawn in: at least four per domain, so that a seed, not the domain,
 * decides what a site looks like. Fonts are the ones every engine has (DejaVu, Liberation):
 * text is measured generously for both, so a box fits its text whichever is drawn.
 */
import type { SiteDesign } from '../model.ts';
import type { Rng } from '../rng.ts';

const SANS = '"DejaVu Sans","Liberation Sans",Arial,sans-serif';
const ARIAL = '"Liberation Sans",Arial,"DejaVu Sans",sans-serif';
const SERIF = '"DejaVu Serif","Liberation Serif",Georgia,serif';
const TIMES = '"Liberation Serif","DejaVu Serif",Georgia,serif';

export const DESIGNS: readonly SiteDesign[] = [
  {
    id: 'classic',
    dialog: 560,
    corner: 'right',
    font: SANS,
    header: 'light',
    bar: 'line',
    footer: 'light',
    radius: 8,
    search: 'center',
    strip: true,
    cards: 'border',
  },
  {
    id: 'market',
    dialog: 600,
    corner: 'right',
    font: ARIAL,
    header: 'dark',
    bar: 'accent',
    footer: 'dark',
    radius: 4,
    search: 'center',
    strip: false,
    cards: 'shadow',
  },
  {
    id: 'editorial',
    dialog: 520,
    corner: 'left',
    font: SERIF,
    header: 'light',
    bar: 'dark',
    footer: 'dark',
    radius: 0,
    search: 'left',
    strip: true,
    cards: 'flat',
  },
  {
    id: 'bold',
    dialog: 640,
    corner: 'right',
    font: SANS,
    header: 'accent',
    bar: 'light',
    footer: 'dark',
    radius: 14,
    search: 'left',
    strip: false,
    cards: 'shadow',
  },
  {
    id: 'gazette',
    dialog: 500,
    corner: 'left',
    font: TIMES,
    header: 'light',
    bar: 'light',
    footer: 'light',
    radius: 2,
    search: 'left',
    strip: true,
    cards: 'border',
  },
  {
    id: 'soft',
    dialog: 580,
    corner: 'right',
    font: ARIAL,
    header: 'light',
    bar: 'accent',
    footer: 'light',
    radius: 18,
    search: 'center',
    strip: false,
    cards: 'flat',
  },
];

export function design(rng: Rng): SiteDesign {
  return { ...rng.pick(DESIGNS) };
}
