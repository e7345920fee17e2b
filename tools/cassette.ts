/**
 * npm run cassette: records examples/cassettes/demo.jsonl, the cassette a fresh clone replays
 * (`decoy run --agent openai --cassette … --llm-mode replay`). It is recorded from decoy's own
 * scripted test server (test/llm/), whose policy follows the bundles' trap and safe paths: a
 * test of the plumbing, never evidence about how an agent or a defense fares against a model.
 * test/simulator/llm/shipped-cassette.test.ts fails while the cassette no longer replays (a
 * change to a prompt, the snapshot or the demo suite); this records it again.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { executeRun } from '../harness/run.ts';
import { loadBundles, runSource } from '../harness/select.ts';
import type { RunConfig } from '../harness/run-folder.ts';
import { startServer } from '../test/llm/server.ts';
import { browsingPolicy } from '../test/llm/browsing.ts';
import { bothParties, defendingPolicy } from '../test/llm/defending.ts';

/** What the README's replay commands name: the file, the suite's seed, the models, the defenses recorded. */
export const SHIPPED = {
  file: 'examples/cassettes/demo.jsonl',
  seed: 7,
  /** One family's configurations keep the file small (every call holds its whole prompt). */
  patterns: ['warranty-addon'],
  agentModel: 'scripted-browser',
  defenseModel: 'scripted-defender',
  defenses: ['none', 'intervene-llm'],
  fallsFor: ['cookie-trap', 'warranty-addon', 'preselected-consent', 'price-drift'],
} as const;

const ROOT = fileURLToPath(new URL('../', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const config = (defense: string, url: string): RunConfig => ({
    suite: 'demo',
    patterns: [...SHIPPED.patterns],
    bundles: null,
    agent: 'openai',
    defense,
    seed: SHIPPED.seed,
    agentOptions: { model: SHIPPED.agentModel, base_url: url },
    defenseOptions: defense === 'none' ? {} : { model: SHIPPED.defenseModel, base_url: url },
    replay: null,
  });
  // The bundles `decoy run --suite demo --seed 7 --pattern warranty-addon` plays.
  const bundles = loadBundles(runSource(config('none', '')));
  const server = await startServer(bothParties(browsingPolicy(bundles, SHIPPED.fallsFor), defendingPolicy(bundles)));
  const file = join(ROOT, SHIPPED.file);
  rmSync(file, { force: true });
  try {
    for (const defense of SHIPPED.defenses) {
      const out = join(ROOT, 'runs', 'cassette', defense);
      rmSync(out, { recursive: true, force: true });
      const r = await executeRun(config(defense, server.url), out, {
        bundles,
        llm: { cassette: file, mode: 'record' },
      });
      console.log(r.table);
    }
  } finally {
    await server.close();
  }
  console.log(`wrote ${SHIPPED.file}`);
}
