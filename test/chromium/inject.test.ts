import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBatch } from '../../simulator/loop/batch.ts';
import { ChromiumBrowser, findChromium } from '../../simulator/page/engine/chromium.ts';
import { JsdomBrowser } from '../../simulator/page/engine/jsdom.ts';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import { conformBundle, conforms } from '../../simulator/measure/conform.ts';
import { pageInjection } from '../../simulator/loop/resolve.ts';
import { bundleFor } from '../helpers.ts';
import { probeTitles } from '../fixtures/inject/probe-site.ts';
import { chromiumOrSkip } from './browser.ts';

const have = chromiumOrSkip();
const FIXTURES = fileURLToPath(new URL('../fixtures/inject/', import.meta.url));
const inject = (name: string) => `inject:${join(FIXTURES, name)}`;
const preselected = bundleFor(
  { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
  7,
);
const plain = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);
const naive = { agent: 'naive', seed: 7, agentOptions: { susceptibility: 1 } };

describe.skipIf(!have.ok)(`a page-side defense in Chromium ${have.why}`, () => {
  const chromium = () => ({ kind: 'chromium' as const, executable: findChromium() });

  it('the injected script sees the same document at the same moment as in jsdom: the same probe title on every document, opened, by a link, by goto and going back', async () => {
    const inJsdom = await probeTitles(new JsdomBrowser());
    const inChromium = await probeTitles(new ChromiumBrowser());
    expect(inJsdom).toHaveLength(4);
    expect(inChromium).toEqual(inJsdom);
  }, 60_000);

  it('the rule script unticks the preselected warranty in Chromium too: D=1 without it, D=0 with it, the task done either way', async () => {
    const none = await runBatch([preselected], { ...naive, defense: 'none', engine: chromium() });
    const ruled = await runBatch([preselected], { ...naive, defense: inject('untick.js'), engine: chromium() });
    expect(none.records.map((r) => [r.end.kind, r.T, r.D])).toEqual([['answer', 1, 1]]);
    expect(ruled.records.map((r) => [r.end.kind, r.T, r.D])).toEqual([['answer', 1, 0]]);
  }, 120_000);

  it('an injected run conforms: the oracle, the trap path and a random agent give the same proposals, event log and T/D in both engines with the rule script', async () => {
    const page = pageInjection(inject('untick.js'));
    const browser = new ChromiumBrowser();
    const engines = {
      jsdom: new DecoyEnv({ inject: page }),
      chromium: new DecoyEnv({ browser, inject: page }),
      browser,
    };
    try {
      for (const bundle of [preselected, plain]) {
        const rows = await conformBundle(bundle, engines, 1);
        expect(rows.filter((r) => !conforms(r)).map((r) => `${r.scenario} ${r.sequence}: ${r.detail}`)).toEqual([]);
      }
    } finally {
      await browser.close();
    }
  }, 180_000);

  it("a script that rewrites the site's event log or looks for the engine's log channel changes no score in Chromium either", async () => {
    const none = await runBatch([preselected], { ...naive, defense: 'none', engine: chromium() });
    const forged = await runBatch([preselected], { ...naive, defense: inject('forge.js'), engine: chromium() });
    expect(forged.records.map((r) => [r.end.kind, r.T, r.D])).toEqual([['answer', 1, 1]]);
    expect(forged.records[0]?.events).toEqual(none.records[0]?.events);
  }, 120_000);

  it('a script that throws ends each Chromium episode with the reason jsdom gives, and the run goes on', async () => {
    const r = await runBatch([preselected, plain], { ...naive, defense: inject('throws.js'), engine: chromium() });
    const reason = `the injected script ${join(FIXTURES, 'throws.js')} threw: Cannot read properties of null (reading 'apply')`;
    expect(r.records.map((e) => e.end)).toEqual([
      { kind: 'error', reason },
      { kind: 'error', reason },
    ]);
  }, 120_000);

  it('a script that never returns ends each Chromium episode at the step time limit, and the run goes on', async () => {
    const r = await runBatch([preselected, plain], {
      ...naive,
      defense: inject('loops.js'),
      engine: chromium(),
      limits: { stepSeconds: 2 },
    });
    expect(r.records.map((e) => e.end)).toEqual([
      { kind: 'error', reason: 'a step took more than 2 s' },
      { kind: 'error', reason: 'a step took more than 2 s' },
    ]);
  }, 120_000);
});
