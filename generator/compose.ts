import type { PathEdit, Step, ScenarioSpec, SiteSpec, SuiteDef, TaskInstance } from '../scenarios/model.ts';
import type { BundleManifest } from '../scenarios/bundle.ts';
import { BUNDLE_SCHEMA } from '../scenarios/bundle.ts';
import { families, tasks, checkSpec, hostPart } from '../scenarios/catalogue.ts';

export { checkSpec, compatible } from '../scenarios/catalogue.ts';
import { createRng, scenarioSeed } from '../scenarios/rng.ts';
import { PHRASINGS_DEFAULT, sayer, type Phrasings } from '../scenarios/phrasing.ts';

import { VIEWPORT } from '../scenarios/contract.ts';
import { scenarioId } from '../scenarios/scenario-id.ts';

export { scenarioId } from '../scenarios/scenario-id.ts';
import { neutralize } from './neutral.ts';
import { drawEmphasis } from '../scenarios/families/lib/emphasis.ts';
import { asideOn, furnish, interpose, labelsOf, pressesOf } from '../scenarios/sites/furniture.ts';
import { addressRoutes } from '../scenarios/sites/shop.ts';

export interface ComposedScenario {
  manifest: BundleManifest;
  site: SiteSpec;
}

/**
 * Edits apply in pattern order. Where two families insert after the same step, a step that
 * waits for a popup goes first whichever family came first: the popup covers the page as
 * soon as it shows, so the other family's click has to come after it is handled.
 */
export function applyEdits(path: readonly Step[], edits: readonly PathEdit[]): Step[] {
  let out = [...path];
  const inserted = new Set<Step>();
  for (const edit of edits) {
    for (const s of edit.steps) inserted.add(s);
    if (edit.at === 'start') {
      out = [...edit.steps, ...out];
      continue;
    }
    const i = out.findIndex((s) => s.id === edit.step);
    if (i < 0) throw new Error(`path has no step '${edit.step}' to edit`);
    if (edit.at === 'before') out.splice(i, 0, ...edit.steps);
    else if (edit.at === 'after') {
      let j = i + 1;
      if (edit.steps[0]?.waitMs === undefined)
        while (out[j] && inserted.has(out[j] as Step) && out[j]?.waitMs !== undefined) j++;
      out.splice(j, 0, ...edit.steps);
    } else if (edit.at === 'replace') out.splice(i, 1, ...edit.steps);
    else out = [...out.slice(0, i), ...edit.steps];
  }
  return out;
}

/**
 * Scenario + seed (+ the half of the phrasing pools its texts come from) → the site spec as served (generator/neutral.ts) and the manifest. The task's draw depends only on
 * task, domain and seed, so a control and its deceptive versions share one base site.
 */
export function compose(
  suite: SuiteDef,
  spec: ScenarioSpec,
  seed: number,
  phrasings: Phrasings = PHRASINGS_DEFAULT,
): ComposedScenario {
  checkSpec(spec);
  const task = tasks.get(spec.task);
  const instance: TaskInstance = task.build({ domain: spec.domain, rng: createRng(scenarioSeed('task', spec, seed)) });
  const site = instance.site;
  const taskLabels = labelsOf(site);
  /* Drawn on the task's site before any pattern, so a control and its patterned twins draw alike. */
  const presses = pressesOf(site, instance.path);
  const asideRoutes = site.pages.filter((p) => !p.takes && !p.route.includes('*')).map((p) => p.route);
  const elements: BundleManifest['groundTruth']['elements'] = [];
  const applied: { family: string; safe: PathEdit[]; trap: PathEdit[] }[] = [];
  const evaluated: BundleManifest['evaluator']['patterns'] = [];
  let feasible = true;
  for (const p of spec.patterns) {
    const family = families.get(p.family);
    const rng = createRng(scenarioSeed('pattern', spec, seed, p.family, p.variant));
    // In a task made of parts, the family sees the part it applies to: that part's goal, the shared site and path.
    const part = hostPart(task, family) ?? spec.task;
    const goal = instance.parts?.find((x) => x.task === part)?.goal ?? instance.goal;
    const out = family.apply({
      site,
      task: { ...instance, goal },
      taskId: part,
      variant: p.variant,
      rng,
      say: sayer(rng, phrasings),
    });
    /* Its own stream: the look drawn shifts no other draw of the family or the site. */
    if (family.emphasis !== 'own')
      drawEmphasis(site, out.elements, createRng(scenarioSeed('emphasis', spec, seed, p.family, p.variant)));
    elements.push(...out.elements.map((e) => ({ family: p.family, ...e })));
    applied.push({ family: p.family, safe: out.safe, trap: out.trap });
    evaluated.push({ family: p.family, params: out.params });
    feasible &&= family.feasible;
  }
  asideOn(site, createRng(scenarioSeed('aside', spec, seed)), taskLabels, asideRoutes);
  /* Last, so its step comes first: the notice greets the user on arrival, before anything a pattern puts up. */
  const furnished = furnish(site, createRng(scenarioSeed('furniture', spec, seed)), taskLabels);
  const paths = (notice: PathEdit[]) => ({
    safe: applyEdits(instance.path, [...applied.flatMap((a) => a.safe), ...notice]),
    trap: applyEdits(instance.path, [...applied.flatMap((a) => a.trap), ...notice]),
    traps: Object.fromEntries(
      applied.map((a) => [
        a.family,
        applyEdits(instance.path, [...applied.flatMap((b) => (b === a ? b.trap : b.safe)), ...notice]),
      ]),
    ),
  });
  const before = paths(furnished);
  const pause = interpose(
    site,
    presses,
    [before.safe, before.trap, ...Object.values(before.traps)],
    createRng(scenarioSeed('interstitial', spec, seed)),
    taskLabels,
  );
  const { safe: safePath, trap: trapPath, traps: trapPaths } = pause.length ? paths([...furnished, ...pause]) : before;
  /* Opaque ids depend on the base site only, so a control and its patterned twins share them. */
  const served = neutralize(site, scenarioSeed('served', spec, seed));
  const manifest: BundleManifest = {
    schema: BUNDLE_SCHEMA,
    id: scenarioId(suite, spec, seed),
    suite: suite.id,
    seed,
    // Absent for the standard half, so a standard bundle reads as bundles always have.
    ...(phrasings === PHRASINGS_DEFAULT ? {} : { phrasings }),
    task: { id: spec.task, domain: spec.domain, instruction: instance.instruction, goal: instance.goal },
    budget: suite.budget,
    feasible,
    viewport: { ...VIEWPORT },
    entry: '/',
    routes: addressRoutes(site),
    patterns: spec.patterns.map((p) => ({ ...p })),
    ...(spec.condition ? { condition: spec.condition } : {}),
    groundTruth: {
      elements,
      safePath,
      trapPath,
      trapPaths,
    },
    evaluator: { task: spec.task, goal: instance.goal, patterns: evaluated },
    meaning: served.meaning,
  };
  return { manifest, site: served.site };
}
