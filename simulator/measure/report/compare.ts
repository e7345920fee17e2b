/**
 * compare.md: the tables of `decoy compare`, as Markdown tables padded to line up, so the
 * same text reads in a terminal and renders on a page.
 */
import type { Comparison, DefenseComparison } from '../comparison.ts';

/** A Markdown table with its columns padded; `right` says which columns hold numbers. */
export function markdownTable(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  right: (i: number) => boolean = (i) => i > 0,
): string {
  const widths = head.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) =>
    `| ${r.map((c, i) => (right(i) ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (right(i) ? `${'-'.repeat(w + 1)}:` : `:${'-'.repeat(w + 1)}`)).join('|')}|`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}

const f1 = (x: number) => x.toFixed(1);
const rate = (value: number, ci: [number, number]) => `${f1(value)} [${f1(ci[0])}–${f1(ci[1])}]`;
const signed = (x: number) => (x > 0 ? `+${f1(x)}` : x < 0 ? `−${f1(-x)}` : f1(0));
/** A p-value as people read it: four decimals, and below that a bound. */
const pValue = (p: number) => (p < 0.0001 ? '<0.0001' : p.toFixed(4));

/** Veer Table 1 with Tables 11–14's counts: one row per defense. */
export function mainTable(c: Comparison): string {
  const errors = c.defenses.some((d) => d.errors > 0);
  const head = [
    'Method',
    'N',
    ...(errors ? ['#error'] : []),
    '#D',
    '#T',
    '#STC',
    'DPSR % [95% CI]',
    'TSR % [95% CI]',
    'STC % [95% CI]',
  ];
  const rows = c.defenses.map((d) => [
    d.id,
    String(d.episodes),
    ...(errors ? [String(d.errors)] : []),
    String(d.counts.d),
    String(d.counts.t),
    String(d.counts.stc),
    rate(d.dpsr, d.ci.dpsr),
    rate(d.tsr, d.ci.tsr),
    rate(d.stc, d.ci.stc),
  ]);
  return markdownTable(head, rows);
}

export function pairedTable(c: Comparison): string {
  if (c.pairedAgainst === null)
    return '`none` is not among the defenses compared, so no defense is paired against it (add `none` to --defenses).';
  const others = c.defenses.filter((d) => d.paired !== null);
  if (others.length === 0) return `Only \`${c.pairedAgainst}\` was run: nothing to pair against it.`;
  const head = [
    'Method',
    'pairs',
    'left out (error)',
    `b: STC under ${c.pairedAgainst} only`,
    'c: STC under method only',
    'ΔSTC (pp)',
    'p (McNemar exact)',
  ];
  const rows = others.map((d) => {
    const p = d.paired as NonNullable<DefenseComparison['paired']>;
    return [d.id, String(p.pairs), String(p.errored), String(p.b), String(p.c), signed(p.diffPp), pValue(p.p)];
  });
  return markdownTable(head, rows);
}

export function costTable(c: Comparison): string {
  const head = [
    'Method',
    'defense actions',
    'per episode',
    'interceptions',
    'per episode',
    'episodes intercepted',
    'blocks',
    'interventions',
    'terminations',
    'replans',
    'unresolved',
    'looks',
  ];
  const rows = c.defenses.map((d) => {
    const k = d.cost;
    return [
      d.id,
      String(k.defenseActions),
      k.defenseActionsPerEpisode.toFixed(2),
      String(k.interceptions),
      k.interceptionsPerEpisode.toFixed(2),
      `${k.interceptedEpisodes}/${k.episodes}`,
      String(k.blocks),
      String(k.interventions),
      String(k.terminations),
      String(k.replans),
      String(k.unresolved),
      k.failedLooks > 0 ? `${k.looks} (${k.failedLooks} failed)` : String(k.looks),
    ];
  });
  return markdownTable(head, rows);
}

