/**
 * The validation curve for people: a printed table with a sparkline, and a small SVG drawn by
 * hand (train and validation pass rate per iteration, the best iteration marked), both pure
 * functions of the curve, so the same run draws the same bytes.
 */
import type { IterationRecord } from './loop.ts';

const pct = (v: number | null) => (v === null ? '–' : v.toFixed(1));
const num = (v: number | null) => (v === null ? '–' : v.toFixed(3));

const BARS = '▁▂▃▄▅▆▇█';

/** One bar per value, scaled from the lowest to the highest. */
export function sparkline(values: readonly (number | null)[]): string {
  const seen = values.filter((v): v is number => v !== null);
  const lo = Math.min(...seen);
  const hi = Math.max(...seen);
  return values
    .map((v) => (v === null ? ' ' : BARS[hi === lo ? 0 : Math.round(((v - lo) / (hi - lo)) * (BARS.length - 1))]))
    .join('');
}

export function curveTable(records: readonly IterationRecord[], best: number): string {
  const head = ['iteration', 'lessons', 'F', 'train pass %', 'valid pass %', 'valid reward', 'valid fatal %', ''];
  const rows = records.map((r) => [
    String(r.iteration),
    String(r.lessons.length),
    String(r.failures),
    pct(r.train.pass),
    pct(r.valid.pass),
    num(r.valid.reward),
    pct(r.valid.fatal),
    r.iteration === best ? '← best' : '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const fmt = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padStart(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [
    fmt(head),
    widths
      .slice(0, -1)
      .map((w) => '─'.repeat(w))
      .join('  '),
    ...rows.map(fmt),
    '',
    `valid pass %  ${sparkline(records.map((r) => r.valid.pass))}`,
    `train pass %  ${sparkline(records.map((r) => r.train.pass))}`,
  ].join('\n');
}

const W = 640;
const H = 320;
const PAD = { left: 52, right: 16, top: 28, bottom: 40 };

/** The curve as an SVG: pass rate (%) against iteration, train dashed, validation solid, the best iteration ringed. */
export function curveSvg(records: readonly IterationRecord[], best: number, title: string): string {
  const series = (pick: (r: IterationRecord) => number | null) =>
    records.flatMap((r) => (pick(r) === null ? [] : [[r.iteration, pick(r) as number] as const]));
  const valid = series((r) => r.valid.pass);
  const train = series((r) => r.train.pass);
  const all = [...valid, ...train].map(([, v]) => v);
  const lo = Math.floor(Math.min(...all, 100) - 1);
  const hi = Math.min(100, Math.ceil(Math.max(...all, 0) + 1));
  const last = Math.max(1, records.length - 1);
  const x = (i: number) => PAD.left + (i / last) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((hi - v) / Math.max(1, hi - lo)) * (H - PAD.top - PAD.bottom);
  const f = (n: number) => n.toFixed(1);
  const line = (pts: readonly (readonly [number, number])[]) => pts.map(([i, v]) => `${f(x(i))},${f(y(v))}`).join(' ');
  // Round steps, at most six lines: 87, 88, 89 rather than 86.9, 87.6, 88.3.
  const step = [0.5, 1, 2, 5, 10, 20, 25].find((s) => (hi - lo) / s <= 6) ?? 25;
  const yTicks: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) yTicks.push(v);
  const xStep = Math.max(1, Math.ceil(last / 10));
  const xTicks = records.map((r) => r.iteration).filter((i) => i % xStep === 0);
  const bestPoint = valid.find(([i]) => i === best);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${PAD.left}" y="16" font-size="12">${esc(title)}</text>`,
    ...yTicks.map(
      (v) =>
        `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${f(y(v))}" y2="${f(y(v))}" stroke="#e5e5e5"/><text x="${PAD.left - 6}" y="${f(y(v) + 4)}" text-anchor="end">${step < 1 ? v.toFixed(1) : String(v)}</text>`,
    ),
    ...xTicks.map((i) => `<text x="${f(x(i))}" y="${H - PAD.bottom + 16}" text-anchor="middle">${i}</text>`),
    `<text x="${f((PAD.left + W - PAD.right) / 2)}" y="${H - 6}" text-anchor="middle">iteration</text>`,
    `<text x="14" y="${f((PAD.top + H - PAD.bottom) / 2)}" text-anchor="middle" transform="rotate(-90 14 ${f((PAD.top + H - PAD.bottom) / 2)})">pass rate %</text>`,
    `<polyline points="${line(train)}" fill="none" stroke="#888" stroke-dasharray="4 3" stroke-width="1.5"/>`,
    `<polyline points="${line(valid)}" fill="none" stroke="#1f6feb" stroke-width="2"/>`,
    ...valid.map(([i, v]) => `<circle cx="${f(x(i))}" cy="${f(y(v))}" r="2.5" fill="#1f6feb"/>`),
    ...(bestPoint
      ? [
          `<circle cx="${f(x(bestPoint[0]))}" cy="${f(y(bestPoint[1]))}" r="6" fill="none" stroke="#d1242f" stroke-width="1.5"/>`,
        ]
      : []),
    `<text x="${W - PAD.right}" y="16" text-anchor="end"><tspan fill="#1f6feb">— validation</tspan>  <tspan fill="#888">- - train</tspan>  <tspan fill="#d1242f">○ best</tspan></text>`,
    '</svg>',
    '',
  ].join('\n');
}
