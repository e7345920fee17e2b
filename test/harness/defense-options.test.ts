import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { optionsByDefense, optionsOfDefense, splitDefenseOptions } from '../../harness/defense-options.ts';
import { decoyIn } from '../helpers.ts';

const SMALL = ['--suite', 'demo', '--pattern', 'preselected-consent', '--no-check'];
const LESSON = 'gate:lessons=deceptive: nothing here';

let dir = '';
let mine = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-defense-opt-'));
  mine = join(dir, 'mine.mjs');
  writeFileSync(
    mine,
    `export default { id: 'mine', description: 'allows all', options: [{ name: 'lessons', description: 'kept' }], create: () => ({ review: () => ({ kind: 'allow' }) }) };\n`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (...p: string[]) => JSON.parse(readFileSync(join(dir, ...p), 'utf8'));
/** decoy compare of none and gate on the small suite into `out`, with more flags. */
const compareNoneAndGate = (out: string, ...more: string[]) =>
  decoyIn(dir, 'compare', ...SMALL, '--defenses', 'none,gate', ...more, '--out', out);

describe('--defense-opt per defense', () => {
  it('gives d:key=value to the defense d only (by its name as given or its folder), key=value to every defense that declares it, the own one winning', async () => {
    expect(
      await optionsByDefense(['none', 'gate', mine], {
        lessons: 'all',
        'gate:lessons': 'gate only',
        'mine:lessons': 'mine',
      }),
    ).toEqual([{}, { lessons: 'gate only' }, { lessons: 'mine' }]);
    expect(await optionsByDefense(['gate', mine], { [`${mine}:lessons`]: 'by path' })).toEqual([
      {},
      { lessons: 'by path' },
    ]);
    expect(splitDefenseOptions(['inject:x.js'], { 'inject:x.js:k': 1 }).own).toEqual([{ k: 1 }]);
    expect(optionsOfDefense('gate', { 'gate:lessons': 'a', model: 'm' })).toEqual({ model: 'm', lessons: 'a' });
  });

  it('refuses, in one line, a prefix naming none of the defenses and an option its defense does not declare', async () => {
    await expect(optionsByDefense(['none', 'gate'], { 'screen:lessons': 'x' })).rejects.toThrow(
      /^--defense-opt 'screen:lessons': 'screen' names none of the defenses given \(none, gate\)$/,
    );
    await expect(optionsByDefense(['none', 'gate'], { 'none:lessons': 'x' })).rejects.toThrow(
      /^--defense-opt 'none:lessons': defense 'none' has no option 'lessons'$/,
    );
    // Named as --defenses gives it, which the user can type again: not its folder's name (inject-x).
    writeFileSync(join(dir, 'x.js'), 'document.title;\n');
    await expect(optionsByDefense(['none', `inject:${dir}/x.js`], { 'inject-x:k': 1 })).rejects.toThrow(
      /^--defense-opt 'inject:\/[^']*\/x\.js:k': defense 'inject:\/[^']*\/x\.js' has no option 'k'$/,
    );
    await expect(optionsByDefense(['none', 'gate'], { 'gate:': 'x' })).rejects.toThrow(
      /names no option after the colon/,
    );
    expect(() => optionsOfDefense('gate', { 'warn:lessons': 'x' })).toThrow(
      /'warn' names none of the defenses given \(gate\)/,
    );
  });

  it("compare records each defense's share in its run.json, the options as given in compare.json, and refuses to resume with other options", async () => {
    const args = [...SMALL, '--defenses', 'none,gate', '--out', 'cmp'];
    const r = await decoyIn(dir, 'compare', ...args, '--defense-opt', LESSON);
    expect(r.code, r.err).toBe(0);
    expect(read('cmp', 'none', 'run.json').defenseOptions).toEqual({});
    expect(read('cmp', 'gate', 'run.json').defenseOptions).toEqual({ lessons: 'deceptive: nothing here' });
    expect(read('cmp', 'compare.json').config.defenseOptions).toEqual({ 'gate:lessons': 'deceptive: nothing here' });
    const other = await decoyIn(dir, 'compare', ...args, '--defense-opt', 'gate:lessons=deceptive: else');
    expect(other.code).toBe(2);
    expect(other.err).toMatch(
      /^decoy compare: cmp\/gate already holds a different run \(defenseOptions\.lessons: "deceptive: nothing here" there, "deceptive: else" now\); choose another --out or remove it\n$/,
    );
    for (const [opt, message] of [
      [
        'screen:lessons=x',
        /^decoy compare: --defense-opt 'screen:lessons': 'screen' names none of the defenses given \(none, gate\)\n$/,
      ],
      ['none:lessons=x', /^decoy compare: --defense-opt 'none:lessons': defense 'none' has no option 'lessons'\n$/],
    ] as const) {
      const bad = await compareNoneAndGate('never', '--defense-opt', opt);
      expect(bad.code, bad.err).toBe(2);
      expect(bad.err).toMatch(message);
      // Refused before the suite is generated, which for a large one takes seconds.
      expect(bad.progress).toEqual([]);
    }
    expect(readdirSync(dir)).not.toContain('never');
  }, 120_000);

  it('compare into a folder that holds a run of a defense no longer compared says so, and leaves it as it was', async () => {
    const r = await compareNoneAndGate('again', '--defense-opt', LESSON);
    expect(r.code, r.err).toBe(0);
    const gate = readFileSync(join(dir, 'again', 'gate', 'episodes.jsonl'), 'utf8');
    const other = await decoyIn(dir, 'compare', ...SMALL, '--defenses', 'none,warn', '--out', 'again');
    expect(other.code, other.err).toBe(0);
    expect(other.err).toBe(
      'decoy compare: again/gate holds a run of a defense not among --defenses; it is left as it was, outside compare.json\n',
    );
    expect(readFileSync(join(dir, 'again', 'gate', 'episodes.jsonl'), 'utf8')).toBe(gate);
    expect(read('again', 'compare.json').defenses.map((d: { id: string }) => d.id)).toEqual(['none', 'warn']);
  }, 120_000);

  it('run, assess and mcp take the prefixed form for their one defense, and refuse a prefix naming another', async () => {
    const r = await decoyIn(dir, 'run', ...SMALL, '--defense', 'gate', '--defense-opt', LESSON, '--out', 'one');
    expect(r.code, r.err).toBe(0);
    expect(read('one', 'run.json').defenseOptions).toEqual({ lessons: 'deceptive: nothing here' });
    const bad = await decoyIn(dir, 'run', ...SMALL, '--defense', 'warn', '--defense-opt', LESSON, '--out', 'never');
    expect(bad.err).toMatch(
      /^decoy run: --defense-opt 'gate:lessons': 'gate' names none of the defenses given \(warn\)\n$/,
    );
    for (const opt of [
      ['--defense-opt', 'lessons=x'],
      ['--opt', 'nerve=1'],
    ]) {
      const refused = await decoyIn(dir, 'run', ...SMALL.filter((a) => a !== '--no-check'), ...opt, '--out', 'never');
      expect(refused.err).toMatch(/^decoy run: (defense 'none'|agent 'naive') has no option '(lessons|nerve)'/);
      // Refused before the suite is generated, which for a large one takes seconds.
      expect(refused.progress).toEqual([]);
    }
    for (const command of [
      ['assess', '--suite', 'ruc', '--defense', 'warn', '--out', 'never'],
      ['mcp', '--suite', 'demo', '--defense', 'warn', '--out', 'never'],
    ]) {
      const refused = await decoyIn(dir, ...command, '--defense-opt', LESSON);
      expect(refused.code, refused.err).toBe(2);
      expect(refused.err).toMatch(/--defense-opt 'gate:lessons': 'gate' names none of the defenses given \(warn\)\n$/);
    }
    expect(readdirSync(dir)).not.toContain('never');
  }, 60_000);

  it('a lessons file is kept in run.json by the hash of its content: rewritten under the same name, it is another run, refused in the same folder', async () => {
    writeFileSync(join(dir, 'l.txt'), 'deceptive: nothing here\n');
    const args = ['run', ...SMALL, '--defense', 'gate', '--defense-opt', 'lessons=l.txt', '--out', 'filed'];
    const r = await decoyIn(dir, ...args);
    expect(r.code, r.err).toBe(0);
    const first = read('filed', 'run.json');
    expect(first.defenseOptionsSha256.lessons).toMatch(/^[0-9a-f]{64}$/);
    expect((await decoyIn(dir, ...args)).code).toBe(0);
    writeFileSync(join(dir, 'l.txt'), 'deceptive: something else\n');
    const again = await decoyIn(dir, ...args);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/^decoy run: filed already holds a different run \(defenseOptionsSha256\.lessons: /);
    expect(read('filed', 'run.json')).toEqual(first);
    // Lessons given inline are in run.json as they are: nothing to hash.
    expect(read('one', 'run.json')).not.toHaveProperty('defenseOptionsSha256');
  }, 60_000);
});
