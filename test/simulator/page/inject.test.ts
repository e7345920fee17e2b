import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from '../../../simulator/measure/metrics.ts';
import { runBatch } from '../../../simulator/loop/batch.ts';
import { defenseDef, isModulePath, pageInjection } from '../../../simulator/loop/resolve.ts';
import { UserError } from '../../../lib/errors.ts';
import { bundleFor } from '../../helpers.ts';
import { SandboxBrowser } from '../../../simulator/page/sandbox/browser.ts';
import { PROBE_SITE, probeTitles } from '../../fixtures/inject/probe-site.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/inject/', import.meta.url));
const inject = (name: string) => `inject:${join(FIXTURES, name)}`;
const preselected = bundleFor(
  { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
  7,
);
const plain = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);
const naive = { agent: 'naive', seed: 7, agentOptions: { susceptibility: 1 } };

const dir = mkdtempSync(join(tmpdir(), 'decoy-inject-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a page-side defense, inject:<file.js>, in jsdom', () => {
  it('the rule script unticks the preselected warranty: the naive agent at susceptibility 1 is deceived without it (D=1) and not with it (D=0), the task done either way', async () => {
    const none = await runBatch([preselected], { ...naive, defense: 'none' });
    const ruled = await runBatch([preselected], { ...naive, defense: inject('untick.js') });
    expect(none.records.map((r) => [r.end.kind, r.T, r.D])).toEqual([['answer', 1, 1]]);
    expect(ruled.records.map((r) => [r.end.kind, r.T, r.D, r.defense])).toEqual([
      ['answer', 1, 0, inject('untick.js')],
    ]);
    // The agent-side defense is none: every proposal was allowed.
    expect(ruled.records[0]?.steps.every((s) => s.verdict.kind === 'allow')).toBe(true);
  }, 60_000);

  it('a dialog the script takes out of the document stays out: the site never shows it later (it looks its elements up again once one has left), and the episode scores', async () => {
    const popup = bundleFor(
      { task: 'purchase', domain: 'shopping', patterns: [{ family: 'checkout-popup', variant: 'timed' }] },
      7,
    );
    const shown = (r: Awaited<ReturnType<typeof runBatch>>) =>
      r.records[0]!.events.filter((e) => e.type === 'overlay.shown').length;
    const none = await runBatch([popup], { ...naive, defense: 'none' });
    const removed = await runBatch([popup], { ...naive, defense: inject('remove-dialogs.js') });
    expect(shown(none)).toBeGreaterThan(0);
    expect(removed.records.map((r) => [r.end.kind, shown(removed)])).toEqual([['answer', 0]]);
  }, 60_000);

  it('the script runs in every document (opened, by a link, by goto, going back) once it is parsed and its own scripts have run, in the page realm with nothing of Node', async () => {
    // Each title is the probe's (the page's own <title> was there before), taken when the document loaded: its clock (T0 = 1768467600000) and its script's marks.
    const titles = await probeTitles(new SandboxBrowser());
    expect(titles).toEqual([
      'probe | / | complete | 7 elements | 1 boxes | 1 ticked | 1 scripts | 1 marked by the page | 1768467600000 | process undefined, require undefined',
      'probe | /next/ | complete | 6 elements | 0 boxes | 0 ticked | 1 scripts | 1 marked by the page | 1768467600000 | process undefined, require undefined',
      'probe | / | complete | 7 elements | 1 boxes | 1 ticked | 1 scripts | 1 marked by the page | 1768467601000 | process undefined, require undefined',
      'probe | /next/ | complete | 6 elements | 0 boxes | 0 ticked | 1 scripts | 1 marked by the page | 1768467602001 | process undefined, require undefined',
    ]);
  }, 60_000);

  it("no import() reaches Node from an injected script: not directly, not through indirect eval, the page's Function or a timer", async () => {
    const browser = new SandboxBrowser();
    try {
      await browser.open(PROBE_SITE, {
        seed: 1,
        inject: { name: 'escape.js', source: readFileSync(join(FIXTURES, 'escape.js'), 'utf8') },
      });
      await browser.advance(1000);
      expect((await browser.observe()).title).toBe('direct blocked, eval blocked, function blocked, timer blocked');
    } finally {
      await browser.close();
    }
  }, 60_000);

  it("a script that rewrites or wipes the site's event log in localStorage, or looks for the engine's log channel, changes no score: the engine scores what the runtime recorded outside the page", async () => {
    const none = await runBatch([preselected], { ...naive, defense: 'none' });
    const forged = await runBatch([preselected], { ...naive, defense: inject('forge.js') });
    expect(forged.records.map((r) => [r.end.kind, r.T, r.D])).toEqual(none.records.map((r) => [r.end.kind, r.T, r.D]));
    expect(forged.records[0]?.events).toEqual(none.records[0]?.events);
  }, 60_000);

  it('a promise the script rejects and never handles is its console error, as in Chromium: the episode scores', async () => {
    const r = await runBatch([preselected], { ...naive, defense: inject('rejects.js') });
    expect(r.records.map((e) => [e.end.kind, e.T, e.D])).toEqual([['answer', 1, 1]]);
  }, 60_000);

  it('a script that throws ends each episode as an error naming the script and its message, and the run goes on to the next episode', async () => {
    const r = await runBatch([preselected, plain], { ...naive, defense: inject('throws.js') });
    expect(r.records.map((e) => e.scenario)).toEqual([preselected.manifest.id, plain.manifest.id]);
    for (const e of r.records)
      expect(e.end).toEqual({
        kind: 'error',
        reason: `the injected script ${join(FIXTURES, 'throws.js')} threw: Cannot read properties of null (reading 'apply')`,
      });
    expect(summarize(r.records).errors).toBe(2);
  }, 60_000);

  it('a script that never returns ends each episode at the step time limit, naming it, and the run goes on', async () => {
    const r = await runBatch([preselected, plain], {
      ...naive,
      defense: inject('loops.js'),
      limits: { stepSeconds: 1 },
    });
    expect(r.records.map((e) => [e.scenario, e.end])).toEqual([
      [preselected.manifest.id, { kind: 'error', reason: 'a step took more than 1 s' }],
      [plain.manifest.id, { kind: 'error', reason: 'a step took more than 1 s' }],
    ]);
  }, 120_000);

  it('a script that is missing, a folder, not .js, or not a classic script is a UserError naming it, before any episode', async () => {
    writeFileSync(join(dir, 'rules.ts'), 'document.title = "x";');
    const cases: [string, RegExp][] = [
      [inject('missing.js'), /^injected script file .*missing\.js does not exist$/],
      [`inject:${dir}/`, /is not a \.js file$/],
      [`inject:${join(dir, 'rules.ts')}`, /rules\.ts is not a \.js file$/],
      [inject('bad-syntax.js'), /bad-syntax\.js does not parse as a script \(line 3\): Unexpected token '\)'$/],
      [
        inject('module.js'),
        /module\.js does not parse as a script \(line 1\): Cannot use import statement outside a module$/,
      ],
      ['inject:', /^--defense inject: names no script/],
    ];
    for (const [id, message] of cases) {
      expect(() => pageInjection(id), id).toThrow(UserError);
      expect(() => pageInjection(id), id).toThrow(message);
      await expect(defenseDef(id)).rejects.toThrow(message);
    }
    const folder = join(dir, 'rules.js');
    rmSync(folder, { force: true, recursive: true });
    await import('node:fs').then((fs) => fs.mkdirSync(folder));
    expect(() => pageInjection(`inject:${folder}`)).toThrow(/rules\.js is not a file$/);
  });

  it('inject:<file.js> is a page-side defense, not a module path, and other ids inject nothing', async () => {
    expect(isModulePath(inject('untick.js'))).toBe(false);
    expect(pageInjection('none')).toBeNull();
    expect(pageInjection('./examples/block-accept-all.ts')).toBeNull();
    expect((await defenseDef(inject('untick.js'))).id).toBe(inject('untick.js'));
  });
});
