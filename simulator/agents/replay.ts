import type { AgentDef } from '../agent.ts';
import { UserError } from '../../scenarios/errors.ts';

/**
 * Recorded proposals, one action string per entry, for the scenario being run. The CLI
 * parses the file (see harness/replay-file.ts) and passes the actions by scenario; entries
 * recorded without a scenario apply to every scenario.
 */
const replay: AgentDef = {
  id: 'replay',
  description: 'Replays recorded action strings (a JSONL file given with --replay).',
  create(ctx) {
    const byScenario = ctx.options.actions as Record<string, string[]> | undefined;
    if (!byScenario) throw new UserError('the replay agent needs --replay <file.jsonl>');
    const lines = byScenario[ctx.scenario] ?? byScenario['*'] ?? [];
    let i = 0;
    return { act: () => lines[i++] ?? null };
  },
};

export default replay;
