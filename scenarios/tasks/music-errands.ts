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
});
