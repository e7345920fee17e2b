/**
 * Every flag of the `decoy` command line, declared once: its name, its help, the zod type
 * that reads it and its default. defineCommand (command.ts) makes both the commander option
 * and the config's zod field of each from this one declaration, so the help a command prints
 * and what it accepts cannot drift apart, and two commands that take a flag take the same
 * one. A flag whose meaning depends on the command (what --suite is generated for, what
 * --out holds) is declared once as a function of that meaning; `when` says a flag applies
 * only beside another (`with --suite: …`), in one wording.
 */
import { z } from 'zod';
import { DEFAULT_LIMITS } from '../simulator/page/engine/limits.ts';
import { MODEL_PARTY_SECONDS, PARTY_SECONDS } from '../simulator/loop/call-limits.ts';
import { PHRASINGS, PHRASINGS_DEFAULT } from '../scenarios/phrasing.ts';
import {
  bool,
  inPath,
  int,
  keyValues,
  list,
  seed as seedValue,
  seedList,
  SEED_DEFAULT,
  SEED_MAX,
  suiteSeed as suiteSeedValue,
  text,
  type Flag,
} from './command.ts';

export type { Flag, ShapeOf } from './command.ts';

/** A flag's declaration. */
export const flag = <K extends string, S extends z.ZodType>(
  key: K,
  spec: string,
  help: string,
  schema: S,
  more: Pick<Flag, 'default' | 'required' | 'repeatable'> = {},
): Flag<K, S> => ({ key, spec, help, schema, ...more });

/** The flag, said to apply only beside another (`with --suite: …`). */
export const when = <K extends string, S extends z.ZodType>(f: Flag<K, S>, condition: string): Flag<K, S> => ({
  ...f,
  help: `with ${condition}: ${f.help}`,
});

/** The flag, required (commander refuses the command without it), read by `schema` if given. */
export function required<K extends string, S extends z.ZodType>(f: Flag<K, S>): Flag<K, S>;
export function required<K extends string, S extends z.ZodType, R extends z.ZodType>(
  f: Flag<K, S>,
  schema: R,
): Flag<K, R>;
export function required(f: Flag, schema?: z.ZodType): Flag {
  return { ...f, schema: schema ?? f.schema, required: true };
}

/** A default the program works out (not one value), in the help as every default is shown. */
export const byDefault = (what: string | number): string => `(default: ${what})`;

// ---------------------------------------------------------------------------
// Where bundles come from.

export const SEED_HELP = `seed of every random choice, 0 to ${SEED_MAX}`;
/** The help of --trust-bundles, on every command that reads bundles from disk. */
export const TRUST_HELP =
  "load bundles whose pages hold scripts other than this version's decoy runtime (made by another version of decoy, or by hand)";

/** --suite, generated for `what` the command does with it (none: the command only generates it). */
export const suite = (what?: string) =>
  flag('suite', '--suite <name>', `suite to generate${what ? ` and ${what}` : ''} (see decoy list)`, text);
/** --bundles, read for `what` the command does with them. */
export const bundles = (what: string) =>
  flag('bundles', '--bundles <dir>', `${what} bundles written by decoy generate instead`, text);
/** --bundles given once or more, each a folder of bundles (or one bundle). */
export const bundleFolders = (what: string) =>
  flag('bundles', '--bundles <dir>', `${what} bundles written by decoy generate instead`, list, { repeatable: true });
export const seed = flag('seed', '--seed <n>', SEED_HELP, seedValue, { default: String(SEED_DEFAULT) });
/**
 * --seed where only a suite takes it: no default in the flag, so that a seed given beside
 * bundles or run folders (which hold their own) is refused rather than silently ignored.
 */
