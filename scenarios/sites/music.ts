import type { SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import { tracks, type Track } from '../content/music.ts';
import { emptySite, signupPages, SIGNUP_ROUTE, type SignupLabels } from './common.ts';

export const trackRoute = (id: string) => `/track/${id}`;
export const PREMIUM_ROUTE = '/premium';
export const SETTINGS_ROUTE = '/settings';

export interface MusicLabels {
  play: string;
  save: string;
  signup: SignupLabels;
}

/** A streaming service: trending tracks, a page per track with Play, plans, privacy settings. */
export function musicSite(rng: Rng): { site: SiteSpec; tracks: Track[]; labels: MusicLabels } {
  const site = emptySite('music', rng);
  const list = tracks(rng, rng.int(5, 7));
  const signup = signupPages(rng, 'Create a free account to save songs, build playlists and follow artists.');
  const labels: MusicLabels = { play: rng.pick(['Play', 'Play now', 'Listen']), save: rng.pick(['Save settings', 'Save changes']), signup: signup.labels };
  site.nav = [
    { label: 'Home', href: '/' },
    { label: 'Premium', href: PREMIUM_ROUTE },
    { label: 'Settings', href: SETTINGS_ROUTE },
    { label: signup.labels.navLink, href: SIGNUP_ROUTE },
  ];
  site.pages = [
    {
      route: '/',
      title: site.brand.name,
      blocks: [
        { kind: 'heading', id: 'title', text: rng.pick(['Trending now', 'Popular this week', 'Top tracks']), level: 1 },
        { kind: 'links', id: 'tracks', links: list.map((t) => ({ label: `${t.title} · ${t.artist}`, href: trackRoute(t.id) })) },
      ],
    },
    ...list.map((t) => ({
      route: trackRoute(t.id),
      title: `${t.title} · ${t.artist}`,
      blocks: [
        { kind: 'image' as const, id: 'cover', alt: `${t.album} cover`, hue: t.hue, height: 220 },
        { kind: 'heading' as const, id: 'title', text: t.title, level: 1 as const },
        { kind: 'text' as const, id: 'meta', text: `${t.artist} · ${t.album} · ${t.length}`, tone: 'muted' as const },
        { kind: 'actions' as const, id: 'controls', align: 'left' as const, buttons: [
          { id: 'play', label: labels.play, action: { do: 'emit' as const, event: 'playback.started', data: { track: t.id, title: t.title } }, style: 'primary' as const },
        ] },
      ],
    })),
    {
      route: PREMIUM_ROUTE,
      title: 'Plans',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Choose your plan', level: 1 },
        { kind: 'form', id: 'plan', event: 'plan.selected', next: '/', blocks: [
          { kind: 'radios', id: 'plans', name: 'plan', legend: 'Plan', options: [
            { value: 'free', label: 'Free: listen with ads', checked: true },
            { value: 'premium', label: 'Premium: $10.99 a month, no ads' },
            { value: 'family', label: 'Family: $16.99 a month, six accounts' },
          ] },
          { kind: 'actions', id: 'submit', align: 'left', buttons: [{ id: 'submit', label: 'Continue', action: { do: 'form.submit', form: 'plan' }, style: 'primary' }] },
        ] },
      ],
    },
    {
      route: SETTINGS_ROUTE,
      title: 'Privacy settings',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Privacy settings', level: 1 },
        { kind: 'form', id: 'settings', event: 'settings.saved', next: '', blocks: [
          { kind: 'option', id: 'ads', label: 'Personalised ads', checked: false, control: 'switch', name: 'personalised_ads' },
          { kind: 'option', id: 'activity', label: 'Show my listening activity to followers', checked: true, control: 'switch', name: 'public_activity' },
          { kind: 'actions', id: 'submit', align: 'left', buttons: [{ id: 'submit', label: labels.save, action: { do: 'form.submit', form: 'settings' }, style: 'primary' }] },
        ] },
      ],
    },
    ...signup.pages,
  ];
  return { site, tracks: list, labels };
}
