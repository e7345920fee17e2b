import { BOX_TOLERANCE, conforms, type ConformRow } from '../simulator/measure/conform.ts';

/** What decoy conform prints: agreement per kind of comparison, then the disagreements. */
export function conformTable(rows: readonly ConformRow[]): string {
  const n = rows.length;
  const same = rows.filter((r) => r.same).length;
  const boxes = rows.reduce((a, r) => a + r.boxes.compared, 0);
  const worst = Math.max(0, ...rows.map((r) => r.boxes.worst));
  const points = rows.reduce((a, r) => a + r.hits.points, 0);
  const agree = rows.reduce((a, r) => a + r.hits.agree, 0);
  const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)}%`);
  const lines = [
    'check                                     agree    total  rate',
    `episodes (proposals, event log, T, D)  ${String(same).padStart(8)} ${String(n).padStart(8)}  ${pct(same, n)}`,
    `authored boxes = getBoundingClientRect ${String(rows.filter((r) => r.boxes.worst <= BOX_TOLERANCE).length).padStart(8)} ${String(n).padStart(8)}  ${pct(rows.filter((r) => r.boxes.worst <= BOX_TOLERANCE).length, n)}   (${boxes} boxes, largest deviation ${worst} px)`,
    `hit test = elementFromPoint            ${String(agree).padStart(8)} ${String(points).padStart(8)}  ${pct(agree, points)}`,
  ];
  const failures = rows.filter((r) => !conforms(r));
  if (failures.length > 0)
    lines.push(
      '',
      'disagreements:',
      ...failures.slice(0, 40).map((f) => `  ${f.scenario} (${f.sequence}): ${f.detail}`),
    );
  if (failures.length > 40) lines.push(`  … and ${failures.length - 40} more`);
  return lines.join('\n');
}
