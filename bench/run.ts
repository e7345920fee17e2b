/** npm run bench: page density over every suite, observation of crowded pages, then throughput and memory of the simulator on the demo suite, printed. */
import { suites } from '../scenarios/index.ts';
import { printDensity } from './density.ts';
import { printObserve } from './observe.ts';
import { generateSuite } from '../generator/bundle.ts';
import { runBatch } from '../simulator/loop/batch.ts';

const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const suite = suites.get('demo');

printDensity(7);
await printObserve();

let t = performance.now();
const generated = generateSuite(suite, 7);
const genMs = performance.now() - t;
const bundles = generated.map((b) => ({ manifest: b.manifest, site: { files: b.files } }));
const bytes = generated.reduce((s, b) => s + (b.files['index.html']?.length ?? 0), 0);
console.log(
  `generate  ${bundles.length} bundles in ${genMs.toFixed(0)} ms (${(genMs / bundles.length).toFixed(1)} ms each, mean page ${(bytes / bundles.length / 1024).toFixed(1)} KB)`,
);

let peak = process.memoryUsage().rss;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
for (const agent of ['naive', 'oracle', 'random']) {
  let episodes = 0;
  let steps = 0;
  t = performance.now();
  for (let pass = 0; pass < PASSES; pass++) {
    const { records } = await runBatch(bundles, { agent, defense: 'none', seed: 7 + pass });
    episodes += records.length;
    steps += records.reduce((s, r) => s + r.steps.length, 0);
  }
  const s = (performance.now() - t) / 1000;
  console.log(
    `run       agent ${agent.padEnd(6)} ${episodes} episodes, ${steps} steps in ${s.toFixed(2)} s: ${(episodes / s).toFixed(1)} episodes/s, ${((s * 1000) / steps).toFixed(1)} ms/step`,
  );
}
clearInterval(timer);
console.log(`memory    peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`);

const { printTargets } = await import('./targets.ts');
await printTargets();
