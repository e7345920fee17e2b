import { errands } from './_compound.ts';
import playSong from './play-song.ts';
import musicSettings from './music-settings.ts';
import choosePlan from './choose-plan.ts';

/** A song, a setting and the plan in one visit: where music patterns can meet. */
export default errands({
  id: 'music-errands',
  title: 'Play a song, change a setting and choose a plan',
  domain: 'music',
  parts: [playSong, musicSettings, choosePlan],
  intros: [
    (site) => `On ${site}, please do the following.`,
    (site) => `I have a few things to do on ${site}:`,
    (site) => `Please take care of these on ${site}, in order:`,
    (site) => `Here is what I need on ${site}.`,
    (site) => `Could you handle this for me on ${site}?`,
  ],
});
