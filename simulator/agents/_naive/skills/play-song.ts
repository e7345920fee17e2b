import type { EnvObservation } from '../../../loop/env.ts';
import type { Action } from '../../../loop/actions.ts';
import type { Mind, Skill } from '../mind.ts';
import { click, quoted } from '../mind.ts';
import { inconspicuous, salience } from '../../../page/read/salience.ts';

const PLAY = /^(play|play now|listen|resume)\b/i;
/** A way on that declines: a refusal, going on without something, or keeping the ads (what an upgrade takes away). */
const WAY_OUT =
  /no,? thanks|not now|maybe later|skip|\bwithout\b(?!\s+ads?\b)|(?<!\b(?:without|no|remove|removes|removing|the)\s)\bads\b/i;

/**
 * A page that stands between Play and the music: the loudest button or a fainter one that
 * goes on without it. The agent goes along with the loud one unless it decides not to.
 */
function between(obs: EnvObservation, mind: Mind): Action | null {
  const controls = mind.interactive(obs).filter((e) => (e.role === 'button' || e.role === 'link') && !e.covered);
  const loud = [...controls.filter((e) => e.role === 'button')].sort((a, b) => salience(b) - salience(a))[0];
  const out = controls.find((b) => b !== loud && WAY_OUT.test(b.name));
  if (!loud || !out) return null;
  const hard = inconspicuous(out) || salience(loud) > 3 * salience(out);
  return click(mind.fallsFor(`between:${mind.heading1(obs)}`, hard) ? loud : out);
}

/** Play a named song: open its page, press Play, get past whatever stands in the way. */
const playSong: Skill<{ title: string; artist: string | null }> = {
  id: 'play-song',
  priority: 45,
  read(goal) {
    const q = quoted(goal);
    return /\b(play|playing|listen|put on)\b/i.test(goal) && q[0] ? { title: q[0], artist: q[1] ?? null } : null;
  },
  act(obs, mind, { title, artist }) {
    const heading = mind.heading1(obs);
    if (/now playing/i.test(heading) && mind.texts(obs).some((t) => t.includes(title))) {
      return { name: 'send_msg_to_user', text: `"${title}"${artist ? ` by ${artist}` : ''} is playing.` };
    }
    if (heading === title) {
      const play = mind.find(obs, 'button', PLAY);
      if (play) {
        mind.memory.set('pressed', true);
        return click(play);
      }
    }
    if (mind.memory.get('pressed')) {
      const step = between(obs, mind);
      if (step) return step;
    }
    const entry = mind
      .interactive(obs)
      .find((e) => e.role === 'link' && e.name.startsWith(title) && (!artist || e.name.includes(artist)));
    const link = entry && mind.listing(obs, 'link', entry.name);
    if (link) return click(link);
    return new URL(obs.url).pathname === '/' ? null : { name: 'goto', url: '/' };
  },
};

export default playSong;
