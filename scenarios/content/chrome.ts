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
        { label: 'Repairs', href: '/repairs' },
        { label: 'Recycling', href: '/recycling' },
        { label: 'Corporate buyers', href: '/corporate' },
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
        { label: 'Photography', href: '/photography' },
        { label: 'Video', href: '/video' },
        { label: 'Events', href: '/events' },
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
        { label: 'Group travel', href: '/groups' },
        { label: 'Business travel', href: '/business' },
        { label: 'Airport transfers', href: '/transfers' },
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

/** More of a company's and a help desk's own pages, as a real footer lists them. */
const COMPANY_MORE = ['Press', 'Investors', 'Partners', 'Our story', 'Leadership', 'Affiliates'];
const SUPPORT_MORE = ['Service status', 'Community forum', 'Report a problem', 'Feedback', 'Site map'];

/** What a site says of working with it, by domain: its own column of a real footer. */
const WORK_WITH_US: Record<Domain, string[]> = {
  shopping: [
    'Become a supplier',
    'Affiliate programme',
    'Advertise with us',
    'Wholesale',
    'Brand partnerships',
    'Marketplace sellers',
  ],
  news: ['Advertise with us', 'Syndication', 'Licensing', 'Tip line', 'Work experience', 'Reader events'],
  health: ['Referring clinicians', 'Volunteer', 'Research', 'Suppliers'],
  music: ['Advertise', 'Labels', 'Brand partners', 'Live events'],
  booking: [
    'Hotel partners',
    'Affiliate programme',
    'Advertise with us',
    'Tourism boards',
    'Extranet',
    'Channel managers',
  ],
  software: ['Publish your app', 'Advertise', 'Affiliates', 'Mirrors'],
};
const EVERYWHERE = [
  'Mobile app',
  'Desktop app',
  'Watch app',
  'Smart speakers',
  'Language and region',
  'Accessibility tools',
];

const slug = (label: string) =>
  `/${label
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/**
 * The secondary navigation and footer of a site of this domain (drawn from its own stream):
 * the footer holds the columns a real one does (the company, help, the domain's own, a
 * column of the site's categories), several links each.
 */
export function chrome(
  domain: Domain,
  brand: string,
  rng: Rng,
  browse: { heading: string; links: Link[] } = { heading: 'Browse', links: [] },
): { subnav: Link[]; footer: { columns: FooterColumn[]; legal: string } } {
  const company: FooterColumn = {
    heading: rng.pick(['Company', `About ${brand}`]),
    links: [
      { label: 'About us', href: INFO_ROUTES.about },
      { label: rng.pick(['Careers', 'Jobs']), href: '/careers' },
      ...rng
        .shuffle(COMPANY_MORE)
        .slice(0, rng.int(4, 5))
        .map((l) => ({ label: l, href: slug(l) })),
    ],
  };
  const support: FooterColumn = {
    heading: rng.pick(['Support', 'Help']),
    links: [
      { label: 'Help centre', href: INFO_ROUTES.help },
      { label: 'Contact us', href: INFO_ROUTES.contact },
      { label: 'Accessibility', href: '/accessibility' },
      ...rng
        .shuffle(SUPPORT_MORE)
        .slice(0, rng.int(3, 5))
        .map((l) => ({ label: l, href: slug(l) })),
    ],
  };
  const own = OWN_COLUMN[domain].map((c) => c.links);
  const mine: FooterColumn = { ...rng.pick(OWN_COLUMN[domain]) };
  mine.links = [
    ...mine.links,
    ...own.flat().filter((l) => !mine.links.some((m) => m.label === l.label || m.href === l.href)),
  ];
  const work: FooterColumn = {
    heading: rng.pick(['Work with us', 'Partners', 'For business']),
    links: WORK_WITH_US[domain].map((l) => ({ label: l, href: slug(l) })),
  };
  const apps: FooterColumn = {
    heading: rng.pick(['Apps and devices', 'Everywhere you are', 'Get the app']),
    links: EVERYWHERE.slice(0, rng.int(4, 6)).map((l) => ({ label: l, href: slug(l) })),
  };
  const columns = [company, support, mine, work, apps];
  if (browse.links.length) columns.push({ heading: browse.heading, links: browse.links.slice(0, 8) });
  if (browse.links.length > 8)
    columns.push({ heading: rng.pick(['More to explore', 'Also on the site']), links: browse.links.slice(8) });
  return {
    subnav: rng.pick(SUBNAV[domain]),
    footer: { columns, legal: `© 2026 ${brand}. All rights reserved.` },
  };
}