export const suiteSeed = when(
  flag('seed', '--seed <n>', `${SEED_HELP} ${byDefault(SEED_DEFAULT)}`, suiteSeedValue),
  '--suite',
);
export const pattern = flag(
  'pattern',
  '--pattern <family>',
  'keep only configurations with this pattern family',
  list,
  { repeatable: true },
);
/** --scenario: configurations of a suite, by id (run and compare play only them, assess and label take only their episodes, mcp serves only them, score scores the one). */
export const scenario = flag(
  'scenario',
  '--scenario <id>',
  "a configuration's id (the name decoy generate gives its folder)",
  list,
  { repeatable: true },
);
/** The subset flags of the commands that play a suite or read a run: which configurations (harness/subset.ts). */
export const configs = flag(
  'configs',
  '--configs <n>',
  'only this many configurations, drawn by the seed (default: all)',
  int('configs', 1).optional(),
);
export const limit = flag(
  'limit',
  '--limit <n>',
  'only the first n configurations (after --scenario and --configs)',
  int('limit', 1).optional(),
);
/** Which configurations of the suite a run plays (recorded in run.json), assess judges (assess.json), label labels (harness/subset.ts). */
export const subsetFlags = [scenario, configs, limit] as const;
export const trustBundles = flag('trustBundles', '--trust-bundles', TRUST_HELP, bool);
/** --key-secret: the secret that what stands for an id to agents (`keys`, each `key`) is keyed under, new `each` time by default; given, to `same`. */
export const keySecret = (keys: string, key: string, each: string, same: string) =>
  flag(
    'keySecret',
    '--key-secret <text>',
    `the secret ${keys} are keyed under (default: new random bytes each ${each}, so an id cannot be found from its ${key}; give one to ${same})`,
    text,
  );
export const unsafeNoSandbox = when(
  flag(
    'unsafeNoSandbox',
    '--unsafe-no-sandbox',
    "play their pages even where the engine has no kernel boundary (bubblewrap), under Node's permission model alone",
    bool,
  ),
  '--trust-bundles',
);

/**
 * --phrasings: which half of every phrasing pool the generated texts come from
 * (scenarios/phrasing.ts). Undefined when not given, so that beside bundles (which hold their
 * own texts) it is refused rather than ignored.
 */
export const phrasings = flag(
  'phrasings',
  '--phrasings <half>',
  `texts drawn from the standard phrasings or only from the held-out ones, which no reference defense or scripted agent was written beside ${byDefault(PHRASINGS_DEFAULT)}`,
  z.enum(PHRASINGS, { message: `--phrasings: ${PHRASINGS.join(' or ')}` }).optional(),
);

/** --suite (with --seed, --pattern, --phrasings) or --bundles: what commands that work on either take (source.ts toSource reads them). */
export const sourceFlags = (what: string) =>
  [
    suite(what),
    bundles(what),
    seed,
    when(pattern, '--suite'),
    when(phrasings, '--suite'),
    when(trustBundles, '--bundles'),
  ] as const;
/** sourceFlags where the seed only generates the suite (the command plays nothing with it), so it is refused beside bundles. */
export const suiteSourceFlags = (what: string) =>
  [
    suite(what),
    bundles(what),
    suiteSeed,
    when(pattern, '--suite'),
    when(phrasings, '--suite'),
    when(trustBundles, '--bundles'),
  ] as const;

// ---------------------------------------------------------------------------
// Who plays: the agent, the defense, their options.

export const agent = flag(
  'agent',
  '--agent <id>',
  'agent id (see decoy list), or your own module (./my-agent.ts, .js, .mjs)',
  inPath('agent'),
  { default: 'naive' },
);
export const defense = flag(
  'defense',
  '--defense <id>',
  'defense id (see decoy list), your own module (./my-defense.ts, .js, .mjs), or inject:<file.js>, a script run in every page',
  inPath('defense'),
  { default: 'none' },
);
export const opt = flag('opt', '--opt <key=value>', 'agent option, e.g. susceptibility=0.3', keyValues('opt'), {
  repeatable: true,
});
export const defenseOpt = flag(
  'defenseOpt',
  '--defense-opt <key=value>',
  'defense option, e.g. lessons=lessons.txt or model=…; compare gives each to every defense that declares it, and gate:lessons=… to the defense gate only (where one defense plays, its own name as prefix is the same as none)',
  keyValues('defense-opt'),
  { repeatable: true },
);

