/**
 * report.md and the CSV files: the same tables as report.html (the grids of compare.md),
 * and the figures one row per run (report.csv) and per run and group (groups.csv), in full
 * precision as summary.json and compare.json hold them, for a spreadsheet or a plot of one's own.
 */
import { seedsTable } from '../../simulator/measure/across-seeds.ts';
import { compareSections, md, mdCell, mdCode, outcomeTable } from '../../simulator/measure/report/compare.ts';
import type { ReportSet } from './sources.ts';

/** Why a set has no paired tests, in the report's words: it names no flag (the report takes none that adds a run). */
export const NO_BASELINE_REPORT = 'No run of `none` is among these runs, so no run is paired against it.';

/** Why a set's runs are not paired: one defense's run under several seeds pairs with no other run; else NO_BASELINE_REPORT. */
export const noBaselineOf = (set: Pick<ReportSet, 'kind' | 'runs'>): string =>
  set.kind === 'seeds' && new Set(set.runs.map((r) => r.config.defense)).size === 1
    ? 'These are one run played under several seeds: no run is paired against another.'
    : NO_BASELINE_REPORT;

/** report.md: each set's tables under its title. */
export function reportMarkdown(sets: readonly ReportSet[], sources: readonly string[]): string {
  const parts = [`# decoy report\n\nFrom ${sources.map(mdCode).join(', ')}.`];
  for (const set of sets) {
    const c = set.comparison;
    parts.push(`## ${mdCell(set.title)}`);
    for (const [h, g] of compareSections(c, false, noBaselineOf(set))) parts.push(`### ${h}\n\n${md(g)}`);
    parts.push(`### Outcomes\n\n${outcomeTable(c)}`);
    for (const a of set.across ?? [])
      parts.push(
        `### Rates across seeds${a.heading ? `: ${mdCell(a.heading)}` : ''}\n\n\`\`\`\n${seedsTable(a.across, '').trim()}\n\`\`\``,
      );
  }
  return parts.join('\n\n') + '\n';
}

/**
 * A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). Text (never
 * a number) that a spreadsheet would take for a formula (starting with = + - @, a tab or a
 * carriage return: a label or folder name such as `=HYPERLINK(…)`) is led by a single quote,
 * as OWASP advises, so it is shown as text and never run.
 */
const field = (v: string | number | null): string => {
  const text = v === null ? '' : String(v);
  const s = typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${text}` : text;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows: readonly (readonly (string | number | null)[])[]): string =>
  rows.map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';

export const RUNS_CSV_HEAD = [
  'set',
  'run',
  'folder',
  'episodes',
  'errors',
  't',
  'd',
  'stc',
  'tsr',
  'tsr_low',
  'tsr_high',
  'dpsr',
  'dpsr_low',
  'dpsr_high',
  'stc_rate',
  'stc_low',
  'stc_high',
  'safe',
  'task_with_dp',
  'fail_no_dp',
  'fail_with_dp',
  'paired_against',
  'pairs',
  'b',
  'c',
  'diff_pp',
  'p',
] as const;

/** report.csv: one row per run, with its paired test against the baseline where it has one. */
export function runsCsv(sets: readonly ReportSet[]): string {
  const rows = sets.flatMap((set) =>
    set.comparison.defenses.map((d, i) => {
      const p = d.paired;
      return [
        set.dir,
        d.id,
        set.runs[i]?.dir ?? '',
        d.episodes,
        d.errors,
        d.counts.t,
        d.counts.d,
        d.counts.stc,
        d.tsr,
        ...d.ci.tsr,
        d.dpsr,
        ...d.ci.dpsr,
        d.stc,
        ...d.ci.stc,
        d.outcomes.safe,
        d.outcomes.taskWithDp,
        d.outcomes.failNoDp,
        d.outcomes.failWithDp,
        p ? set.comparison.pairedAgainst : null,
        p?.pairs ?? null,
        p?.b ?? null,
        p?.c ?? null,
        p?.diffPp ?? null,
        p?.p ?? null,
      ];
    }),
  );
  return csv([RUNS_CSV_HEAD, ...rows]);
}

/** groups.csv: DPSR per condition (or pattern family) of each run. */
export function groupsCsv(sets: readonly ReportSet[]): string {
  const rows = sets.flatMap((set) =>
    set.comparison.defenses.flatMap((d) =>
      Object.entries(d.groups).map(([g, x]) => [set.dir, d.id, set.comparison.groupedBy, g, x.n, x.d, x.dpsr]),
    ),
  );
  return csv([['set', 'run', 'grouped_by', 'group', 'n', 'd', 'dpsr'], ...rows]);
}
