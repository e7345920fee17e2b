import { describe, expect, it } from 'vitest';
import { summarize } from '../../../../simulator/measure/metrics.ts';
import { resultsTable } from '../../../../simulator/measure/report/table.ts';

describe('the results table', () => {
  it('over no episodes (a shard past the configurations) shows no rate, rather than 0.0 [0–100] as if measured', () => {
    const table = resultsTable(summarize([]), 'suite demo · shard 2/2');
    const all = table.split('\n').find((l) => l.startsWith('all'))!;
    expect(all.split(/\s{2,}/)).toEqual(['all', '0', '0', '0', '0', '–', '–', '–']);
    expect(table).not.toContain('[0–100]');
  });
});
