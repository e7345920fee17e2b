import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { executeRun } from '../../harness/run.ts';
import { loadBundles } from '../../harness/select.ts';
import { runConfig } from '../helpers.ts';

describe('the time a run prints', () => {
  it('counts from when the command began (startedAt), generation and self-check included, not from the first episode', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decoy-wall-'));
    try {
      const config = runConfig({ patterns: ['preselected-consent'], agent: 'oracle' });
      const bundles = loadBundles({ suite: 'demo', seed: 7, patterns: ['preselected-consent'] });
      const r = await executeRun(config, join(dir, 'run'), {
        bundles,
        noCheck: true,
        startedAt: performance.now() - 600_000,
      });
      expect(r.table).toMatch(/ · \d+ episodes in (?:6\d\d|[7-9]\d\d|\d{4,})\.\d s/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
