import type { Block, Domain, PageSpec, SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import { brand } from '../content/brands.ts';
import { chrome, INFO_ROUTES } from '../content/chrome.ts';
import { banner } from '../content/ads.ts';
import { frame, SEARCH_ROUTE } from '../content/frame.ts';
import { createRng, contentSeed } from '../rng.ts';

export const SIGNUP_ROUTE = '/account/signup';
export const WELCOME_ROUTE = '/account/welcome';

/** Labels a task needs to write its path; drawn once per site. */
export interface SignupLabels {
  navLink: string;
  nameField: string;
  emailField: string;
  submit: string;
}

/** The navigation, footer and frame of a site: its footer lists the frame's categories too. */
function framed(domain: Domain, name: string, rng: Rng): Pick<SiteSpec, 'subnav' | 'footer' | 'frame'> {
  const f = frame(domain, name, rng.fork('frame'));
  return { ...chrome(domain, name, rng, { heading: rng.pick(['Browse', 'Categories', 'Departments']), links: f.categories }), frame: f };
}

export function emptySite(domain: Domain, rng: Rng): SiteSpec {
  const drawn = brand(domain, rng);
  return {
    domain,
    ...drawn,
    // From a stream of its own, so the frame of the page leaves every other draw as it was.
    ...framed(domain, drawn.brand.name, rng.fork('chrome')),
    nav: [],
    products: [],
    articles: [],
    cartExtras: [],
    pricing: { checkoutFees: [], checkoutPrices: {}, shipping: [{ id: 'standard', label: 'Standard delivery', price: 0 }], coupons: {} },
    consentPurposes: [],
    pages: [],
    overlays: [],
  };
}

export function signupPages(rng: Rng, purpose: string): { pages: PageSpec[]; labels: SignupLabels } {
  const labels: SignupLabels = {
    navLink: rng.pick(['Create account', 'Sign up', 'Register']),
    nameField: rng.pick(['Full name', 'Your name', 'Name']),
    emailField: rng.pick(['Email address', 'Email', 'Your email']),
    submit: rng.pick(['Create account', 'Sign up', 'Create my account', 'Register now']),
  };
  const form: Block = {
    kind: 'form',
    id: 'signup',
    event: 'account.created',
    next: WELCOME_ROUTE,
    blocks: [
      { kind: 'field', id: 'name', label: labels.nameField, name: 'name', type: 'text' },
      { kind: 'field', id: 'email', label: labels.emailField, name: 'email', type: 'email' },
      { kind: 'actions', id: 'submit', align: 'left', buttons: [{ id: 'submit', label: labels.submit, action: { do: 'form.submit', form: 'signup' }, style: 'primary' }] },
    ],
  };
  return {
    labels,
    pages: [
      {
        route: SIGNUP_ROUTE,
        title: 'Create your account',
        blocks: [
          { kind: 'heading', id: 'title', text: rng.pick(['Create your account', 'Join us', 'Sign up']), level: 1 },
          { kind: 'text', id: 'intro', text: purpose },
          form,
        ],
      },
      {
        route: WELCOME_ROUTE,
        title: 'Welcome',
        blocks: [
          { kind: 'heading', id: 'title', text: 'Your account is ready', level: 1 },
          { kind: 'text', id: 'body', text: 'We have sent a confirmation to your email address.' },
          { kind: 'links', id: 'home', links: [{ label: 'Back to home', href: '/' }] },
        ],
      },
    ],
  };
}

/** A banner ad for a page of the site, drawn from the page's own stream; none where the domain shows no ads. */
export function ads(site: SiteSpec, where: string): Block[] {
  const ad = banner(site.domain, createRng(contentSeed('ad', site.brand.name, where)));
  return ad ? [ad] : [];
}

/** The pages the footer's "About us", "Help centre" and "Contact us" open: text only. */
export function infoPages(site: SiteSpec): PageSpec[] {
  const name = site.brand.name;
  const mail = `${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`;
  return [
    {
      route: INFO_ROUTES.about,
      title: `About ${name}`,
      blocks: [
        { kind: 'heading', id: 'title', text: `About ${name}`, level: 1 },
        { kind: 'text', id: 'tagline', text: `${site.brand.tagline}.` },
        { kind: 'text', id: 'body', text: `${name} is run by a small, independent team. We answer every message ourselves and publish how we work on this site.` },
      ],
    },
    {
      route: INFO_ROUTES.help,
      title: 'Help centre',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Help centre', level: 1 },
        { kind: 'text', id: 'intro', text: 'Most questions are answered on the page where they come up. For anything else, write to us and we will reply within one working day.' },
        { kind: 'text', id: 'hours', text: 'Support hours: Monday to Friday, 9:00–17:00.', tone: 'muted' },
      ],
    },
    {
      route: SEARCH_ROUTE,
      title: 'Search results',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Search results', level: 1 },
        { kind: 'text', id: 'none', text: 'We could not find an exact match. Check the spelling, try a shorter word, or browse the categories at the top of the page.' },
        { kind: 'text', id: 'tip', text: 'Tip: search for a name as it is written on the page, or for a single word.', tone: 'muted' },
      ],
    },
    {
      route: INFO_ROUTES.contact,
      title: 'Contact us',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Contact us', level: 1 },
        { kind: 'text', id: 'mail', text: `Email: help@${mail}` },
        { kind: 'text', id: 'post', text: `${name}, 12 Market Street, Suite 4` , tone: 'muted' },
      ],
    },
  ];
}

export function page(site: SiteSpec, route: string): PageSpec {
  const found = site.pages.find((p) => p.route === route);
  if (!found) throw new Error(`site has no page ${route}`);
  return found;
}

/** Finds a block by id anywhere in a list, descending into forms; returns its list and index. */
export function locateBlock(blocks: Block[], id: string): { list: Block[]; index: number } | null {
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i] as Block;
    if (b.id === id) return { list: blocks, index: i };
    if (b.kind === 'form') {
      const inner = locateBlock(b.blocks, id);
      if (inner) return inner;
    }
  }
  return null;
}

export function insertBlock(pageSpec: PageSpec, where: 'before' | 'after', id: string, block: Block): void {
  const at = locateBlock(pageSpec.blocks, id);
  if (!at) throw new Error(`page ${pageSpec.route} has no block '${id}'`);
  at.list.splice(where === 'before' ? at.index : at.index + 1, 0, block);
}
