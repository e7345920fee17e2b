/**
 * compare.md: the tables of `decoy compare`, as Markdown tables padded to line up, so the
 * same text reads in a terminal and renders on a page.
 */
import type { Comparison, DefenseComparison } from '../comparison.ts';

/**
 * Text as a Markdown table cell shows it: `|` escaped (else it starts a column), `&` and `>`
 * as entities, and `<` where it could open HTML (before a letter, `/`, `!` or `?`: a tag, a
 * comment, an autolink), so a label holding markup shows as text. A `<` before a digit
 * (`<0.0001`) opens nothing and stays, so ordinary tables are as they always were.
 */
export const mdCell = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/>/g, '&gt;')
    .replace(/<(?=[A-Za-z/!?])/g, '&lt;')
    .replace(/\|/g, '\\|');

/**
 * Text as a Markdown code span, outside a table: between one more backtick than its longest run
 * of them (with a space inside where it begins or ends with one), so nothing in it ends the span
 * or is read as markup; line breaks become spaces, as a span shows them.
 */
export function mdCode(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  const fence = '`'.repeat(Math.max(0, ...(flat.match(/`+/g) ?? []).map((r) => r.length)) + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A Markdown table with its columns padded; `right` says which columns hold numbers. */
export function markdownTable(
  headText: readonly string[],
  rowsText: readonly (readonly string[])[],
  right: (i: number) => boolean = (i) => i > 0,
): string {
  const head = headText.map(mdCell);
  const rows = rowsText.map((r) => r.map(mdCell));
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

/** A table as its header and rows of cell text, before it is written as Markdown or HTML. */
export interface Grid {
  head: string[];
  rows: string[][];
}

/** A grid as a Markdown table; a sentence stays as it is. */
export const md = (g: Grid | string): string => (typeof g === 'string' ? g : markdownTable(g.head, g.rows));

/** Veer Table 1 with Tables 11–14's counts: one row per defense. */
export function mainGrid(c: Comparison): Grid {
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
  return { head, rows };
}
export const mainTable = (c: Comparison): string => md(mainGrid(c));

/** Why a comparison has no paired tests, as `decoy compare` says it (its flag the way to add the baseline). */
export const NO_BASELINE_COMPARE =
  '`none` is not among the defenses compared, so no defense is paired against it (add `none` to --defenses).';

/** The paired tests against the baseline, or a sentence saying why there are none (`noBaseline`, where `none` was not run). */
export function pairedGrid(c: Comparison, noBaseline = NO_BASELINE_COMPARE): Grid | string {
  if (c.pairedAgainst === null) return noBaseline;
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
  return { head, rows };
}
export const pairedTable = (c: Comparison): string => md(pairedGrid(c));

export function costGrid(c: Comparison): Grid {
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
  return { head, rows };
}
export const costTable = (c: Comparison): string => md(costGrid(c));

/** Veer Figure 3 as a table: groups as rows, defenses as columns, then the mean and the worst. */
export function groupGrid(c: Comparison): Grid {
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
  return { head: [c.groupedBy, ...c.defenses.map((d) => d.id)], rows };
}
export const groupTable = (c: Comparison): string => md(groupGrid(c));

/** Veer Figure 4 as a table: each defense's episodes by outcome. */
export function outcomeGrid(c: Comparison): Grid {
  return {
    head: ['Method', 'N', 'safe', 'task+DP', 'fail, no DP', 'fail+DP'],
    rows: c.defenses.map((d) => [
      d.id,
      String(d.episodes),
      String(d.outcomes.safe),
      String(d.outcomes.taskWithDp),
      String(d.outcomes.failNoDp),
      String(d.outcomes.failWithDp),
    ]),
  };
}
export const outcomeTable = (c: Comparison): string => md(outcomeGrid(c));

/** The defense ΔSTC is measured against in the ablation table: the first intervention variant listed, else the first defense. */
export const ablationReference = (c: Comparison): DefenseComparison | undefined =>
  c.defenses.find((d) => /^intervene(-|$)/.test(d.id)) ?? c.defenses[0];

/** Veer Table 18: the four outcomes of each episode, the rates, and ΔSTC against the reference. */
export function ablationGrid(c: Comparison): Grid {
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
  return { head, rows };
}
export const ablationTable = (c: Comparison): string => md(ablationGrid(c));

export interface CompareText {
  /** What `decoy compare` prints: the main tables. */
  printed: string;
  /** compare.md, whole. */
  markdown: string;
}

/** Calls, tokens, endpoint time and estimated cost of each defense's run, per episode and in all. */
export function llmGrid(c: Comparison): Grid {
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
  return { head: ['Method', 'calls', 'calls/episode', 'tokens (prompt + completion)', 'endpoint s', 'USD'], rows };
}
export const llmTable = (c: Comparison): string => md(llmGrid(c));

/** A table of a comparison with its heading, and whether `decoy compare` prints it (the rest are in compare.md only). */
export type Section = [heading: string, table: Grid | string, printed: boolean];

/** The tables of a comparison, in the order compare.md gives them. */
export function compareSections(c: Comparison, ablations: boolean, noBaseline?: string): Section[] {
  const groupWord = c.groupedBy === 'condition' ? 'condition' : 'pattern family (the suite labels no conditions)';
  return [
    ['Results (DPSR lower is better; TSR and STC higher)', mainGrid(c), true],
    [
      `Paired against ${mdCode(c.pairedAgainst ?? 'none')} on the same configurations (STC; b and c are the discordant pairs)`,
      pairedGrid(c, noBaseline),
      true,
    ],
    ['Cost of the defense', costGrid(c), true],
    ...(c.defenses.some((d) => d.llm)
      ? [['LLM use per run (agent and defense; as DUDE Table 7)', llmGrid(c), true] as Section]
      : []),
    ...(ablations ? [['Outcomes (Veer Table 18)', ablationGrid(c), true] as Section] : []),
    [`DPSR % per ${groupWord} (#D/N), with the unweighted mean and the worst`, groupGrid(c), false],
  ];
}

/** The tables with their headings; `title` says what was compared (suite, agent, seed). */
export function compareText(c: Comparison, title: string, ablations: boolean): CompareText {
  const sections = compareSections(c, ablations);
  const markdown = [`# ${mdCell(title)}`, ...sections.map(([h, t]) => `## ${h}\n\n${md(t)}`)].join('\n\n') + '\n';
  const printed = [title, ...sections.filter(([, , p]) => p).map(([h, t]) => `${h}\n${md(t)}`)].join('\n\n');
  return { printed, markdown };
}
