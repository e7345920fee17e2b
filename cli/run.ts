import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../scenarios/errors.ts';
import { generateSuite } from '../generator/bundle.ts';
import { readBundles, type LoadedBundle } from '../simulator/bundle.ts';
import { runBatch } from '../simulator/batch.ts';
import { agents, defenses } from '../simulator/registries.ts';
import { resultsTable } from '../simulator/report/table.ts';
import { intFlag, keyValues, parseFlags, usage, type Flags } from './args.ts';
import { readReplayFile } from './replay-file.ts';
import { selectSuite } from './select.ts';
import { checkBundles } from './check.ts';

const FLAGS: Flags = {
  suite: { type: 'string', description: 'suite to generate and run (see decoy list)' },
  bundles: { type: 'string', description: 'run bundles written by decoy generate instead of generating' },
  agent: { type: 'string', description: 'agent id', default: 'naive' },
  defense: { type: 'string', description: 'defense id', default: 'none' },
  seed: { type: 'string', description: 'seed of generation and of every episode', default: '7' },
  out: { type: 'string', description: 'output folder for run.json, episodes.jsonl and summary.json' },
  replay: { type: 'string', description: 'JSONL of recorded actions, for --agent replay' },
  opt: { type: 'string', multiple: true, description: 'agent option key=value (repeatable), e.g. susceptibility=0.3' },
  'defense-opt': { type: 'string', multiple: true, description: 'defense option key=value (repeatable)' },
  pattern: { type: 'string', multiple: true, description: 'keep only configurations with this pattern family (repeatable)' },
  'no-check': { type: 'boolean', description: 'run even if the suite fails its self-check (decoy check)' },
};

export const summary = 'Replay an agent (behind a defense) over a suite and score every episode';
export const help = () => usage('run', '--suite <name> | --bundles <dir>  --out <dir> [--agent A] [--defense D] [--seed N]', FLAGS);

export interface RunConfig {
  suite: string;
  patterns: string[];
  bundles: string | null;
  agent: string;
  defense: string;
  seed: number;
  agentOptions: Record<string, unknown>;
  defenseOptions: Record<string, unknown>;
  replay: string | null;
}

/** Refuses a folder that holds something other than this same run; nothing is overwritten. */
function claimOutput(out: string, config: RunConfig): void {
  const stamp = JSON.stringify(config, null, 2) + '\n';
  const runFile = join(out, 'run.json');
  if (existsSync(runFile)) {
    if (readFileSync(runFile, 'utf8') !== stamp) throw new UserError(`${out} already holds a different run; choose another --out or remove it`);
  } else if (existsSync(out) && readdirSync(out).length > 0) {
    throw new UserError(`${out} is not empty and holds no run; choose another --out`);
  }
  mkdirSync(out, { recursive: true });
  writeFileSync(runFile, stamp);
}

export async function executeRun(config: RunConfig, out: string, loaded?: LoadedBundle[], opts: { noCheck?: boolean } = {}): Promise<string> {
  const agentDef = agents.get(config.agent);
  defenses.get(config.defense);
  const agentOptions: Record<string, unknown> = { ...config.agentOptions };
  if (config.agent === 'replay') {
    if (!config.replay) throw new UserError('--agent replay needs --replay <file.jsonl>');
    agentOptions.actions = readReplayFile(config.replay);
  } else if (config.replay) throw new UserError('--replay is only for --agent replay');
  const known = new Set((agentDef.options ?? []).map((o) => o.name));
  for (const k of Object.keys(config.agentOptions)) if (!known.has(k)) throw new UserError(`agent '${config.agent}' has no option '${k}'${known.size ? ` (has: ${[...known].join(', ')})` : ''}`);
  const bundles = loaded ?? (config.bundles ? readBundles(config.bundles) : generateSuite(selectSuite(config.suite, config.patterns), config.seed).map((b) => ({ manifest: b.manifest, site: { files: b.files } })));
  const first = bundles[0];
  if (first) agentDef.create({ seed: config.seed, options: agentOptions, scenario: first.manifest.id });
  if (!opts.noCheck) {
    const failed = (await checkBundles(bundles)).filter((r) => !r.ok);
    if (failed.length > 0) throw new UserError(`the suite fails its self-check (${failed.length} failed, first: ${failed[0]?.scenario}: ${failed[0]?.check}); see decoy check, or pass --no-check`);
  }
  claimOutput(out, config);
  const episodes = join(out, 'episodes.jsonl');
  rmSync(episodes, { force: true });
  rmSync(join(out, 'summary.json'), { force: true });
  const started = performance.now();
  const result = await runBatch(bundles, { agent: config.agent, defense: config.defense, seed: config.seed, agentOptions, defenseOptions: config.defenseOptions }, (r) =>
    appendFileSync(episodes, JSON.stringify(r) + '\n'),
  );
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(join(out, 'summary.json'), JSON.stringify({ suite: config.suite, agent: config.agent, defense: config.defense, seed: config.seed, ...result.summary }, null, 2) + '\n');
  const title = `suite ${config.suite} · agent ${config.agent} · defense ${config.defense} · seed ${config.seed} · ${bundles.length} episodes in ${seconds.toFixed(1)} s`;
  return `${resultsTable(result.summary, title)}\n\nwrote ${episodes} and ${join(out, 'summary.json')}`;
}

export async function run(argv: readonly string[]): Promise<string> {
  const { values } = parseFlags('run', argv, FLAGS);
  if (typeof values.out !== 'string') throw new UserError('run: --out is required');
  if (typeof values.suite !== 'string' && typeof values.bundles !== 'string') throw new UserError('run: give --suite <name> or --bundles <dir>');
  const bundles = typeof values.bundles === 'string' ? readBundles(values.bundles) : undefined;
  const patterns = (values.pattern as string[] | undefined) ?? [];
  if (bundles && patterns.length > 0) throw new UserError('run: --pattern selects from a suite; with --bundles, generate the selection instead');
  const chosen = typeof values.suite === 'string' ? selectSuite(values.suite, patterns) : null;
  if (chosen?.clicks) throw new UserError(`'${chosen.id}' is a click-level suite; write its samples with decoy generate --suite ${chosen.id}`);
  const suite = chosen ? chosen.id : (bundles?.[0]?.manifest.suite ?? '');
  const config: RunConfig = {
    suite,
    patterns,
    bundles: typeof values.bundles === 'string' ? values.bundles : null,
    agent: typeof values.agent === 'string' ? values.agent : 'naive',
    defense: typeof values.defense === 'string' ? values.defense : 'none',
    seed: intFlag('seed', values.seed, 7),
    agentOptions: keyValues('opt', values.opt),
    defenseOptions: keyValues('defense-opt', values['defense-opt']),
    replay: typeof values.replay === 'string' ? values.replay : null,
  };
  return executeRun(config, values.out, bundles, { noCheck: values['no-check'] === true });
}