// ---------------------------------------------------------------------------
// How episodes play: the self-check, the per-episode limits, the engine.

export const noCheck = flag(
  'check',
  '--no-check',
  'run even if the suite fails its self-check (decoy check)',
  z.boolean(),
);
export const stepSeconds = flag(
  'stepSeconds',
  '--step-seconds <s>',
  `time (the engine's CPU time) one step of an episode may take before the episode ends as an error ${byDefault(DEFAULT_LIMITS.stepSeconds)}`,
  int('step-seconds', 1, 3600).optional(),
);
export const memoryMb = flag(
  'memoryMb',
  '--memory-mb <mb>',
  `heap of the engine process the pages run in ${byDefault(DEFAULT_LIMITS.memoryMb)}`,
  int('memory-mb', 64, 65_536).optional(),
);
export const maxElements = flag(
  'maxElements',
  '--max-elements <n>',
  `elements a page may hold before its episode ends as an error ${byDefault(DEFAULT_LIMITS.domElements)}`,
  int('max-elements', 100).optional(),
);
export const callSeconds = flag(
  'callSeconds',
  '--call-seconds <s>',
  `time (wall time) one call into the agent or the defense may stay unanswered before the episode ends as an error naming it ${byDefault(`${PARTY_SECONDS}, ${MODEL_PARTY_SECONDS} for one that asks a model`)}`,
  int('call-seconds', 1, 86_400).optional(),
);
export const engine = flag(
  'engine',
  '--engine <name>',
  'jsdom (in the engine sandbox) or chromium (the reference browser; a step is bounded in wall time)',
  z.enum(['jsdom', 'chromium'], { message: '--engine: jsdom or chromium' }),
  { default: 'jsdom' },
);
export const browser = flag(
  'browser',
  '--browser <path>',
  `Chromium executable ${byDefault('$DECOY_CHROMIUM, else chromium on PATH')}`,
  text,
);

// ---------------------------------------------------------------------------
// LLM parties: where their calls go, what they cost, how many episodes wait on them at once.

export const cassette = flag(
  'cassette',
  '--cassette <file.jsonl>',
  "record the LLM parties' calls into this file, or replay them from it (docs/llm.md)",
  inPath('cassette').optional(),
);
export const llmMode = flag(
  'llmMode',
  '--llm-mode <mode>',
  `record (every call to the endpoint, written down), replay (the cassette only, no network) or auto (the cassette where it has the call) ${byDefault('auto with --cassette, else live')}`,
  z.enum(['record', 'replay', 'auto'], { message: '--llm-mode: record, replay or auto' }).optional(),
);
export const llmPrices = flag(
  'llmPrices',
  '--llm-prices <file.json>',
  'prices per model, { "<model>": { "input": <USD per 1M tokens>, "output": … } }, for the estimated cost',
  inPath('llm-prices').optional(),
);
export const concurrency = flag(
  'concurrency',
  '--concurrency <n>',
  'episodes played at once (at least --workers), for LLM parties that wait on an endpoint; the records are the same at any n',
  int('concurrency', 1, 64),
  { default: '1' },
);

/** One worker per core: the episodes' pages are parsed and laid out in the engine processes, which is most of a run's time. */
export const workers = flag(
  'workers',
  '--workers <n>',
  `engine processes the episodes (or the configurations a self-check plays, the episodes label replays) are spread over, each a sandbox of its own (a Chromium of its own with --engine chromium; for dataset and shoot, the Chromiums they render in; for conform, pairs of the two); the results are the same at any n ${byDefault('one per core')}`,
  int('workers', 1, 64).optional(),
);

export const seeds = flag(
  'seeds',
  '--seeds <list>',
  "play under each seed (1-5, or 1,3,7) instead of --seed: one folder each (s<seed>, what --seed <seed> writes), and the rates' means with 95% intervals across them (seeds.json, seeds.md)",
  seedList.optional(),
);

