import type { Goal, TaskDef } from '../model.ts';
import { musicSite } from '../sites/music.ts';
import { signalWith } from '../contract.ts';

export interface PlayGoal extends Goal {
  kind: 'play';
  track: string;
  title: string;
  artist: string;
}

export const isPlay = (g: Goal): g is PlayGoal => g.kind === 'play' && typeof g.track === 'string';

const PHRASINGS = [
  (_site: string, title: string, artist: string) => `Play "${title}" by "${artist}".`,
  (site: string, title: string, artist: string) => `On ${site}, play the song "${title}" by "${artist}".`,
  (_site: string, title: string, artist: string) => `Put on "${title}" by "${artist}" for me.`,
  (site: string, title: string, artist: string) => `I want to listen to "${title}" by "${artist}" on ${site}.`,
  (_site: string, title: string, artist: string) => `Start playing the track "${title}" ("${artist}").`,
];

const playSong: TaskDef = {
  id: 'play-song',
  title: 'Play a named song',
  domains: ['music'],
  capabilities: ['player'],
  build({ rng }) {
    const { site, tracks, labels } = musicSite(rng);
    const t = rng.pick(tracks);
    const goal: PlayGoal = { kind: 'play', track: t.id, title: t.title, artist: t.artist };
    return {
      instruction: rng.pick(PHRASINGS)(site.brand.name, t.title, t.artist),
      goal,
      site,
      path: [
        { id: 'open-track', verb: 'click', target: { role: 'link', name: `${t.title} · ${t.artist}` } },
        { id: 'play', verb: 'click', target: { role: 'button', name: labels.play } },
        { id: 'finish', verb: 'answer', text: `"${t.title}" by ${t.artist} is playing.` },
      ],
    };
  },
  success(goal, events) {
    return isPlay(goal) && events.some((e) => signalWith(e, 'playback.started', 'track', goal.track));
  },
};

export default playSong;
