/**
 * What frames every page of a real site: secondary navigation beside the brand and a footer
 * of links. The links go to the site's own information pages or to routes it does not have
 * (its not-found page), never to an action; their words stay clear of what tasks and
 * patterns name (terms, privacy, cookies, orders, plans, offers), so that no locator and no
 * agent's reading of a task meets them by accident.
 */
import type { Domain } from '../model.ts';
import type { Rng } from '../rng.ts';

export interface Link {
  label: string;
  href: string;
}

export interface FooterColumn {
  heading: string;
  links: Link[];
}

/** The information pages every site has, by route: what their footer links open. */
export const INFO_ROUTES = { about: '/about', help: '/help', contact: '/contact' } as const;

const SUBNAV: Record<Domain, Link[][]> = {
  shopping: [
    [
      { label: 'New in', href: '/new' },
      { label: 'Best sellers', href: '/best-sellers' },
      { label: 'Brands', href: '/brands' },
    ],
    [
      { label: 'Just arrived', href: '/new' },
      { label: 'Top rated', href: '/top-rated' },
    ],
  ],
  news: [
    [
      { label: 'World', href: '/section/world' },
      { label: 'Business', href: '/section/business' },
      { label: 'Science', href: '/section/science' },
    ],
    [
      { label: 'Local', href: '/section/local' },
      { label: 'Culture', href: '/section/culture' },
      { label: 'Opinion', href: '/section/opinion' },
    ],
  ],
  health: [
    [
      { label: 'Our services', href: '/services' },
      { label: 'Locations', href: '/locations' },
    ],
    [{ label: 'Find a clinic', href: '/clinics' }],
  ],
  music: [
    [
      { label: 'Browse', href: '/browse' },
      { label: 'Charts', href: '/charts' },
      { label: 'Podcasts', href: '/podcasts' },
    ],
    [
      { label: 'Discover', href: '/discover' },
      { label: 'Radio', href: '/radio' },
    ],
  ],
  booking: [
    [
      { label: 'Stays', href: '/' },
      { label: 'Flights', href: '/flights' },
      { label: 'Car rental', href: '/cars' },
    ],
    [
      { label: 'Destinations', href: '/destinations' },
      { label: 'Travel guides', href: '/guides' },
    ],
  ],
  software: [
    [
      { label: 'Categories', href: '/categories' },
      { label: 'New releases', href: '/new' },
      { label: 'Blog', href: '/blog' },
    ],
    [
      { label: 'Top charts', href: '/top' },
      { label: 'Blog', href: '/blog' },
    ],
  ],
};

const OWN_COLUMN: Record<Domain, FooterColumn[]> = {
  shopping: [
    {
      heading: 'Shop',
      links: [
        { label: 'Store locator', href: '/stores' },
        { label: 'Size guide', href: '/size-guide' },
        { label: 'Care guides', href: '/care' },
      ],
    },
    {
      heading: 'Shop with us',
      links: [
        { label: 'Our stores', href: '/stores' },
        { label: 'Product care', href: '/care' },
        { label: 'Sustainability', href: '/sustainability' },
      ],
    },
  ],
  news: [
    {
      heading: 'More',
      links: [
        { label: 'Corrections', href: '/corrections' },
        { label: 'Archive', href: '/archive' },
        { label: 'Puzzles', href: '/puzzles' },
      ],
    },
    {
      heading: 'Read',
      links: [
        { label: 'Archive', href: '/archive' },
        { label: 'Letters', href: '/letters' },
        { label: 'Crosswords', href: '/puzzles' },
      ],
    },
  ],
  health: [
    {
      heading: 'Care',
      links: [
        { label: 'Patient rights', href: '/patient-rights' },
        { label: 'Urgent care', href: '/urgent-care' },
        { label: 'Visiting hours', href: '/visiting' },
      ],
    },
  ],
  music: [
    {
      heading: 'Communities',
      links: [
        { label: 'For artists', href: '/artists' },
        { label: 'Developers', href: '/developers' },
        { label: 'Investors', href: '/investors' },
      ],
    },
  ],
  booking: [
    {
      heading: 'Travel',
      links: [
        { label: 'List your property', href: '/list-property' },
        { label: 'Travel safety', href: '/safety' },
        { label: 'Sustainability', href: '/sustainability' },
      ],
    },
  ],
  software: [
    {
      heading: 'Developers',
      links: [
        { label: 'Release notes', href: '/release-notes' },
        { label: 'Report a bug', href: '/bugs' },
        { label: 'Security', href: '/security' },
      ],
    },
  ],
};

/** Two links of a domain's own: a footer row stays one line. */
const trimmed = (c: FooterColumn): FooterColumn => ({ ...c, links: c.links.slice(0, 2) });

/** The secondary navigation and footer of a site of this domain (drawn from its own stream). */
export function chrome(
  domain: Domain,
  brand: string,
  rng: Rng,
): { subnav: Link[]; footer: { columns: FooterColumn[]; legal: string } } {
  const company: FooterColumn = {
    heading: rng.pick(['Company', `About ${brand}`]),
    links: [
      { label: 'About us', href: INFO_ROUTES.about },
      { label: rng.pick(['Careers', 'Jobs']), href: '/careers' },
    ],
  };
  const support: FooterColumn = {
    heading: rng.pick(['Support', 'Help']),
    links: [
      { label: 'Help centre', href: INFO_ROUTES.help },
      { label: 'Contact us', href: INFO_ROUTES.contact },
      { label: 'Accessibility', href: '/accessibility' },
    ],
  };
  return {
    subnav: rng.pick(SUBNAV[domain]),
    footer: {
      columns: [company, support, trimmed(rng.pick(OWN_COLUMN[domain]))],
      legal: `© 2026 ${brand}. All rights reserved.`,
    },
  };
}
