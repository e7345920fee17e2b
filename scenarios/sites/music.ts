import type { Block, PageSpec, SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import { plans, premiumIn, settings, tracks, type Plan, type Setting, type Track } from '../content/music.ts';
import { ads, emptySite, infoPages, locateBlock, signupPages, SIGNUP_ROUTE, type SignupLabels } from './common.ts';

export const trackRoute = (id: string) => `/track/${id}`;
export const playingRoute = (id: string) => `/playing/${id}`;
export const PREMIUM_ROUTE = '/premium';
export const PLAN_DONE_ROUTE = '/premium/done';
export const SETTINGS_ROUTE = '/settings';
export const PLANS_LINK = 'Premium';
export const SETTINGS_LINK = 'Settings';
/** Every track page: `/track/<id>` and nothing below it. */
export const TRACK_PAGE = /^\/track\/[^/]+$/;

export interface MusicLabels {
  play: string;
  save: string;
  choosePlan: string;
  signup: SignupLabels;
}

/** What starts a track: logs the playback and opens the player. */
export const playAction = (t: { id: string; title: string }) =>
  ({ do: 'emit', event: 'playback.started', data: { track: t.id, title: t.title }, href: playingRoute(t.id) }) as const;

function trackPage(t: Track, play: string): PageSpec {
  return {
    route: trackRoute(t.id),
    title: `${t.title} · ${t.artist}`,
    blocks: [
      { kind: 'image', id: 'cover', alt: `${t.album} cover`, hue: t.hue, height: 220 },
      { kind: 'heading', id: 'title', text: t.title, level: 1 },
      { kind: 'text', id: 'meta', text: `${t.artist} · ${t.album} · ${t.length}`, tone: 'muted' },
      { kind: 'actions', id: 'controls', align: 'left', buttons: [{ id: 'play', label: play, action: playAction(t), style: 'primary' }] },
    ],
  };
}

function playingPage(t: Track): PageSpec {
  return {
    route: playingRoute(t.id),
    title: `Now playing: ${t.title}`,
    blocks: [
      { kind: 'heading', id: 'title', text: 'Now playing', level: 1 },
      { kind: 'image', id: 'cover', alt: `${t.album} cover`, hue: t.hue, height: 160 },
      { kind: 'text', id: 'track', text: `${t.title} · ${t.artist}` },
      { kind: 'text', id: 'meta', text: `From ${t.album} · 0:00 / ${t.length}`, tone: 'muted' },
      { kind: 'links', id: 'home', links: [{ label: 'Back to home', href: '/' }] },
    ],
  };
}

function settingsForm(list: Setting[], save: string): Block {
  return {
    kind: 'form', id: 'settings', event: 'settings.saved', next: '', blocks: [
      ...list.map((s): Block => ({ kind: 'option', id: `set-${s.name}`, label: s.label, checked: s.on, control: 'switch', name: s.name })),
      { kind: 'actions', id: 'submit', align: 'left', buttons: [{ id: 'submit', label: save, action: { do: 'form.submit', form: 'settings' }, style: 'primary' }] },
    ],
  };
}

/**
 * A streaming service: trending tracks, a page per track whose Play opens the player, plans
 * (a form of radios, nothing chosen), and settings (a form of switches).
 */
export function musicSite(rng: Rng): {
  site: SiteSpec;
  tracks: Track[];
  labels: MusicLabels;
  plans: { free: Plan; paid: Plan[] };
  settings: Setting[];
} {
  const site = emptySite('music', rng);
  const list = tracks(rng, rng.int(5, 7));
  const signup = signupPages(rng, 'Create a free account to save songs, build playlists and follow artists.');
  const more = rng.fork('music-site');
  const labels: MusicLabels = {
    play: rng.pick(['Play', 'Play now', 'Listen']),
    save: rng.pick(['Save settings', 'Save changes']),
    choosePlan: more.pick(['Continue', 'Choose plan', 'Select plan', 'Confirm plan']),
    signup: signup.labels,
  };
  const offer = plans(more);
  const switches = settings(more);
  site.nav = [
    { label: 'Home', href: '/' },
    { label: PLANS_LINK, href: PREMIUM_ROUTE },
    { label: SETTINGS_LINK, href: SETTINGS_ROUTE },
    { label: signup.labels.navLink, href: SIGNUP_ROUTE },
  ];
  site.pages = [
    {
      route: '/',
      title: site.brand.name,
      blocks: [
        { kind: 'heading', id: 'title', text: rng.pick(['Trending now', 'Popular this week', 'Top tracks']), level: 1 },
        { kind: 'links', id: 'tracks', links: list.map((t) => ({ label: `${t.title} · ${t.artist}`, href: trackRoute(t.id) })) },
        ...ads(site, 'home'),
      ],
    },
    ...list.map((t) => trackPage(t, labels.play)),
    ...list.map(playingPage),
    {
      route: PREMIUM_ROUTE,
      title: 'Plans',
      blocks: [
        { kind: 'heading', id: 'title', text: more.pick(['Choose your plan', 'Pick a plan', 'Plans for every listener']), level: 1 },
        { kind: 'form', id: 'plan', event: 'plan.selected', next: PLAN_DONE_ROUTE, blocks: [
          { kind: 'radios', id: 'plans', name: 'plan', legend: 'Plan', options: [offer.free, ...offer.paid].map((p) => ({ value: p.value, label: p.label })) },
          { kind: 'actions', id: 'submit', align: 'left', buttons: [{ id: 'submit', label: labels.choosePlan, action: { do: 'form.submit', form: 'plan' }, style: 'primary' }] },
        ] },
      ],
    },
    {
      route: PLAN_DONE_ROUTE,
      title: 'Plan updated',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Your plan is updated', level: 1 },
        { kind: 'text', id: 'body', text: 'The change applies from your next billing date. We have sent you a confirmation email.' },
        { kind: 'links', id: 'home', links: [{ label: 'Back to home', href: '/' }] },
      ],
    },
    {
      route: SETTINGS_ROUTE,
      title: 'Privacy settings',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Privacy settings', level: 1 },
        settingsForm(switches, labels.save),
      ],
    },
    ...signup.pages,
    ...infoPages(site),
  ];
  return { site, tracks: list, labels, plans: offer, settings: switches };
}

/** The Premium price the plans page shows, so that offers elsewhere quote the same one. */
export function premiumPrice(site: SiteSpec): number | null {
  const plansPage = site.pages.find((p) => p.route === PREMIUM_ROUTE);
  const at = plansPage && locateBlock(plansPage.blocks, 'plans');
  const radios = at?.list[at.index];
  const premium = radios?.kind === 'radios' ? radios.options.find((o) => o.value === 'premium') : undefined;
  return premium ? premiumIn(premium.label) : null;
}
