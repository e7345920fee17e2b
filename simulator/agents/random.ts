import { createRng, subSeed } from '../../scenarios/rng.ts';
import { VIEWPORT } from '../../scenarios/contract.ts';
import type { Action } from '../loop/actions.ts';
import type { AgentDef } from '../loop/agent.ts';

const WORDS = ['hello', 'test', 'Maya', 'a@b.test', '42', 'yes'];

/** Seeded random clicking, typing, scrolling and point clicks: a fuzzer for sites and defenses. */
const random: AgentDef = {
  id: 'random',
  description: 'Seeded random actions over the visible elements and the viewport.',
  options: [{ name: 'stop', description: 'chance per step of ending the episode with a message', default: 0.03 }],
  create(ctx) {
    const rng = createRng(subSeed(ctx.seed, 'random'));
    const stop = Number(ctx.options.stop ?? 0.03);
    return {
      act(obs): Action {
        const r = rng.next();
        if (r < stop) return { name: 'send_msg_to_user', text: 'done' };
        if (r < 0.08) return { name: 'go_back' };
        if (r < 0.12) return { name: 'scroll', delta_x: 0, delta_y: rng.pick([-400, 400, 800]) };
        if (r < 0.15) return { name: 'noop', wait_ms: rng.pick([500, 1000, 3000]) };
        if (r < 0.3)
          return { name: 'mouse_click', x: rng.int(0, VIEWPORT.width - 1), y: rng.int(0, VIEWPORT.height - 1) };
        const targets = obs.elements.filter((e) => e.ref !== null);
        if (targets.length === 0) return { name: 'noop', wait_ms: 1000 };
        const t = rng.pick(targets);
        const bid = t.ref as string;
        if (t.role === 'textbox') return { name: 'fill', bid, value: rng.pick(WORDS) };
        if (t.role === 'checkbox' || t.role === 'switch') return { name: rng.chance(0.5) ? 'check' : 'uncheck', bid };
        return { name: 'click', bid };
      },
    };
  },
};

export default random;
