import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../../../lib/errors.ts';
import { demoFolders, executeRun } from '../../../harness/run.ts';
import type { RunConfig } from '../../../harness/run-folder.ts';
import { runBatch } from '../../../simulator/loop/batch.ts';
import { agentDef, defenseDef } from '../../../simulator/loop/resolve.ts';
import { bundleFor } from '../../helpers.ts';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-user-modules-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const cookies = () =>
  bundleFor({ task: 'purchase', domain: 'shopping', patterns: [{ family: 'cookie-trap', variant: 'modal' }] }, 7);
const drift = () =>
  bundleFor({ task: 'purchase', domain: 'shopping', patterns: [{ family: 'price-drift', variant: 'fee' }] }, 7);

/** A defense that blocks its first proposal and records what the agent is told, in TypeScript with a type the loader must strip. */
const BLOCK_FIRST_TS = `
type Verdict = { kind: 'allow' } | { kind: 'block'; feedback: string };
let n: number = 0;
export default {
  id: 'block-first',
  description: 'blocks the first proposal',
  options: [{ name: 'word', description: 'the feedback', default: 'no' }],
  create: ({ options }: { options: Record<string, unknown> }) => {
    let first = true;
    return {
      context: () => 'be careful',
      review: ({ observation }: { observation: { defense_context: string } }): Verdict => {
        n++;
        if (!first) return { kind: 'allow' };
        first = false;
        return { kind: 'block', feedback: String(options.word ?? 'no') + ' / ' + observation.defense_context };
      },
    };
  },
};
`;

