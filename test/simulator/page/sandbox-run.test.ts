/** A run in which an episode errs writes every episode and the summary, and reports the errors (decoy run then exits 1). */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executeRun } from '../../../harness/run.ts';
import type { RunConfig } from '../../../harness/run-folder.ts';
import { bundleFor } from '../../helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-sandbox-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a run with an episode that errs', () => {
  it('writes every episode and the summary, counts the error apart, and returns it', async () => {
    const control = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);
    const storm = {
      manifest: { ...control.manifest, id: 'prop.storm' },
      site: {
        files: {
          ...control.site.files,
          'index.html': (control.site.files['index.html'] ?? '').replace(
            '</body>',
            '<script>setInterval(function () {}, 0);</script></body>',
          ),
        },
      },
    };
    const config: RunConfig = {
      suite: 'prop',
      patterns: [],
      bundles: null,
      agent: 'oracle',
      defense: 'none',
      seed: 1,
      agentOptions: {},
      defenseOptions: {},
      replay: null,
    };
    const out = join(dir, 'run');
    const r = await executeRun(config, out, { bundles: [storm, control], noCheck: true });
    expect(r.errors).toBe(1);
    const episodes = readFileSync(join(out, 'episodes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { end: { kind: string; reason?: string }; T: number });
    expect(episodes.map((e) => e.end.kind)).toEqual(['error', 'answer']);
    expect(episodes[0]?.end.reason).toMatch(/timers in one step/);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { errors: number; episodes: number };
    expect([summary.errors, summary.episodes]).toEqual([1, 1]);
    expect(r.table).toMatch(/#error/);
    expect(r.table).toMatch(/1 episode ended in an error/);
  });
});
