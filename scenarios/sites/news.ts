import type { SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import { articles } from '../content/articles.ts';
import { emptySite, signupPages, SIGNUP_ROUTE, type SignupLabels } from './common.ts';

export const articleRoute = (slug: string) => `/article/${slug}`;

export function newsSite(rng: Rng): { site: SiteSpec; labels: { signup: SignupLabels } } {
  const site = emptySite('news', rng);
  const stories = articles(rng, rng.int(4, 6));
  const signup = signupPages(rng, 'Get our morning briefing and comment on stories.');
  site.articles = stories;
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
      ],
    },
    ...stories.map((a) => ({
      route: articleRoute(a.slug),
      title: a.title,
      blocks: [
        { kind: 'article' as const, id: 'article', slug: a.slug },
        { kind: 'links' as const, id: 'more', links: [{ label: 'More stories', href: '/' }] },
      ],
    })),
    ...signup.pages,
  ];
  return { site, labels: { signup: signup.labels } };
}
