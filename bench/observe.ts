/**
 * Observation cost against page size: a generated page crowded to 8,000 and 50,000
 * elements, and one with 2,000 buttons piled on one box (bench/crowd.ts), observed first and again (warm) by the engine as `decoy run`
 * uses it: in the engine process (simulator/sandbox). Wall time, and the engine process's
 * CPU time, as a shared machine makes wall time alone say little; the wall time includes
 * sending the observation back to the run.
 */
import { pathToFileURL } from 'node:url';
import { suites } from '../scenarios/index.ts';
import { generateBundle } from '../generator/bundle.ts';
import { SandboxBrowser } from '../simulator/page/sandbox/browser.ts';
import { engineProcess } from '../simulator/page/sandbox/process.ts';
import { crowd, pile } from './crowd.ts';

/** The pages: how each is made from a generated page, and what it is called in the figures. */
const PAGES = { crowded: crowd, piled: pile } as const;

export async function printObserve(
  sizes: readonly number[] = [8_000, 50_000],
  piled: readonly number[] = [2_000],
): Promise<void> {
  const suite = suites.get('demo');
  const [spec] = suite.scenarios();
  if (!spec) throw new Error('the demo suite has no configuration');
  const files = generateBundle(suite, spec, 7).files;
  // Limits wide enough that only the figures matter here.
  const browser = new SandboxBrowser({ stepSeconds: 120 });
  const engine = engineProcess(browser.limits.memoryMb);
  const pages = [...sizes.map((n) => ['crowded', n] as const), ...piled.map((n) => ['piled', n] as const)];
  for (const [shape, n] of pages) {
    await browser.open({ files: { ...files, 'index.html': PAGES[shape](files['index.html'] ?? '', n) } }, { seed: 7 });
    const figures: string[] = [];
    let observed = 0;
    for (const pass of ['first', 'warm']) {
      const cpu = engine.cpuSeconds();
      const t = performance.now();
      observed = (await browser.observe()).elements.length;
      const ms = performance.now() - t;
      const used = engine.cpuSeconds();
      const cpuMs = cpu === null || used === null ? '' : ` (CPU ${((used - cpu) * 1000).toFixed(0)} ms)`;
      figures.push(`${pass} ${ms.toFixed(0)} ms${cpuMs}`);
    }
    console.log(`observe   ${String(n).padStart(6)} elements ${shape} in: ${figures.join(', ')}; ${observed} observed`);
  }
  await browser.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  // Sizes given: crowded pages of those sizes alone.
  await printObserve(sizes.length > 0 ? sizes : undefined, sizes.length > 0 ? [] : undefined);
}
