import type { SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import { articles } from '../content/articles.ts';
import { ads, emptySite, infoPages, signupPages, SIGNUP_ROUTE, type SignupLabels } from './common.ts';

export const articleRoute = (slug: string) => `/article/${slug}`;
/** The whole article behind a teaser (pages that show a teaser link here to read on). */
export const fullArticleRoute = (slug: string) => `/article/${slug}/full`;

export const NEWSLETTER_ROUTE = '/newsletter';
export const UNSUBSCRIBED_ROUTE = '/newsletter/unsubscribed';

/** Labels of the newsletter preferences page; drawn once per site. */
export interface NewsletterLabels {
  /** The newsletter's name. */
  name: string;
  navLink: string;
  emailField: string;
  submit: string;
}

export interface NewsLabels {
  signup: SignupLabels;
  /** Present when the site was built with its newsletter preferences page. */
  newsletter?: NewsletterLabels;
}

/** The newsletters a news site offers (an answer may name one without naming a value: scenarios/answers.ts). */
export const NEWSLETTERS = ['Morning Briefing', 'Evening Edition', 'Weekend Reads', 'City Desk Daily', 'The Week in Review'];

/**
 * A news site: a list of stories, one page per story and sign-up; with `newsletter`, also a
 * newsletter preferences page where a reader unsubscribes. Its draws come from a forked
 * stream, so the rest of the site is the same with or without it.
 */
export function newsSite(rng: Rng, opts: { newsletter?: boolean } = {}): { site: SiteSpec; labels: NewsLabels } {
  const site = emptySite('news', rng);
  const stories = articles(rng, rng.int(4, 6));
  const signup = signupPages(rng, 'Get our morning briefing and comment on stories.');
  site.articles = stories;
  if (site.frame) site.frame.picks = { heading: rng.fork('picks').pick(['Most read', 'Most popular', 'Editors’ picks']), links: stories.map((a) => ({ label: a.title, href: articleRoute(a.slug) })) };
  site.nav = [
    { label: 'Home', href: '/' },
    { label: signup.labels.navLink, href: SIGNUP_ROUTE },
  ];
  site.pages = [
    {
      route: '/',
      title: site.brand.name,
      blocks: [
        { kind: 'heading', id: 'title', text: rng.pick(['Top stories', 'Latest news', 'Today']), level: 1 },
        { kind: 'articleList', id: 'list', slugs: stories.map((a) => a.slug) },
        ...ads(site, 'home'),
      ],
    },
    ...stories.map((a) => ({
      route: articleRoute(a.slug),
      title: a.title,
      blocks: [
        { kind: 'article' as const, id: 'article', slug: a.slug },
        { kind: 'links' as const, id: 'more', links: [{ label: 'More stories', href: '/' }] },
        ...ads(site, a.slug),
      ],
    })),
    ...signup.pages,
    ...infoPages(site),
  ];
  const labels: NewsLabels = { signup: signup.labels };
  if (opts.newsletter) labels.newsletter = addNewsletter(site, rng.fork('newsletter'));
  return { site, labels };
}

/** The preferences page: an email field and a plain unsubscribe button, and its confirmation. */
function addNewsletter(site: SiteSpec, rng: Rng): NewsletterLabels {
  const labels: NewsletterLabels = {
    name: rng.pick(NEWSLETTERS),
    navLink: rng.pick(['Newsletter', 'Newsletters', 'Email preferences']),
    emailField: rng.pick(['Email address', 'Your email', 'Email']),
    submit: rng.pick(['Unsubscribe', 'Unsubscribe me', 'Unsubscribe now']),
  };
  site.nav.splice(1, 0, { label: labels.navLink, href: NEWSLETTER_ROUTE });
  site.pages.push(
    {
      route: NEWSLETTER_ROUTE,
      title: 'Newsletter preferences',
      blocks: [
        { kind: 'heading', id: 'title', text: rng.pick(['Newsletter preferences', 'Manage your newsletter', 'Email preferences']), level: 1 },
        { kind: 'text', id: 'intro', text: `The ${labels.name} comes to your inbox from ${site.brand.name}. Enter your email address to stop receiving it.` },
        {
          kind: 'form',
          id: 'newsletter',
          event: 'newsletter.unsubscribed',
          next: UNSUBSCRIBED_ROUTE,
          blocks: [
            { kind: 'field', id: 'email', label: labels.emailField, name: 'email', type: 'email' },
            { kind: 'actions', id: 'submit', align: 'left', buttons: [{ id: 'submit', label: labels.submit, action: { do: 'form.submit', form: 'newsletter' }, style: 'primary' }] },
          ],
        },
      ],
    },
    {
      route: UNSUBSCRIBED_ROUTE,
      title: 'Unsubscribed',
      blocks: [
        { kind: 'heading', id: 'title', text: 'You have been unsubscribed', level: 1 },
        { kind: 'text', id: 'body', text: `You will no longer receive the ${labels.name}.` },
        { kind: 'links', id: 'home', links: [{ label: 'Back to home', href: '/' }] },
      ],
    },
  );
  return labels;
}
