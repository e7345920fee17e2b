/**
 * What the MCP tests play: a configuration of the demo suite, scripted from its ground truth
 * (tests may read it; the client never does), and the same actions played by the runner itself.
 */
import { generateSuite } from '../../../generator/bundle.ts';
import { generated, selectSuite } from '../../../harness/select.ts';
import { parseAction, formatAction, type Action } from '../../../simulator/loop/actions.ts';
import type { LoadedBundle } from '../../../simulator/loop/bundle.ts';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import { defenses } from '../../../simulator/loop/registries.ts';
import { runEpisode, type EpisodeRecord } from '../../../simulator/loop/runner.ts';
import { episodeSeed } from '../../../scenarios/rng.ts';
import { liveKey } from '../../../harness/live-copy.ts';
import { pathAgent } from '../../helpers.ts';

export const SEED = 7;
/** A cookie modal on a news site: its trap is one click the gate blocks, its safe path a short walk. */
export const ID = `demo.v5.find-author-news.cookie-trap-modal.s${SEED}`;

/** The secret the tests' servers key their handles under, so that a test knows a configuration's handle. */
export const KEY_SECRET = 'decoy-test';
export const handleOf = (id: string): string => liveKey(id, KEY_SECRET);

export const demoBundles = (): LoadedBundle[] => generated(generateSuite(selectSuite('demo'), SEED));

/** A tool call as a client sends it. */
export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** The tool call that proposes `action` (a check or uncheck is the click that toggles it: Playwright-MCP has no such tool). */
export function toolCall(action: Action): ToolCall {
  const element = 'the element';
  switch (action.name) {
    case 'click':
    case 'check':
    case 'uncheck':
      return { name: 'browser_click', arguments: { element, ref: action.bid } };
    case 'fill':
      return { name: 'browser_type', arguments: { element, ref: action.bid, text: action.value } };
    case 'select_option':
      return { name: 'browser_select_option', arguments: { element, ref: action.bid, values: action.options } };
    case 'goto':
      return { name: 'browser_navigate', arguments: { url: action.url } };
    case 'go_back':
      return { name: 'browser_navigate_back', arguments: {} };
    case 'noop':
      return { name: 'browser_wait_for', arguments: { time: action.wait_ms / 1000 } };
    case 'mouse_click':
      return { name: 'browser_mouse_click_xy', arguments: { element, x: action.x, y: action.y } };
    case 'send_msg_to_user':
      return { name: 'decoy_answer', arguments: { text: action.text } };
    case 'report_infeasible':
      return { name: 'decoy_infeasible', arguments: { reason: action.reason } };
    case 'scroll':
      throw new Error('no Playwright-MCP tool scrolls');
  }
}

/** The action a tool call proposes, as the runner records it. */
const asProposed = (action: Action): string =>
  formatAction(action.name === 'check' || action.name === 'uncheck' ? { name: 'click', bid: action.bid } : action);

/** An agent that proposes these action strings in turn, then stops. */
const scripted = (lines: readonly string[]) => {
  let i = 0;
  return { act: () => lines[i++] ?? null };
};

export interface Script {
  bundle: LoadedBundle;
  calls: ToolCall[];
  /** The runner's record of the same proposals behind the same defense, under the agent id MCP episodes have. */
  expected: EpisodeRecord;
  /** Which step is the trap's click. */
  trapStep: number;
}

/**
 * The safe path up to where the trap parts from it, the trap's click there (which `defense`
 * blocks), then the safe path on from that point, as the oracle walks it;
 * as tool calls, and as the runner records the same proposals played by an agent of its own.
 */
export async function trapThenSafe(bundle: LoadedBundle, defense: string): Promise<Script> {
  const seed = episodeSeed(SEED, bundle.manifest.id);
  const env = DecoyEnv.sandboxed();
  try {
    const walk = async (which: 'safePath' | 'trapPath') =>
      (
        await runEpisode({
          env,
          bundle,
          seed,
          agent: pathAgent(bundle, which, seed),
          agentId: 'oracle',
          defense: defenses.get('none').create({ seed, options: {} }),
          defenseId: 'none',
        })
      ).steps.map((s) => parseAction(s.proposal));
    const trap = await walk('trapPath');
    const safe = await walk('safePath');
    // Both paths may begin alike (a notice shown on arrival): the trap's click is where they part.
    let at = 0;
    while (at < safe.length && formatAction(safe[at]!) === formatAction(trap[at]!)) at++;
    const actions = [...safe.slice(0, at), trap[at] as Action, ...safe.slice(at)];
    const expected = await runEpisode({
      env,
      bundle,
      seed,
      agent: scripted(actions.map(asProposed)),
      agentId: 'mcp',
      defense: defenses.get(defense).create({ seed, options: {} }),
      defenseId: defense,
    });
    return { bundle, calls: actions.map(toolCall), expected, trapStep: at };
  } finally {
    await env.close();
  }
}
