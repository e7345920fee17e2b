import { fuzzEngines } from './harness/fuzz/engine-search.ts';
import { findChromium } from './simulator/page/engine/chromium.ts';
const t0 = performance.now();
const r = await fuzzEngines({ executable: findChromium(), seed: 1, runs: 16, shrinkLimit: 20, workers: 2 });
console.log(JSON.stringify({ ...r, classes: r.classes.map((c) => ({ key: c.key, cases: c.cases, detail: c.shrunk.failure.detail, shrunk: c.shrunk.case, path: c.shrunk.path })) }).slice(0, 3000));
console.log((performance.now() - t0) / 1000);