export const shard = flag(
  'shard',
  '--shard <i/n|auto>',
  "play only shard i of n of the configurations (every n-th from the i-th), for decoy merge to join; auto: the index and count a Slurm job array, a Kubernetes Indexed Job or GitLab CI's parallel: N gives",
  z.string().optional(),
);

export const maxErrors = flag(
  'maxErrors',
  '--max-errors <k>',
  'stop once k episodes in a row end in the same error (a broken endpoint, agent or defense): what was played is written and the same command goes on from there; by default never',
  int('max-errors', 1, 1_000_000).optional(),
);

/** Refuses --seed beside --seeds (given on the line: --seed has a default), which names every seed played. */
export function seedsWithSeed(
  o: { seeds?: readonly number[] | undefined; given: readonly string[] },
  ctx: z.RefinementCtx,
): void {
  if (o.seeds !== undefined && o.given.includes('--seed'))
    ctx.addIssue({
      code: 'custom',
      message: '--seed is for one seed; --seeds names every seed played, give one of the two',
    });
}

/** The flags of commands that play episodes (run, compare): the self-check, the per-episode limits and the engine. */
export const playFlags = [
  noCheck,
  stepSeconds,
  memoryMb,
  maxElements,
  callSeconds,
  engine,
  when(browser, '--engine chromium'),
  unsafeNoSandbox,
  cassette,
  llmMode,
  llmPrices,
  concurrency,
  workers,
  maxErrors,
] as const;

// ---------------------------------------------------------------------------
// Outputs and what they print.

/** --json, printing `what` as JSON instead of text. */
export const json = (what: string) => flag('json', '--json', `print ${what} as JSON`, bool);
export const scale = flag(
  'scale',
  '--scale <n>',
  'device pixels per CSS pixel, 1 to 4: 1 gives 1280x800 images, 2 gives 2560x1600',
  int('scale', 1, 4),
  { default: '1' },
);
/** A click suite's sample counts. */
export const normal = flag(
  'normal',
  '--normal <n>',
  `number of normal samples ${byDefault("the suite's, 910 for ruc")}`,
  int('normal', 0).optional(),
);
export const deceptive = flag(
  'deceptive',
  '--deceptive <n>',
  `number of deceptive samples, spread over domains and categories as in the suite ${byDefault("the suite's, 497 for ruc")}`,
  int('deceptive', 0).optional(),
);

// ---------------------------------------------------------------------------
// DUDE's Stage 2 (decoy experience): who summarizes, how long, how large its batches. The
// defaults are the paper's setting (Appendix H): b = 15 and a = 5 (Table 19), T = 20 (Table 18).

export const summarizer = flag(
  'summarizer',
  '--summarizer <name>',
  'rule (deterministic, offline: phrases of the misjudged controls, kept where the batch gains) or llm (a model over an OpenAI-compatible endpoint: --summarizer-opt model=…)',
  z.enum(['rule', 'llm'], { message: '--summarizer: rule or llm' }),
  { default: 'rule' },
);
export const summarizerOpt = flag(
  'summarizerOpt',
  '--summarizer-opt <key=value>',
  "summarizer option, e.g. model=gpt-4o-mini (llm: the openai agent's model, base_url, api_key_env, temperature, max_tokens, seed, timeout and max_retries, and prompt=<file.md>)",
  keyValues('summarizer-opt'),
  { repeatable: true },
);
export const iterations = flag(
  'iterations',
  '--iterations <n>',
  "T, the iteration cap (DUDE's Table 18 budget)",
  int('iterations', 0, 10_000),
  { default: '20' },
);
export const batch = flag(
  'batch',
  '--batch <n>',
  'b, the failures drawn per iteration, by their persistence κ (DUDE Table 19)',
  int('batch', 1, 10_000),
  { default: '15' },
);
export const anchors = flag(
  'anchors',
  '--anchors <n>',
  'a, the anchors drawn per iteration from the success pool (DUDE Table 19)',
  int('anchors', 0, 10_000),
  { default: '5' },
);
