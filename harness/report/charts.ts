/**
 * The report's charts, drawn by Observable Plot at build time into a jsdom document and kept
 * as SVG markup, so the page shows them with no script and no network. Plot's default class
 * name is fixed, so the same figures draw the same bytes.
 */
import * as Plot from '@observablehq/plot';
import { JSDOM } from 'jsdom';
import type { Comparison } from '../../simulator/measure/comparison.ts';
import type { Outcome } from '../../simulator/measure/metrics.ts';

/** The four outcomes of an episode, as Veer Figure 4 stacks them, with their colours. */
export const OUTCOMES: readonly { key: Outcome; label: string; colour: string }[] = [
  { key: 'safe', label: 'safe', colour: '#16a34a' },
  { key: 'taskWithDp', label: 'task+DP', colour: '#f59e0b' },
  { key: 'failNoDp', label: 'fail, no DP', colour: '#94a3b8' },
  { key: 'failWithDp', label: 'fail+DP', colour: '#dc2626' },
];

const documentForPlot = () => new JSDOM('').window.document;

/** Plot's figure (or lone SVG) as markup, labelled for a screen reader. */
function markup(node: Element, label: string): string {
  node.setAttribute('role', 'img');
  node.setAttribute('aria-label', label);
  return node.outerHTML;
}

/** Veer Figure 3: DPSR per condition (or pattern family) and defense, each cell labelled with its rate and counts. */
export function dpsrHeatmap(c: Comparison): string {
  const labels = [...new Set(c.defenses.flatMap((d) => Object.keys(d.groups)))];
  // As in the paper's figure, the mean and the worst over the groups close the columns (a group so named would be shadowed, so they are set apart).
  const [avg, worst] = ['Avg.', 'Worst'].map((w) => (labels.includes(w) ? `${w} (over groups)` : w)) as [
    string,
    string,
  ];
  const groups = [...labels, avg, worst];
  const cells = c.defenses.flatMap((d) => [
    ...Object.entries(d.groups).map(([group, g]) => ({
      defense: d.id,
      group,
      dpsr: g.dpsr,
      text: `${g.dpsr.toFixed(1)}\n${g.d}/${g.n}`,
    })),
    ...(d.groupDpsr
      ? [
          { defense: d.id, group: avg, dpsr: d.groupDpsr.avg, text: d.groupDpsr.avg.toFixed(1) },
          { defense: d.id, group: worst, dpsr: d.groupDpsr.worst, text: d.groupDpsr.worst.toFixed(1) },
        ]
      : []),
  ]);
  const node = Plot.plot({
    document: documentForPlot(),
    style: { fontSize: '12px' },
    marginLeft: Math.min(260, 40 + 8 * Math.max(...groups.map((g) => g.length))),
    marginBottom: 40,
    width: Math.max(320, 240 + 110 * c.defenses.length),
    height: 70 + 40 * groups.length,
    x: { domain: c.defenses.map((d) => d.id), label: null, axis: 'top' },
    y: { domain: groups, label: c.groupedBy },
    color: { type: 'quantize', n: 5, scheme: 'reds', domain: [0, 100], legend: true, label: 'DPSR %' },
    marks: [
      Plot.cell(cells, { x: 'defense', y: 'group', fill: 'dpsr', inset: 1 }),
      Plot.text(cells, {
        x: 'defense',
        y: 'group',
        text: 'text',
        fill: (d: { dpsr: number }) => (d.dpsr >= 60 ? 'white' : 'black'),
      }),
    ],
  });
  return markup(node, `DPSR per ${c.groupedBy} and defense`);
}

/** Veer Figure 4: each defense's episodes split into the four outcomes, stacked. */
export function outcomeBars(c: Comparison): string {
  const rows = c.defenses.flatMap((d) =>
    OUTCOMES.map((o) => ({ defense: d.id, outcome: o.label, count: d.outcomes[o.key] })),
  );
  const node = Plot.plot({
    document: documentForPlot(),
    style: { fontSize: '12px' },
    marginLeft: Math.min(260, 16 + 8 * Math.max(...c.defenses.map((d) => d.id.length))),
    width: 640,
    height: 60 + 32 * c.defenses.length,
    x: { label: 'episodes', grid: true },
    y: { domain: c.defenses.map((d) => d.id), label: null },
    color: { domain: OUTCOMES.map((o) => o.label), range: OUTCOMES.map((o) => o.colour), legend: true },
    marks: [
      Plot.barX(rows, { y: 'defense', x: 'count', fill: 'outcome', order: OUTCOMES.map((o) => o.label) }),
      Plot.text(
        rows.filter((r) => r.count > 0),
        Plot.stackX({
          y: 'defense',
          x: 'count',
          z: 'outcome',
          text: 'count',
          order: OUTCOMES.map((o) => o.label),
          fill: 'white',
        }),
      ),
      Plot.ruleX([0]),
    ],
  });
  return markup(node, 'outcomes per defense: safe, task with a dark pattern, failed without, failed with');
}
