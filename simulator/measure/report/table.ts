import { usageText } from '../../llm/usage.ts';
import type { Aggregate, Summary } from '../metrics.ts';

/** A rate with its interval; over no episodes there is none to show (not 0.0 [0–100], as if measured). */
function cell(value: number, ci: [number, number], n: number): string {
  return n === 0 ? '–' : `${value.toFixed(1).padStart(5)} [${ci[0].toFixed(0)}–${ci[1].toFixed(0)}]`;
}

function row(name: string, a: Aggregate, errors: boolean): string[] {
  return [
    name,
    String(a.episodes),
    ...(errors ? [String(a.errors)] : []),
    String(a.counts.t),
    String(a.counts.d),
    String(a.counts.stc),
    cell(a.tsr, a.ci.tsr, a.episodes),
    cell(a.dpsr, a.ci.dpsr, a.episodes),
    cell(a.stc, a.ci.stc, a.episodes),
  ];
}

/**
 * The results table printed by `decoy run` and `decoy demo`: by condition when the suite
 * labels them. Episodes that ended in an error get a column of their own (N counts the
 * scored ones), shown only when there are any.
 */
export function resultsTable(summary: Summary, title: string): string {
  const groups = summary.byCondition ?? summary.byPattern;
  const errors = summary.errors > 0;
  const head = [
    summary.byCondition ? 'condition' : 'pattern',
    'N',
    ...(errors ? ['#error'] : []),
    '#T',
    '#D',
    '#STC',
    'TSR % [95% CI]',
    'DPSR % [95% CI]',
    'STC % [95% CI]',
  ];
  const rows = [
    ...Object.entries(groups).map(([k, a]) => row(k, a, errors)),
    row('feasible', summary.feasible, errors),
    row('all', summary, errors),
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const fmt = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const lines = [title, fmt(head), rule, ...rows.slice(0, -2).map(fmt), rule, ...rows.slice(-2).map(fmt)];
  if (errors)
    lines.push(
      `${summary.errors} episode${summary.errors === 1 ? '' : 's'} ended in an error (see end.reason in episodes.jsonl); they are not in the rates`,
    );
  if (summary.llm) lines.push(usageText(summary.llm));
  if (summary.conditionDpsr)
    lines.push(
      `per-condition DPSR: mean ${summary.conditionDpsr.mean.toFixed(1)}%, worst ${summary.conditionDpsr.worst.toFixed(1)}%`,
    );
  return lines.join('\n');
}
