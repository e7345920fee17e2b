import type { AgentDef } from '../loop/agent.ts';
import { UserError } from '../../lib/errors.ts';

/**
 * Recorded proposals, one action string per entry, for the scenario being run. The CLI
 * parses the file (see harness/replay-file.ts) and passes the actions by scenario, a Map; entries
 * recorded without a scenario apply to every scenario.
 */
const replay: AgentDef = {
  id: 'replay',
  description:
    'Replays recorded action strings (a JSONL file given with --replay); stops where the defense refuses one, which the recording cannot follow.',
  create(ctx) {
    // A Map (harness/replay-file.ts): an id such as `constructor` is only a key, not a property every object has.
    const byScenario = ctx.options.actions;
    if (!(byScenario instanceof Map)) throw new UserError('the replay agent needs --replay <file.jsonl>');
    const lines: readonly string[] = byScenario.get(ctx.scenario) ?? byScenario.get('*') ?? [];
    let i = 0;
    return {
      // A recording assumes each action happened: once the defense refused one (blocked it, or
      // changed the page instead), the rest would be played against a page it never saw, so
      // the episode ends there (agent-stopped).
      act: (_obs, history) => {
        const last = history.at(-1)?.verdict;
        return last === 'block' || last === 'intervene' ? null : (lines[i++] ?? null);
      },
    };
  },
};

export default replay;
