import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { ScenarioSpec, Step, SuiteDef } from '../scenarios/model.ts';
import { FURNITURE_STEPS } from '../scenarios/sites/furniture.ts';
import { families, familyTasks, tasks } from '../scenarios/index.ts';
import { every } from '../scenarios/phrasing.ts';
import { compatible } from '../generator/compose.ts';
import { generateSuite } from '../generator/bundle.ts';
import { generated } from '../harness/select.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { DecoyEnv, type EnvObservation } from '../simulator/loop/env.ts';
import { clickSamples } from '../simulator/measure/clicks.ts';
import { agents, defenses } from '../simulator/loop/registries.ts';
import { runEpisode, type EpisodeRecord } from '../simulator/loop/runner.ts';
import type { Agent } from '../simulator/loop/agent.ts';
import type { Defense } from '../simulator/loop/defense.ts';
import { main } from '../cli/main.ts';
import { defenseDef } from '../simulator/loop/resolve.ts';
import { adhocSuite as suiteOf, FUZZ_BUDGET } from '../harness/fuzz/space.ts';
import type { RunConfig } from '../harness/run-folder.ts';

/** Every (task, domain, family, variant) the registries allow, plus each task's control. */
export function allSpecs(): ScenarioSpec[] {
  const out: ScenarioSpec[] = [];
  for (const t of tasks.all()) {
    for (const domain of t.domains) {
      out.push({ task: t.id, domain, patterns: [] });
      for (const f of families.all()) {
        if (!familyTasks(f).includes(t.id) || !f.domains.includes(domain)) continue;
        for (const variant of f.variants) out.push({ task: t.id, domain, patterns: [{ family: f.id, variant }] });
      }
    }
  }
  return out;
}

export const specArb = fc.constantFrom(...allSpecs());
export const seedArb = fc.integer({ min: 0, max: 1_000_000 });

/** Random compositions of two or more families that the composer accepts on one site. */
const pairs = tasks.all().flatMap((t) => t.domains.map((domain) => ({ task: t.id, domain })));
export const compositionArb: fc.Arbitrary<ScenarioSpec> = fc
  .constantFrom(...pairs)
  .chain(({ task, domain }) => {
    const fits = families
      .all()
      .filter(
        (f) =>
          f.feasible && compatible({ task, domain, patterns: [{ family: f.id, variant: f.variants[0] as string }] }),
      );
    if (fits.length < 2) return fc.constant(null);
    return fc.shuffledSubarray(fits, { minLength: 2, maxLength: Math.min(4, fits.length) }).chain((picked) =>
      fc.tuple(...picked.map((f) => fc.constantFrom(...f.variants))).map((variants) => ({
        task,
        domain,
        patterns: picked.map((f, i) => ({ family: f.id, variant: variants[i] as string })),
      })),
    );
  })
  .filter((spec): spec is ScenarioSpec => spec !== null && compatible(spec));

/** The configurations as a suite of their own, `prop`, with Veer's task budget unless told otherwise. */
export const adhocSuite = (specs: ScenarioSpec[], budget = FUZZ_BUDGET): SuiteDef => suiteOf(specs, 'prop', budget);

export function bundleFor(spec: ScenarioSpec, seed: number): LoadedBundle {
  const [b] = generateSuite(adhocSuite([spec]), seed);
  if (!b) throw new Error('no bundle');
  return generated([b])[0] as LoadedBundle;
}

const env = new DecoyEnv();

export async function play(
  bundle: LoadedBundle,
  agent: Agent | string,
  seed = 1,
  defense: Defense | string = 'none',
  options: Record<string, unknown> = {},
  /** The engine to play in (the page's own log stays readable there until its next episode); one of this module's by default. */
  on: DecoyEnv = env,
): Promise<EpisodeRecord> {
  const agentObj =
    typeof agent === 'string'
      ? agents.get(agent).create({
          seed,
          options,
          scenario: bundle.manifest.id,
          privileged: {
            safePath: bundle.manifest.groundTruth.safePath,
            trapPath: bundle.manifest.groundTruth.trapPath,
          },
        })
      : agent;
  const defenseObj = typeof defense === 'string' ? defenses.get(defense).create({ seed, options: {} }) : defense;
  return runEpisode({
    env: on,
    bundle,
    seed,
    agent: agentObj,
    agentId: typeof agent === 'string' ? agent : 'test',
    defense: defenseObj,
    defenseId: typeof defense === 'string' ? defense : 'test',
  });
}

/** An agent that walks a path from ground truth (the oracle's machinery on any path). */
export function pathAgent(bundle: LoadedBundle, which: 'safePath' | 'trapPath', seed = 1): Agent {
  const gt = bundle.manifest.groundTruth;
  return agents.get('oracle').create({
    seed,
    options: {},
    scenario: bundle.manifest.id,
    privileged: { safePath: gt[which], trapPath: gt.trapPath },
  });
}

export const PROPERTY_RUNS = Number(process.env.DECOY_PROPERTY_RUNS ?? 25);

/** A premium-membership modal in the state its click sample shows: the dialog up, the page behind it in view. */
export async function modalSample() {
  const bundle = bundleFor(
    { task: 'purchase', domain: 'shopping', patterns: [{ family: 'premium-membership', variant: 'base' }] },
    7,
  );
  const [sample] = await clickSamples(bundle, { category: 'cognitive', nullClicks: 0 });
  if (!sample) throw new Error('the modal configuration gave no click sample');
  const own = new DecoyEnv();
  let { observation } = await own.reset({ bundle, seed: 1 });
  for (const a of sample.actions) observation = (await own.step(a)).observation;
  await own.close();
  return { bundle, sample, observation };
}