describe("a user's own defense or agent from a file", () => {
  it('a .ts and an .mjs defense from a temporary folder run a batch like a registry defense; its context reaches the agent on every observation', async () => {
    const ts = file('block-first.ts', BLOCK_FIRST_TS);
    const mjs = file(
      'block-first.mjs',
      BLOCK_FIRST_TS.replace(/^type .*$/m, '').replace(
        /: number|: \{ options: Record<string, unknown> \}|: \{ observation: \{ defense_context: string \} \}|: Verdict/g,
        '',
      ),
    );
    for (const path of [ts, mjs]) {
      const def = await defenseDef(path);
      expect(def.id).toBe('block-first');
      const seen: string[] = [];
      const agent = file(
        `seer-${path.endsWith('.ts') ? 'ts' : 'mjs'}.mjs`,
        `export default { id: 'seer', description: 'says what it was told', create: () => ({ act: (o, h) => h.length < 2 ? 'scroll(0, 100)' : null }) };`,
      );
      const { records } = await runBatch(
        [drift()],
        { agent, defense: path, seed: 3, defenseOptions: { word: 'stop' } },
        (r) => seen.push(r.defense),
      );
      const [r] = records;
      expect(seen).toEqual([path]);
      expect(r?.agent).toBe(agent);
      expect(r?.steps.map((s) => s.verdict.kind)).toEqual(['block', 'allow']);
      expect(r?.steps[0]?.verdict.feedback).toBe('stop / be careful');
      expect(r?.end.kind).toBe('agent-stopped');
    }
  });

  it('an agent from a file sees defense_context on every observation, empty under none', async () => {
    const log = join(dir, 'contexts.json');
    const agent = file(
      'recorder.mjs',
      `import { writeFileSync } from 'node:fs';
      const seen = [];
      export default { id: 'recorder', description: 'records defense_context', create: () => ({ act: (o, h) => { seen.push(o.defense_context); writeFileSync(${JSON.stringify(log)}, JSON.stringify(seen)); return h.length < 2 ? 'scroll(0, 100)' : null; } }) };`,
    );
    const warn = file(
      'warn.mjs',
      `export default { id: 'warn-test', description: 'warns', create: () => ({ context: ({ goal }) => 'careful: ' + goal.length, review: () => ({ kind: 'allow' }) }) };`,
    );
    const b = drift();
    await runBatch([b], { agent, defense: warn, seed: 1 });
    await runBatch([b], { agent, defense: 'none', seed: 1 });
    const seen = JSON.parse(readFileSync(log, 'utf8')) as string[];
    expect(seen).toEqual([...Array(3).fill(`careful: ${b.manifest.task.instruction.length}`), '', '', '']);
    // A context that is not text, or one that throws, ends the episode naming the defense.
    const odd = file(
      'odd-context.mjs',
      `export default { id: 'odd', description: 'd', create: () => ({ context: () => 42, review: () => ({ kind: 'allow' }) }) };`,
    );
    const throwing = file(
      'throwing-context.mjs',
      `export default { id: 't', description: 'd', create: () => ({ context: () => { throw new Error('no words'); }, review: () => ({ kind: 'allow' }) }) };`,
    );
    const ends = await Promise.all(
      [odd, throwing].map(async (d) => (await runBatch([b], { agent, defense: d, seed: 1 })).records[0]?.end),
    );
    expect(ends).toEqual([
      { kind: 'error', reason: `the defense '${odd}' gave a context that is not text` },
      { kind: 'error', reason: `the defense '${throwing}' threw: no words` },
    ]);
  });

  it('each malformed module is a one-line UserError naming the file: missing, syntax error, no default export, wrong shape, privileged agent, create throws or returns no review', async () => {
    const cases: [() => Promise<unknown>, string, RegExp][] = [
      [() => defenseDef(join(dir, 'absent.ts')), 'absent.ts', /does not exist/],
      [() => defenseDef(dir + '/'), dir, /is not a file/],
      [
        () => defenseDef(file('syntax.ts', 'export default {{;')),
        'syntax.ts',
        /could not be loaded: .*syntax\.ts:1:\d+: ERROR/,
      ],
      [
        () => defenseDef(file('syntax.mjs', 'export default {{;')),
        'syntax.mjs',
        /could not be loaded: Unexpected token '\{'/,
      ],
      [
        () => defenseDef(file('top-throws.mjs', 'throw new Error("at load");')),
        'top-throws.mjs',
        /could not be loaded: at load/,
      ],
      [() => defenseDef(file('named.mjs', 'export const d = 1;')), 'named.mjs', /has no default export/],
      [
        () => defenseDef(file('shape.mjs', 'export default { id: "x", description: "d", create: 3 };')),
        'shape.mjs',
        /not a DefenseDef \(create: must be a function\)/,
      ],
      [
        () => defenseDef(file('noid.ts', 'export default { description: "d", create: () => ({}) };')),
        'noid.ts',
        /not a DefenseDef \(id: /,
      ],
      [
        () =>
          agentDef(
            file(
              'priv.mjs',
              'export default { id: "p", description: "d", privileged: true, create: () => ({ act: () => null }) };',
            ),
          ),
        'priv.mjs',
        /cannot be privileged/,
      ],
      [
        async () =>
          (
            await defenseDef(
              file(
                'create-throws.mjs',
                'export default { id: "c", description: "d", create: () => { throw new Error("no way"); } };',
              ),
            )
          ).create({ seed: 1, options: {} }),
        'create-throws.mjs',
        /create\(\) threw: no way/,
      ],
      [
        async () =>
          (
            await defenseDef(file('no-review.mjs', 'export default { id: "c", description: "d", create: () => ({}) };'))
          ).create({ seed: 1, options: {} }),
        'no-review.mjs',
        /create\(\) must return an object with the method review\(\)/,
      ],
      [
        async () =>
          (
            await agentDef(
              file('no-act.mjs', 'export default { id: "c", description: "d", create: () => ({ review() {} }) };'),
            )
          ).create({ seed: 1, options: {}, scenario: 's' }),
        'no-act.mjs',
        /must return an object with the method act\(\)/,
      ],
    ];
    for (const [load, name, problem] of cases) {
      const e = await Promise.resolve()
        .then(load)
        .then(
          () => null,
          (x: unknown) => x,
        );
      expect(e, name).toBeInstanceOf(UserError);
      const message = (e as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toContain(name);
      expect(message).toMatch(problem);
    }
  });

  it('a defense that throws in review mid-run ends that episode as an error naming it; the next episode of the batch scores', async () => {
    // The first instance made throws at its second review; later ones never throw.
    const path = file(
      'flaky.mjs',
      `let made = 0;
      export default { id: 'flaky', description: 'throws once', create: () => { const mine = ++made; let n = 0; return { review: () => { if (mine === 1 && ++n === 2) throw new Error('flaky bug'); return { kind: 'allow' }; } }; } };`,
    );
    const { records } = await runBatch([cookies(), drift()], { agent: 'naive', defense: path, seed: 1 });
    expect(records[0]?.end).toEqual({ kind: 'error', reason: `the defense '${path}' threw: flaky bug` });
    expect(records[0]?.steps).toHaveLength(1);
    expect(records[1]?.end.kind).toBe('answer');
    expect(records.filter((r) => r.end.kind === 'error')).toHaveLength(1);
  });

  it('run.json records the file as given and its sha256; the same run with the file changed, or with other limits, is refused, naming which', async () => {
    const path = file(
      'allow.mjs',
      `export default { id: 'allow', description: 'allows', create: () => ({ review: () => ({ kind: 'allow' }) }) };`,
    );
    const out = join(dir, 'run');
    const config: RunConfig = {
      suite: 'prop',
      patterns: [],
      bundles: null,
      agent: 'naive',
      defense: path,
      seed: 1,
      agentOptions: {},
      defenseOptions: {},
      replay: null,
    };
    await executeRun(config, out, { bundles: [drift()], noCheck: true });
    const held = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunConfig;
    expect(held.defense).toBe(path);
    expect(held.defenseSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(held.agentSha256).toBeUndefined();
    // Other limits are named though the file's hash comes after them in run.json.
    await expect(
      executeRun(config, out, { bundles: [drift()], noCheck: true, limits: { domElements: 200 } }),
    ).rejects.toThrow(
      'already holds a different run (played with other per-episode limits: the defaults, now --max-elements 200)',
    );
    writeFileSync(path, `// changed\n${readFileSync(path, 'utf8')}`);
    await expect(executeRun(config, out, { bundles: [drift()], noCheck: true })).rejects.toThrow(
      `already holds a different run (the defense file ${path} changed since)`,
    );
  });

  it("a demo's run folder names a user's file by its name, never by its path", () => {
    expect(demoFolders({ agent: '../agents/mine.mjs', defense: '/tmp/x/my-defense.ts', seed: 7 }).out).toBe(
      join('runs', 'demo', 'mine-my-defense-s7'),
    );
    expect(demoFolders({ agent: 'naive', defense: 'none', seed: 7 }).out).toBe(join('runs', 'demo', 'naive-none-s7'));
  });
});
