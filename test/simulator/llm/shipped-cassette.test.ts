import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../../lib/root.ts';
import { SHIPPED } from '../../../tools/cassette.ts';
import { decoyIn } from '../../helpers.ts';

const CASSETTE = join(projectRoot(), SHIPPED.file);

/** The README's replay command, for one of the recorded defenses. */
const replay = (defense: string) => [
  'run',
  '--suite',
  'demo',
  '--seed',
  String(SHIPPED.seed),
  ...SHIPPED.patterns.flatMap((p) => ['--pattern', p]),
  '--agent',
  'openai',
  '--opt',
  `model=${SHIPPED.agentModel}`,
  '--defense',
  defense,
  ...(defense === 'none' ? [] : ['--defense-opt', `model=${SHIPPED.defenseModel}`]),
  '--cassette',
  CASSETTE,
  '--llm-mode',
  'replay',
  '--out',
  'o',
];

describe('the cassette shipped in examples/cassettes/ (recorded by npm run cassette from the scripted test server)', () => {
  it.each(SHIPPED.defenses.map((d) => [d]))(
    'replays on a fresh clone with no endpoint and no key: decoy run --agent openai --defense %s --llm-mode replay',
    async (defense) => {
      const dir = mkdtempSync(join(tmpdir(), 'decoy-shipped-'));
      const saved = { base: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY };
      delete process.env.OPENAI_BASE_URL;
      delete process.env.OPENAI_API_KEY;
      try {
        const r = await decoyIn(dir, ...replay(defense));
        // A stale cassette (a prompt, the snapshot or the demo changed) is re-recorded with npm run cassette.
        expect(r.err).toBe('');
        expect(r.code).toBe(0);
        expect(r.out).toMatch(/LLM: \d+ calls/);
        expect(
          readFileSync(join(dir, 'o', 'episodes.jsonl'), 'utf8')
            .trim()
            .split('\n'),
        ).toHaveLength(2);
      } finally {
        if (saved.base !== undefined) process.env.OPENAI_BASE_URL = saved.base;
        if (saved.key !== undefined) process.env.OPENAI_API_KEY = saved.key;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