/** The name a form field has on the served page (opaque; bundle.json's meaning says which stands for `field`). */
export function servedName(bundle: LoadedBundle, field: string): string {
  const hit = Object.entries(bundle.manifest.meaning.fields).find(([, m]) => m.name === field);
  if (!hit) throw new Error(`${bundle.manifest.id}: no served field stands for '${field}'`);
  return hit[0];
}

/** A line of progress as cli/main.ts progressPrinter writes it on stderr when stderr is not a terminal. */
const PROGRESS_LINE = /^[^\n:]*: \d+\/\d+(?: · [^\n]*)?\n/gm;

/** stderr without its progress lines: the messages a test of a command reads. */
export const withoutProgress = (err: string): string => err.replace(PROGRESS_LINE, '');

let warm: Promise<unknown> | null = null;
/** Loads esbuild in this thread and in tsx's loader thread (through a module of the repository), once, from where the tests run. */
const esbuildsWarm = () =>
  (warm ??= Promise.all([
    import('esbuild'),
    defenseDef(fileURLToPath(new URL('../examples/block-accept-all.ts', import.meta.url))),
  ]));

/**
 * A `decoy` command line run in this process, in folder `dir`, by the entry bin/decoy.mjs
 * calls: its exit code and what it printed. A process per command would start an engine
 * process (and load the code) for every command; test/cli/cli.test.ts and inputs.test.ts
 * run the binary itself.
 */
export async function decoyIn(
  dir: string,
  ...args: string[]
): Promise<{ code: number; out: string; err: string; progress: string[] }> {
  let out = '';
  let err = '';
  const home = process.cwd();
  // esbuild takes the working folder it is first loaded in as its service's for good, in this thread
  // and in tsx's loader thread (a user's module goes through it): loaded there from a command's
  // temporary folder, removed later, every later file of this worker could not start it.
  await esbuildsWarm();
  process.chdir(dir);
  try {
    const code = await main(args, {
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: (t: string) => (err += t) },
    });
    return { code, out, err: withoutProgress(err), progress: err.match(PROGRESS_LINE) ?? [] };
  } finally {
    process.chdir(home);
  }
}

/** Runs the CLI in `cwd`, presses Ctrl-C once `file` holds a finished line, and gives the exit code and stderr. */
export async function interruptWhenWritten(
  cwd: string,
  args: readonly string[],
  file: string,
): Promise<{ code: number | null; err: string }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('../bin/decoy.mjs', import.meta.url)), ...args], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const poll = setInterval(() => {
    if (existsSync(file) && readFileSync(file, 'utf8').includes('\n')) {
      clearInterval(poll);
      child.kill('SIGINT');
    }
  }, 5);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearInterval(poll);
  return { code, err: withoutProgress(err) };
}

/** A TCP listener on 127.0.0.1 that counts the connections it is offered (a sandbox test's proof that nothing reached it). */
export async function countingListener(): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  const { createServer } = await import('node:net');
  let connections = 0;
  const server = createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as { port: number }).port,
    connections: () => connections,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A run of the naive agent without a defense on the demo suite at seed 7, with the fields given. */
export const runConfig = (given: Partial<RunConfig> = {}): RunConfig => ({
  suite: 'demo',
  patterns: [],
  bundles: null,
  agent: 'naive',
  defense: 'none',
  seed: 7,
  agentOptions: {},
  defenseOptions: {},
  replay: null,
  ...given,
});

/** Every phrase of a pool entry a person reads: strings as they are, templates filled, records' strings. */
function phrasesOf(entry: unknown): string[] {
  if (typeof entry === 'string') return [entry];
  if (typeof entry === 'function') {
    const args = Array.from({ length: entry.length }, (_, i) => (i === 0 ? 'Plan' : '$9.99'));
    return phrasesOf((entry as (...a: unknown[]) => unknown)(...args));
  }
  if (entry && typeof entry === 'object') return Object.values(entry).flatMap(phrasesOf);
  return [];
}

/** Every phrase of every pool, both halves, by where it is. */
export function bankPhrases(): { where: string; phrase: string }[] {
  return families.all().flatMap((f) =>
    Object.entries(f.texts).flatMap(([slot, pool]) =>
      every(pool)
        .flatMap(phrasesOf)
        .filter((phrase) => /[a-z]/i.test(phrase))
        .map((phrase) => ({ where: `${f.id}.${slot}`, phrase })),
    ),
  );
}

/**
 * The site's first page as a user has it once past the site's arrival notice, if it has one (the
 * notice's own step of the safe path): the observation then.
 */
export async function arrive(env: DecoyEnv, bundle: LoadedBundle): Promise<EnvObservation> {
  let { observation } = await env.reset({ bundle, seed: 1 });
  const notice = bundle.manifest.groundTruth.safePath.find((s) => s.id === 'notice');
  if (!notice || notice.verb !== 'click' || !('role' in notice.target)) return observation;
  observation = (await env.step(`noop(${notice.waitMs ?? 0})`)).observation;
  const { role, name } = notice.target;
  const button = observation.elements.find((e) => e.role === role && e.name === name);
  expect(button).toBeDefined();
  const r = await env.step(`click('${button!.ref}')`);
  expect(r.info.error ?? '').toBe('');
  return r.observation;
}

/** A path's step that answers the site's own notice or interstitial (scenarios/sites/furniture.ts). */
export const isFurniture = (s: Step): boolean => FURNITURE_STEPS.includes(s.id);

/** The names of the buttons the safe path answers the site's notice and interstitial with. */
export const furnitureAnswers = (bundle: LoadedBundle): string[] =>
  bundle.manifest.groundTruth.safePath.flatMap((s) =>
    isFurniture(s) && 'target' in s && 'name' in s.target ? [s.target.name] : [],
  );
