import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { executeRun } from '../../harness/run.ts';
import { loadBundles } from '../../harness/select.ts';
import { runConfig } from '../helpers.ts';

describe('--workers', () => {
  it('a run spread over several engine processes writes the same files, byte for byte, as one played on one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decoy-workers-'));
    try {
      // A defense that changes the page: its verdicts and interventions are in the records compared.
      const bundles = loadBundles({ suite: 'demo', seed: 7, patterns: [] });
      const files = async (defense: string, workers: number, concurrency = 1) => {
        const out = join(dir, `${workers}-${concurrency}`);
        await executeRun(runConfig({ defense }), out, { bundles, noCheck: true, workers, concurrency });
        return ['episodes.jsonl', 'summary.json', 'run.json'].map((f) => readFileSync(join(out, f), 'utf8'));
      };
      const one = await files('intervene', 1);
      expect(await files('intervene', 3)).toEqual(one);
      expect(await files('intervene', 2, 5)).toEqual(one);

      // Stopped on two workers, finished on one: the same files again.
      const out = join(dir, 'stopped');
      const stop = new AbortController();
      const config = runConfig({ defense: 'intervene' });
      await expect(
        executeRun(config, out, {
          bundles,
          noCheck: true,
          workers: 2,
          signal: stop.signal,
          progress: (_, done) => (done === 3 ? stop.abort() : undefined),
        }),
      ).rejects.toThrow(/stopped after \d+ of 16 episodes/);
      const resumed = await executeRun(config, out, { bundles, noCheck: true, workers: 1 });
      expect(resumed.resumed).toBeGreaterThanOrEqual(3);
      expect(resumed.resumed).toBeLessThan(16);
      expect(['episodes.jsonl', 'summary.json', 'run.json'].map((f) => readFileSync(join(out, f), 'utf8'))).toEqual(
        one,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the default number of workers', () => {
  it("is capped by a container's CPU limit, read from cgroup v2 then v1; none set, none applies", async () => {
    const { quotaCpus } = await import('../../cli/play-flags.ts');
    const files = (f: Record<string, string>) => (file: string) => f[file] ?? null;
    expect(quotaCpus(files({ '/sys/fs/cgroup/cpu.max': '200000 100000\n' }))).toBe(2);
    expect(quotaCpus(files({ '/sys/fs/cgroup/cpu.max': '150000 100000\n' }))).toBe(1.5);
    expect(quotaCpus(files({ '/sys/fs/cgroup/cpu.max': 'max 100000\n' }))).toBeNull();
    expect(
      quotaCpus(
        files({
          '/sys/fs/cgroup/cpu/cpu.cfs_quota_us': '400000\n',
          '/sys/fs/cgroup/cpu/cpu.cfs_period_us': '100000\n',
        }),
      ),
    ).toBe(4);
    expect(
      quotaCpus(
        files({ '/sys/fs/cgroup/cpu/cpu.cfs_quota_us': '-1\n', '/sys/fs/cgroup/cpu/cpu.cfs_period_us': '100000\n' }),
      ),
    ).toBeNull();
    expect(quotaCpus(files({}))).toBeNull();
  });
});
