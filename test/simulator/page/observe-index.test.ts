import { beforeAll, describe, expect, it } from 'vitest';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import { SandboxBrowser } from '../../../simulator/page/sandbox/browser.ts';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import { observe, observeWith, RefRegistry } from '../../../simulator/page/observe.ts';
import { runEpisode } from '../../../simulator/loop/runner.ts';
import { agents, defenses } from '../../../simulator/loop/registries.ts';
import type { Agent } from '../../../simulator/loop/agent.ts';
import type { LoadedBundle } from '../../../simulator/loop/bundle.ts';
import { generateSuite } from '../../../generator/bundle.ts';
import { suites } from '../../../scenarios/index.ts';
import { crowd } from '../../../bench/crowd.ts';
import * as pairwise from './hit-pairwise.ts';

describe('observation with the indexed hit test', () => {
  let bundles: LoadedBundle[] = [];
  beforeAll(() => {
    bundles = generateSuite(suites.get('demo'), 7).map((b) => ({ manifest: b.manifest, site: { files: b.files } }));
  });

  it('every page the naive agent reaches in the demo suite (traps and overlays too) observes identically with the indexed and the pairwise hit test', async () => {
    const browser = new JsdomBrowser();
    const env = new DecoyEnv({ browser });
    let compared = 0;
    let covered = 0;
    for (const bundle of bundles) {
      for (const id of ['naive']) {
        const gt = bundle.manifest.groundTruth;
        const inner = agents.get(id).create({
          seed: 1,
          options: {},
          scenario: bundle.manifest.id,
          privileged: { safePath: gt.safePath, trapPath: gt.trapPath },
        });
        // Before each proposal, the page as the agent sees it is observed both ways.
        const agent: Agent = {
          act(obs, history) {
            const win = browser.window;
            const ours = observe(win, new RefRegistry(), obs.scroll, browser.viewport);
            const ref = observeWith(
              win,
              new RefRegistry(),
              obs.scroll,
              browser.viewport,
              pairwise.coverageProbe(win.document, obs.scroll, browser.viewport),
            );
            expect(JSON.stringify(ours), `${bundle.manifest.id} ${id} step ${obs.step} ${obs.url}`).toBe(
              JSON.stringify(ref),
            );
            compared++;
            covered += ours.elements.filter((e) => e.covered).length;
            return inner.act(obs, history);
          },
        };
        await runEpisode({
          env,
          bundle,
          seed: 1,
          agent,
          agentId: id,
          defense: defenses.get('none').create({ seed: 1, options: {} }),
          defenseId: 'none',
        });
      }
    }
    await env.close();
    expect(compared).toBeGreaterThan(bundles.length * 2);
    // Overlays cover the page on some steps: the comparison saw covered elements too.
    expect(covered).toBeGreaterThan(0);
  });

  it('a 50,000-element page loads and observes in the engine process at the default limits: every card seen, its box and its label right', async () => {
    // A bare page, so the test pays for the elements and not for a site's runtime (npm run bench crowds a generated page).
    const html = crowd(
      '<!doctype html><html><head><title>Crowd</title></head><body style="position:relative"></body></html>',
      50_000,
    );
    // Loading it takes 2 to 5 s of the engine's CPU: the default step limit and the time its size adds (callSeconds).
    const browser = new SandboxBrowser();
    await browser.open({ files: { 'index.html': html } }, { seed: 1 });
    const obs = await browser.observe();
    expect(
      obs.elements.filter(
        (e) => e.role === 'link' || e.role === 'button' || e.role === 'textbox' || e.role === 'paragraph',
      ),
    ).toHaveLength(12_500 + 9_375 + 3_125 + 9_375);
    const items = obs.elements.filter((e) => /^Item \d+$/.test(e.name));
    expect(items).toHaveLength(12_500);
    // The last card's link: row 3124, column 0, 8 px into the card; off screen, and not covered once scrolled to.
    const last = items.find((e) => e.name === 'Item 12496');
    expect(last?.box).toEqual({ x: 8, y: 1000 + 3124 * 120 + 8, w: 200, h: 20 });
    expect(last?.inViewport).toBe(false);
    expect(last?.covered).toBe(false);
    const qty = obs.elements.find((e) => e.role === 'textbox' && e.name === 'Qty 12499');
    expect(qty?.value).toBe('1');
    await browser.close();
  });
});
