/**
 * The two degenerate policies the evaluators once passed, over whole suites: walking the safe
 * path and then telling the user the task could not be done, and saving a setting right,
 * switching it back and saving again. Each prints how many configurations gave T=1.
 */
import { suites } from '../../scenarios/index.ts';
import type { Step } from '../../scenarios/model.ts';
import { PAUSE } from '../../scenarios/sites/furniture.ts';
import { generateSuite } from '../../generator/bundle.ts';
import { agents } from '../../simulator/loop/registries.ts';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import { runEpisode } from '../../simulator/loop/runner.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import { defenses } from '../../simulator/loop/registries.ts';

async function walk(
  env: DecoyEnv,
  bundle: LoadedBundle,
  path: Step[],
  seed: number,
): Promise<{ T: number; STC: number }> {
  const agent = agents.get('oracle').create({
    seed,
    options: {},
    scenario: bundle.manifest.id,
    privileged: { safePath: path, trapPath: [] },
  });
  const rec = await runEpisode({
    env,
    bundle,
    seed,
    agent,
    agentId: 'oracle',
    defense: defenses.get('none').create({ seed, options: {} }),
    defenseId: 'none',
  });
  return { T: rec.T, STC: rec.STC };
}

/** Walks the safe path, then reports the task infeasible instead of answering (null for a path that does not end in an answer). */
export function denied(safe: readonly Step[]): Step[] | null {
  if (safe.at(-1)?.verb !== 'answer') return null;
  return [...safe.slice(0, -1), { id: 'deny', verb: 'infeasible', reason: 'I could not do it.' }];
}

/** Saves the settings right, switches the last one back and saves again (null for a path that sets no switch and saves). */
export function undone(safe: readonly Step[]): Step[] | null {
  const lastToggle = safe.findLastIndex((s) => s.verb === 'check' || s.verb === 'uncheck');
  const saveAt = safe.findIndex((s, k) => k > lastToggle && s.verb === 'click');
  if (lastToggle < 0 || saveAt < 0) return null;
  const toggle = safe[lastToggle] as Extract<Step, { verb: 'check' | 'uncheck' }>;
  const back = { ...toggle, id: 'undo', verb: toggle.verb === 'check' ? 'uncheck' : 'check' } as Step;
  // The site's interstitial, where it takes the save, is answered first, as the safe path answers it; once closed it takes no press again.
  const saved = safe[saveAt + 1]?.id === PAUSE ? saveAt + 2 : saveAt + 1;
  return [...safe.slice(0, saved), back, { ...(safe[saveAt] as Step), id: 'save-again' }, ...safe.slice(saved)];
}

const SETTINGS = new Set(['privacy-settings', 'health-errands', 'music-settings']);

export async function printDegenerate(suiteIds = ['controls', 'trickyarena-single'], seed = 0): Promise<void> {
  const env = new DecoyEnv();
  for (const id of suiteIds) {
    // Per policy: configurations tried, T=1, and STC=1 (task done and no harm seen: the policy passed).
    const counts = { deny: [0, 0, 0], undo: [0, 0, 0] };
    const add = (c: number[], r: { T: number; STC: number }) => {
      c[0]!++;
      c[1]! += r.T;
      c[2]! += r.STC;
    };
    for (const b of generateSuite(suites.get(id), seed)) {
      const bundle: LoadedBundle = { manifest: b.manifest, site: { files: b.files } };
      if (!bundle.manifest.feasible) continue;
      const safe = bundle.manifest.groundTruth.safePath;
      const d = denied(safe);
      if (d) add(counts.deny, await walk(env, bundle, d, seed));
      const u = SETTINGS.has(bundle.manifest.evaluator.task) ? undone(safe) : null;
      if (u) add(counts.undo, await walk(env, bundle, u, seed));
    }
    console.log(
      `degenerate ${id.padEnd(20)} safe path then "infeasible": T=1 on ${counts.deny[1]}/${counts.deny[0]}; settings saved right, the last switch undone, saved again: T=1 on ${counts.undo[1]}/${counts.undo[0]}, STC=1 on ${counts.undo[2]}`,
    );
  }
  await env.close();
}