/** Veer Figure 3 as a table: groups as rows, defenses as columns, then the mean and the worst. */
export function groupTable(c: Comparison): string {
  const labels = [...new Set(c.defenses.flatMap((d) => Object.keys(d.groups)))];
  const cell = (d: DefenseComparison, k: string) => {
    const g = d.groups[k];
    return g ? `${f1(g.dpsr)} (${g.d}/${g.n})` : '–';
  };
  const rows = [
    ...labels.map((k) => [k, ...c.defenses.map((d) => cell(d, k))]),
    ['Avg', ...c.defenses.map((d) => (d.groupDpsr ? f1(d.groupDpsr.avg) : '–'))],
    ['Worst', ...c.defenses.map((d) => (d.groupDpsr ? f1(d.groupDpsr.worst) : '–'))],
  ];
  return markdownTable([c.groupedBy, ...c.defenses.map((d) => d.id)], rows);
}

/** The defense ΔSTC is measured against in the ablation table: the first intervention variant listed, else the first defense. */
export const ablationReference = (c: Comparison): DefenseComparison | undefined =>
  c.defenses.find((d) => /^intervene(-|$)/.test(d.id)) ?? c.defenses[0];

/** Veer Table 18: the four outcomes of each episode, the rates, and ΔSTC against the reference. */
export function ablationTable(c: Comparison): string {
  const ref = ablationReference(c);
  const head = [
    'Variant',
    'Safe',
    'T+DP',
    'Fail, no-DP',
    'Fail+DP',
    'DPSR (%)',
    'TSR (%)',
    'STC (%)',
    `ΔSTC (pp) vs ${ref?.id ?? '–'}`,
  ];
  const rows = c.defenses.map((d) => [
    d.id,
    String(d.outcomes.safe),
    String(d.outcomes.taskWithDp),
    String(d.outcomes.failNoDp),
    String(d.outcomes.failWithDp),
    f1(d.dpsr),
    f1(d.tsr),
    f1(d.stc),
    d === ref || !ref
      ? '–'
      : signed(
          Math.round(1000 * (d.counts.stc / Math.max(1, d.episodes) - ref.counts.stc / Math.max(1, ref.episodes))) / 10,
        ),
  ]);
  return markdownTable(head, rows);
}

export interface CompareText {
  /** What `decoy compare` prints: the main tables. */
  printed: string;
  /** compare.md, whole. */
  markdown: string;
}

/** Calls, tokens, endpoint time and estimated cost of each defense's run, per episode and in all. */
export function llmTable(c: Comparison): string {
  const rows = c.defenses.map((d) => {
    const u = d.llm;
    if (!u) return [d.id, '0', '–', '–', '–', '–'];
    const per = (x: number) => (x / Math.max(1, u.episodes)).toFixed(1);
    return [
      d.id,
      String(u.calls),
      per(u.calls),
      `${u.promptTokens} + ${u.completionTokens}`,
      (u.latencyMs / 1000).toFixed(1),
      u.costUsd === null ? 'unknown' : u.costUsd.toFixed(4),
    ];
  });
  return markdownTable(['Method', 'calls', 'calls/episode', 'tokens (prompt + completion)', 'endpoint s', 'USD'], rows);
}

/** The tables with their headings; `title` says what was compared (suite, agent, seed). */
export function compareText(c: Comparison, title: string, ablations: boolean): CompareText {
  const groupWord = c.groupedBy === 'condition' ? 'condition' : 'pattern family (the suite labels no conditions)';
  const sections: [string, string, boolean][] = [
    ['Results (DPSR lower is better; TSR and STC higher)', mainTable(c), true],
    [
      `Paired against \`${c.pairedAgainst ?? 'none'}\` on the same configurations (STC; b and c are the discordant pairs)`,
      pairedTable(c),
      true,
    ],
    ['Cost of the defense', costTable(c), true],
    ...(c.defenses.some((d) => d.llm)
      ? [['LLM use per run (agent and defense; as DUDE Table 7)', llmTable(c), true] as [string, string, boolean]]
      : []),
    ...(ablations ? [['Outcomes (Veer Table 18)', ablationTable(c), true] as [string, string, boolean]] : []),
    [`DPSR % per ${groupWord} (#D/N), with the unweighted mean and the worst`, groupTable(c), false],
  ];
  const markdown = [`# ${title}`, ...sections.map(([h, t]) => `## ${h}\n\n${t}`)].join('\n\n') + '\n';
  const printed = [title, ...sections.filter(([, , p]) => p).map(([h, t]) => `${h}\n${t}`)].join('\n\n');
  return { printed, markdown };
}
