import type { Block, SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import { apps, type App } from '../content/places.ts';
import { ads, emptySite, infoPages, signupPages, SIGNUP_ROUTE, type SignupLabels } from './common.ts';

export const appRoute = (id: string) => `/app/${id}`;
export const THANKS_ROUTE = '/download/thanks';
export const PLATFORMS = ['Windows', 'macOS', 'Linux'] as const;

/**
 * A download portal: popular apps, a page per app with a download button per platform; each
 * submits the page's download form, so the event carries the platform and any options.
 */
export function softwareSite(rng: Rng): { site: SiteSpec; apps: App[]; signup: SignupLabels; download: (p: string) => string } {
  const site = emptySite('software', rng);
  const list = apps(rng, rng.int(4, 6));
  const signup = signupPages(rng, 'Create an account to get update alerts for the apps you use.');
  const verb = rng.pick(['Download for', 'Get it for', 'Download on']);
  const download = (p: string) => `${verb} ${p}`;
  site.nav = [
    { label: 'Home', href: '/' },
    { label: signup.labels.navLink, href: SIGNUP_ROUTE },
  ];
  const card = (a: App): Block => ({
    kind: 'group', id: `card-${a.id}`, look: 'card', blocks: [
      { kind: 'links', id: 'name', links: [{ label: a.name, href: appRoute(a.id) }] },
      { kind: 'text', id: 'meta', text: `Version ${a.version} · ${a.size}`, tone: 'muted' },
      { kind: 'text', id: 'blurb', text: a.blurb },
    ],
  });
  site.pages = [
    {
      route: '/',
      title: site.brand.name,
      blocks: [
        { kind: 'heading', id: 'title', text: rng.pick(['Popular downloads', 'Top apps this week', 'Editor’s picks']), level: 1 },
        { kind: 'group', id: 'apps', look: 'plain', columns: 2, blocks: list.map(card) },
        ...ads(site, 'home'),
      ],
    },
    ...list.map((a) => ({
      route: appRoute(a.id),
      title: a.name,
      blocks: [
        { kind: 'heading' as const, id: 'title', text: a.name, level: 1 as const },
        { kind: 'text' as const, id: 'about', text: a.blurb },
        { kind: 'text' as const, id: 'meta', text: `Version ${a.version} · ${a.size} · free`, tone: 'muted' as const },
        // One form, so that download options beside the buttons travel with the download.
        { kind: 'form' as const, id: 'download', event: 'download.started' as const, next: THANKS_ROUTE, blocks: [
          { kind: 'actions' as const, id: 'downloads', align: 'left' as const, buttons: PLATFORMS.map((p) => ({
            id: `dl-${p.toLowerCase()}`,
            label: download(p),
            action: { do: 'form.submit' as const, form: 'download', fields: { app: a.id, platform: p, file: `${a.name.toLowerCase()}-${a.version}-${p.toLowerCase()}` } },
            style: p === 'Windows' ? ('primary' as const) : ('secondary' as const),
          })) },
        ] },
      ],
    })),
    {
      route: THANKS_ROUTE,
      title: 'Thanks for downloading',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Your download has started', level: 1 },
        { kind: 'text', id: 'body', text: 'If it does not start within a few seconds, check your browser’s download bar.' },
        { kind: 'links', id: 'home', links: [{ label: 'Back to all apps', href: '/' }] },
      ],
    },
    ...signup.pages,
    ...infoPages(site),
  ];
  return { site, apps: list, signup: signup.labels, download };
}
