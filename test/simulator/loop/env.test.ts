import { mainItem } from '../../../scenarios/goals.ts';
import { describe, expect, it } from 'vitest';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import { executeAction, parseAction } from '../../../simulator/loop/actions.ts';
import { bundleFor } from '../../helpers.ts';
import { centre } from '../../../simulator/page/dom/geometry.ts';

describe('environment and actions on generated sites', () => {
  it('an element under a modal is not hit: click(ref) names the cover, mouse_click lands on the overlay', async () => {
    const env = new DecoyEnv();
    const bundle = bundleFor(
      { task: 'purchase', domain: 'shopping', patterns: [{ family: 'cookie-trap', variant: 'modal' }] },
      5,
    );
    let { observation } = await env.reset({ bundle, seed: 1 });
    observation = (await env.step('noop(3000)')).observation;
    const name = mainItem(bundle.manifest.task.goal, 'test').name;
    const link = observation.elements.find((e) => e.role === 'link' && e.name === name);
    expect(link?.covered).toBe(true);
    const r = await env.step(`click('${link?.ref}')`);
    expect(r.observation.last_action_error).toMatch(/is covered by (dialog|generic)/);
    const p = centre(link?.box as { x: number; y: number; w: number; h: number });
    const m = await env.step(`mouse_click(${p.x}, ${p.y})`);
    expect(new URL(m.observation.url).pathname).toBe('/');
    await env.close();
  });

  it('go_back returns along History-API routes and the site logs the navigation', async () => {
    const env = new DecoyEnv();
    const bundle = bundleFor({ task: 'find-author', domain: 'news', patterns: [] }, 9);
    const { observation } = await env.reset({ bundle, seed: 1 });
    const first = bundle.manifest.groundTruth.safePath[0];
    const title = first && 'target' in first && 'name' in first.target ? first.target.name : '';
    const link = observation.elements.find((e) => e.role === 'link' && e.name === title);
    const opened = await env.step(`click('${link?.ref}')`);
    expect(opened.observation.url).toMatch(/\/article\//);
    const back = await env.step('go_back()');
    expect(new URL(back.observation.url).pathname).toBe('/');
    const events = (await env.outcome(null)).events.filter((e) => e.type === 'nav');
    expect(events.map((e) => e.to)).toEqual([new URL(opened.observation.url).pathname, '/']);
    await env.close();
  });

  it('scroll moves non-fixed boxes and clamps at the ends; select_option picks by value or label', async () => {
    const tall = `<!doctype html><body style="position:relative"><main style="position:absolute;left:0px;top:0px;width:800px;height:2000px">
      <select id="s" aria-label="Delivery" style="position:absolute;left:0px;top:1500px;width:200px;height:30px"><option value="std">Standard</option><option value="exp">Express</option></select>
    </main></body>`;
    const b = new JsdomBrowser();
    await b.open({ files: { 'index.html': tall } }, { seed: 1 });
    let obs = await b.observe();
    const sel = obs.elements.find((e) => e.role === 'combobox');
    expect(sel?.box?.y).toBe(1500);
    expect(sel?.inViewport).toBe(false);
    await executeAction({ browser: b, observation: obs }, parseAction('scroll(0, 600)'));
    obs = await b.observe();
    expect(obs.scroll.y).toBe(600);
    expect(obs.elements.find((e) => e.role === 'combobox')?.box?.y).toBe(900);
    await executeAction({ browser: b, observation: obs }, parseAction('scroll(0, 5000)'));
    expect((await b.observe()).scroll.y).toBe(1200);
    const ok = await executeAction(
      { browser: b, observation: obs },
      parseAction(`select_option('${sel?.ref}', 'Express')`),
    );
    expect(ok.error).toBeUndefined();
    expect((b.window.document.getElementById('s') as HTMLSelectElement).value).toBe('exp');
    const bad = await executeAction(
      { browser: b, observation: obs },
      parseAction(`select_option('${sel?.ref}', 'Drone')`),
    );
    expect(bad.error).toMatch(/has no option 'Drone'/);
    await b.close();
  });

  it('fill puts the value into a text field and refuses anything else', async () => {
    const env = new DecoyEnv();
    const bundle = bundleFor({ task: 'signup', domain: 'health', patterns: [] }, 2);
    let { observation } = await env.reset({ bundle, seed: 1 });
    const nav = observation.elements.find((e) => e.role === 'link' && /account|sign up|register/i.test(e.name));
    observation = (await env.step(`click('${nav?.ref}')`)).observation;
    const box = observation.elements.find((e) => e.role === 'textbox');
    const filled = await env.step(`fill('${box?.ref}', 'Grace Hoffmann')`);
    expect(filled.observation.elements.find((e) => e.ref === box?.ref)?.value).toBe('Grace Hoffmann');
    const button = filled.observation.elements.find((e) => e.role === 'button');
    const wrong = await env.step(`fill('${button?.ref}', 'x')`);
    expect(wrong.observation.last_action_error).toMatch(/is not a text field/);
    await env.close();
  });
});
