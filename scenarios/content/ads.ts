import type { Block, Domain } from '../model.ts';
import type { Rng } from '../rng.ts';

/**
 * Banner advertising where the domain carries it. A banner is part of the base site, the same
 * in a control and its patterned twins: never ground truth, and its link is a plain link to a
 * page the site does not have (an advertiser elsewhere), not a control with a meaning.
 */
const ADVERTISERS: Partial<Record<Domain, { name: string; line: string }[]>> = {
  news: [
    { name: 'Northline Bank', line: 'Savings that keep up, with instant access.' },
    { name: 'Alder & Finch', line: 'Winter coats, made to last a decade.' },
    { name: 'Coastway Rail', line: 'City to coast in under two hours.' },
  ],
  music: [
    { name: 'Halden Audio', line: 'Studio sound in a pair you can carry anywhere.' },
    { name: 'Festival North', line: 'The summer line-up is out now.' },
  ],
  software: [
    { name: 'Cirrus Backup', line: 'Your files, backed up every hour. Set it once.' },
    { name: 'Keyvault', line: 'One password for everything else.' },
    { name: 'Pixelry', line: 'Edit photos in your browser, no install.' },
  ],
};

export const AD_LABEL = 'Advertisement';

/** A banner for a page of this domain, or none where the domain shows no ads. */
export function banner(domain: Domain, rng: Rng, id = 'banner'): Block | null {
  const pool = ADVERTISERS[domain];
  if (!pool) return null;
  const ad = rng.pick(pool);
  const slug = ad.name.toLowerCase().replace(/[^a-z]+/g, '-');
  return {
    kind: 'group',
    id,
    look: 'ad',
    label: AD_LABEL,
    columns: 2,
    blocks: [
      { kind: 'image', id: 'visual', alt: ad.name, hue: rng.int(0, 359), height: 96 },
      {
        kind: 'group',
        id: 'copy',
        look: 'plain',
        blocks: [
          { kind: 'text', id: 'kicker', text: `${AD_LABEL} · ${ad.name}`, tone: 'fine' },
          { kind: 'text', id: 'line', text: ad.line },
          {
            kind: 'links',
            id: 'cta',
            links: [{ label: rng.pick(['Learn more', 'Find out more', 'See details']), href: `/go/${slug}` }],
          },
        ],
      },
    ],
  };
}
