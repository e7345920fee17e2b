import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decoyIn } from '../helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-experience-cli-'));
const decoy = (...args: string[]) => decoyIn(dir, ...args);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decoy experience', () => {
  it('learns from a small ruc sample: the curve printed with its stop and best, the files written', async () => {
    const args = [
      'experience',
      '--suite',
      'ruc',
      '--normal',
      '3',
      '--deceptive',
      '3',
      '--iterations',
      '1',
      '--out',
      'out',
    ];
    const r = await decoy(...args);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(
      /^defense 'gate' · suite ruc \(seed 7\) · summarizer rule: \d+ training and \d+ validation samples/m,
    );
    expect(r.out).toMatch(/^iteration\s+lessons\s+F\s+train pass %\s+valid pass %\s+valid reward\s+valid fatal %$/m);
    expect(r.out).toMatch(/^stopped: /m);
    expect(r.out).toMatch(/^best: iteration \d, validation pass rate [\d.]+% against [\d.]+% with no lessons/m);
    const files = readdirSync(join(dir, 'out')).sort();
    expect(files).toEqual(expect.arrayContaining(['curve.json', 'curve.svg', 'lessons-00.txt', 'lessons.txt']));
    const curve = JSON.parse(readFileSync(join(dir, 'out', 'curve.json'), 'utf8'));
    expect(curve.config).toMatchObject({
      suite: 'ruc',
      seed: 7,
      defense: 'gate',
      summarizer: 'rule',
      iterations: 1,
      batch: 15,
      anchors: 5,
    });
  }, 300_000);

  it('bad input is one line and exit 2, before any sample is drawn; a foreign --out is left as it was', async () => {
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine', 'notes.txt'), 'keep');
    const base = ['experience', '--suite', 'ruc', '--normal', '3', '--deceptive', '3'];
    const cases: [string[], RegExp][] = [
      [[...base, '--out', 'x', '--summarizer-opt', 'model=m'], /summarizer 'rule' has no option 'model'\n$/],
      [[...base, '--out', 'x', '--summarizer', 'llm'], /--summarizer llm needs a model/],
      [[...base, '--out', 'x', '--summarizer', 'gpt'], /--summarizer: rule or llm/],
      [[...base, '--out', 'x', '--defense', 'none'], /defense 'none' takes no lessons option/],
      [[...base, '--out', 'x', '--defense-opt', 'lessons=a.txt'], /experience writes the lessons itself/],
      [[...base, '--out', 'x', '--llm-mode', 'replay'], /--llm-mode replay needs --cassette/],
      [['experience', '--suite', 'demo', '--out', 'x'], /suite 'demo' has no click samples/],
      [[...base, '--out', 'mine'], /holds something other than an experience/],
    ];
    for (const [args, message] of cases) {
      const r = await decoy(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.err, args.join(' ')).toMatch(message);
    }
    expect(readdirSync(join(dir, 'mine'))).toEqual(['notes.txt']);
  });
});
