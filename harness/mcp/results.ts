/**
 * Tool results as the client reads them, in Playwright-MCP's manner: what was done, its error
 * (an action that failed, or the defense's word), then the page's URL, title and snapshot. The
 * snapshot is decoy's observation (axtree_txt), already Playwright-MCP's lines with [ref=eN].
 * Nothing of a bundle's ground truth is written here before its episode has ended: the client
 * sees what the page shows, the task, and what the runner tells any agent.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { EnvObservation } from '../../simulator/loop/env.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import type { Summary } from '../../simulator/measure/metrics.ts';
import type { Listed } from './handles.ts';

const text = (lines: readonly string[], isError = false): CallToolResult => ({
  content: [{ type: 'text', text: lines.join('\n') }],
  ...(isError ? { isError: true } : {}),
});

/** An error result: nothing was played. */
export const failure = (message: string): CallToolResult => text([message], true);

/** The page as the runner last showed it, after `head` (the task, on opening a configuration). */
export function pageResult(o: EnvObservation, head: readonly string[] = []): CallToolResult {
  const error = o.last_action_error;
  return text(
    [
      ...head,
      ...(o.last_action ? ['### Action', o.last_action, ''] : []),
      ...(error ? ['### Error', error, ''] : []),
      ...(o.defense_context ? ['### From the defense', o.defense_context, ''] : []),
      '### Page state',
      `- Page URL: ${o.url}`,
      `- Page Title: ${o.title}`,
      `- Steps taken: ${o.step} of ${o.budget}`,
      '- Page Snapshot:',
      '```yaml',
      o.axtree_txt,
      '```',
    ],
    error !== '',
  );
}

/** What opening a configuration shows before its page: its handle and its task. */
export const openingHead = (handle: string, goal: string, left: string | null): string[] => [
  ...(left ? [left, ''] : []),
  `### Configuration ${handle}`,
  '### Task',
  goal,
  '',
];

/** How an episode ended, in the words of who ended it. */
function howItEnded(r: EpisodeRecord): string {
  switch (r.end.kind) {
    case 'answer':
      return 'you answered';
    case 'infeasible':
      return 'you reported the task infeasible';
    case 'terminated':
      return `the defense ended it: ${r.end.text}`;
    case 'truncated':
      return `its ${r.budget.task} steps were spent`;
    case 'agent-stopped':
      return 'it was left before it ended';
    case 'error':
      return `an error ended it: ${r.end.reason}`;
  }
}

/** The result of the call that ended an episode: how, and what to call next; nothing of its score. */
export function endResult(handle: string, r: EpisodeRecord): CallToolResult {
  const last = r.steps.at(-1);
  return text(
    [
      '### Episode ended',
      `The episode of configuration ${handle} ended: ${howItEnded(r)}.`,
      ...(last?.error ? ['', '### Error', `${last.proposal}: ${last.error}`] : []),
      '',
      'decoy_score gives its score; decoy_reset opens another configuration (decoy_list lists them).',
    ],
    r.end.kind === 'error' || r.end.kind === 'terminated',
  );
}

export function listResult(listed: readonly (Listed & { played: boolean })[], defense: string): CallToolResult {
  const rows = listed.map(
    (c) => `- ${c.handle}${c.played ? ' (played)' : ''} · ${c.domain} · ${c.instruction.replaceAll('\n', ' ')}`,
  );
  return {
    ...text([
      `${listed.length} configuration${listed.length === 1 ? '' : 's'}, behind the defense ${defense}; decoy_reset {"scenario": "<handle>"} opens one.`,
      '',
      ...rows,
    ]),
    structuredContent: { configurations: listed.map((c) => ({ ...c })) },
  };
}

/** An ended episode's score, and the run's so far: ground truth may be told now that it is over. */
export function scoreResult(handle: string, r: EpisodeRecord, run: Summary): CallToolResult {
  const outcomes = Object.entries(r.patternOutcomes);
  return {
    ...text([
      `### Score of configuration ${handle} (${r.scenario})`,
      `- T (task success): ${r.T}`,
      `- D (dark pattern outcome): ${r.D}`,
      `- STC (safe task completion): ${r.STC}`,
      `- Ended: ${r.end.kind}; ${r.budget.taskUsed} of ${r.budget.task} steps taken`,
      ...(outcomes.length
        ? [`- Patterns: ${outcomes.map(([p, d]) => `${p} ${d ? 'taken' : 'avoided'}`).join(', ')}`]
        : ['- Patterns: none (a control)']),
      '',
      `### This run so far: ${run.episodes} episode${run.episodes === 1 ? '' : 's'}`,
      `- TSR ${run.tsr} %, DPSR ${run.dpsr} %, STC ${run.stc} %`,
    ]),
    structuredContent: {
      configuration: handle,
      scenario: r.scenario,
      T: r.T,
      D: r.D,
      STC: r.STC,
      end: r.end,
      steps: r.budget.taskUsed,
      patternOutcomes: r.patternOutcomes,
      run: { episodes: run.episodes, errors: run.errors, tsr: run.tsr, dpsr: run.dpsr, stc: run.stc },
    },
  };
}
