// In-process episodes (no sandbox) over a suite: ms/step, for profiling with --cpu-prof.
import { suites } from './scenarios/index.ts';
import { generateSuite } from './generator/bundle.ts';
import { generated } from './harness/select.ts';
import { DecoyEnv } from './simulator/loop/env.ts';
import { runEpisode } from './simulator/loop/runner.ts';
import { agents, defenses } from './simulator/loop/registries.ts';
import { episodeSeed } from './scenarios/rng.ts';
const suite = suites.get(process.env.SUITE ?? 'trickyarena-single');
const bundles = generated(generateSuite(suite, 7));
const env = new DecoyEnv();
const agentId = process.env.AGENT ?? 'naive';
const defenseId = process.env.DEFENSE ?? 'none';
for (let pass = 0; pass < Number(process.env.PASSES ?? 2); pass++) {
  const t = performance.now();
  let steps = 0;
  for (const bundle of bundles) {
    const seed = episodeSeed(7, bundle.manifest.id);
    const agent = agents.get(agentId).create({ seed, options: {}, scenario: bundle.manifest.id, privileged: { safePath: bundle.manifest.groundTruth.safePath, trapPath: bundle.manifest.groundTruth.trapPath } });
    const defense = defenses.get(defenseId).create({ seed, options: {} });
    const r = await runEpisode({ env, bundle, seed, agent, agentId, defense, defenseId });
    steps += r.steps.length;
  }
  const s = performance.now() - t;
  console.log(`pass ${pass}: ${bundles.length} episodes ${steps} steps ${(s / 1000).toFixed(2)} s ${(s / steps).toFixed(1)} ms/step ${(bundles.length / (s / 1000)).toFixed(1)} ep/s`);
}
