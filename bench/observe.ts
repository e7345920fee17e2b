/**
 * Observation cost against page size: a generated page crowded to 8,000 and 50,000
 * elements (bench/crowd.ts), observed once in jsdom. Wall time and this process's CPU time,
 * as a shared machine makes wall time alone say little.
 */
import { suites } from '../scenarios/index.ts';
import { generateBundle } from '../generator/bundle.ts';
import { JsdomBrowser } from '../simulator/engine/jsdom.ts';
import { crowd } from './crowd.ts';

export async function printObserve(sizes: readonly number[] = [8_000, 50_000]): Promise<void> {
  const suite = suites.get('demo');
  const [spec] = suite.scenarios();
  if (!spec) throw new Error('the demo suite has no configuration');
  const files = generateBundle(suite, spec, 7).files;
  const browser = new JsdomBrowser();
  for (const n of sizes) {
    await browser.open({ files: { ...files, 'index.html': crowd(files['index.html'] ?? '', n) } }, { seed: 7 });
    const count = browser.window.document.getElementsByTagName('*').length;
    const cpu = process.cpuUsage();
    const t = performance.now();
    const obs = await browser.observe();
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu);
    console.log(`observe   ${String(count).padStart(6)} elements: ${ms.toFixed(0)} ms (CPU ${((used.user + used.system) / 1000).toFixed(0)} ms), ${obs.elements.length} observed`);
  }
  await browser.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await printObserve(process.argv.slice(2).map(Number).filter((n) => n > 0).length ? process.argv.slice(2).map(Number) : undefined);
