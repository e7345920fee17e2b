import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { clip, UserError } from '../../lib/errors.ts';
import { isTempName, writeFileAtomic } from '../../lib/files.ts';
import { markdownTable } from '../../simulator/measure/report/compare.ts';
import { generateBundle, writeBundles } from '../../generator/bundle.ts';
import { caseLabel, caseSuite, specOf, type FuzzCase } from './space.ts';
import { generated } from '../select.ts';
import { shootBundles } from '../shoot.ts';
import type { FoundClass, FuzzResult } from './search.ts';
import { defenseName, type FuzzParties } from './player.ts';

/** What a fuzz folder holds: its configuration, summary, table and a folder per class. */
const OWN = new Set(['fuzz.json', 'summary.json', 'fuzz.md', 'classes']);

/**
 * Refuses, before any work, an output folder that holds anything but an earlier fuzz result
 * (whose files are replaced): nothing in it is changed.
 */
export function claimFuzzFolder(out: string): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new UserError(`--out ${clip(out)} is a file; give a folder`);
  const names = readdirSync(out).filter((n) => !isTempName(n));
  if (names.length === 0) return;
  const stranger = names.find((n) => !OWN.has(n)) ?? (names.includes('fuzz.json') ? undefined : names[0]);
  if (stranger !== undefined)
    throw new UserError(
      `${clip(out)} holds something other than a fuzz result (${clip(stranger)}); nothing was changed (choose another --out)`,
    );
}

/** The command that replays a class's shrunk case: its bundle, played as `decoy run` plays any. */
export function replayCommand(parties: FuzzParties, bundleDir: string, c: FuzzCase, runDir: string): string {
  const opts = [
    ...Object.entries({ ...parties.agentOptions, ...c.agentOptions }).map(([k, v]) => `--opt ${k}=${String(v)}`),
    ...Object.entries(parties.defenseOptions ?? {}).map(([k, v]) => `--defense-opt ${k}=${String(v)}`),
  ];
  return [
    'npx decoy run',
    `--bundles ${bundleDir}`,
    `--agent ${parties.agent}`,
    // A defense given as an object (in an author's test) has no path here: the author names its module.
    `--defense ${typeof parties.defense === 'string' ? parties.defense : `<the module of ${parties.defense.id}>`}`,
    `--seed ${c.seed}`,
    ...opts,
    `--out ${runDir}`,
  ].join(' ');
}

/** A class's folder name: its place and its key, made safe for a path. */
export const classFolder = (k: number, c: FoundClass): string =>
  `${String(k + 1).padStart(2, '0')}-${c.key.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`;

/** Where a class's replay writes its run: beside the fuzz folder, never in it (a new search replaces the classes). */
export const replayFolder = (out: string, folder: string): string => {
  const whole = resolve(out);
  return join(dirname(whole), `${basename(whole)}-replays`, folder);
};

/** The summary of a search, as summary.json holds it. */
export function fuzzSummary(parties: FuzzParties, result: FuzzResult, out: string) {
  const byKind: Record<string, number> = {};
  for (const c of result.classes) byKind[c.kind] = (byKind[c.kind] ?? 0) + 1;
  return {
    agent: parties.agent,
    defense: defenseName(parties.defense),
    seed: result.seed,
    runs: result.runs,
    episodes: result.episodes,
    seconds: result.seconds,
    stopped: result.stopped,
    coverage: result.coverage,
    classes: result.classes.length,
    byKind,
    found: result.classes.map((c, k) => {
      const dir = join(out, 'classes', classFolder(k, c));
      return {
        class: c.key,
        kind: c.kind,
        family: c.family,
        variant: c.variant,
        cases: c.cases,
        case: c.shrunk.case,
        label: caseLabel(c.shrunk.case),
        failure: c.shrunk.failure.detail,
        path: c.shrunk.path,
        firstPath: c.first.path,
        judgedWhileShrinking: c.shrunk.judged,
        bundle: join(dir, 'bundle'),
        shot: null as string | null,
        replay: replayCommand(parties, join(dir, 'bundle'), c.shrunk.case, replayFolder(out, classFolder(k, c))),
      };
    }),
  };
}

/** The classes as a Markdown table, with the search's figures above it. */
export function fuzzTable(summary: ReturnType<typeof fuzzSummary>): string {
  const head = `decoy fuzz: ${summary.agent} behind ${summary.defense}, seed ${summary.seed}: ${summary.runs} cases (${summary.episodes} episodes) in ${summary.seconds.search.toFixed(1)} s, shrinking ${summary.seconds.shrink.toFixed(1)} s${summary.stopped ? ' (stopped)' : ''}; reached ${summary.coverage.reached} of ${summary.coverage.of} cells (family × variant × task)`;
  if (summary.found.length === 0) return `${head}\n\nno counterexample found`;
  const rows = summary.found.map((f, k) => [
    String(k + 1),
    f.kind,
    f.family === null ? 'control' : `${f.family}:${f.variant}`,
    String(f.cases),
    f.label,
    f.path,
  ]);
  return `${head}\n\n${markdownTable(['#', 'kind', 'pattern', 'cases', 'shrunk to', 'fast-check path'], rows, (i) => i === 0 || i === 3)}`;
}

/** Writes the result: fuzz.json, summary.json, fuzz.md, and per class its shrunk case, its bundle and, given a browser, its picture. */
export async function writeFuzz(
  out: string,
  config: object,
  parties: FuzzParties,
  result: FuzzResult,
  executable?: string,
): Promise<string> {
  claimFuzzFolder(out);
  rmSync(join(out, 'classes'), { recursive: true, force: true });
  const summary = fuzzSummary(parties, result, out);
  for (const [k, c] of result.classes.entries()) {
    const dir = join(out, 'classes', classFolder(k, c));
    const spec = specOf(c.shrunk.case);
    const suite = caseSuite(spec);
    const bundle = generateBundle(suite, spec, c.shrunk.case.seed, c.shrunk.case.phrasings);
    writeBundles(join(dir, 'bundle'), suite, c.shrunk.case.seed, [bundle], c.shrunk.case.phrasings);
    const found = summary.found[k]!;
    if (executable) {
      // The page as the agent first meets it, where its trap and way out first share the view (decoy shoot's picture).
      await shootBundles(generated([bundle]), join(dir, 'bundle'), { executable, scale: 1 });
      found.shot = join(dir, 'bundle', bundle.manifest.id, 'shots', 'start-boxes.png');
    }
    writeFileAtomic(join(dir, 'case.json'), JSON.stringify(found, null, 2) + '\n');
  }
  const table = fuzzTable(summary);
  writeFileAtomic(join(out, 'fuzz.json'), JSON.stringify(config, null, 2) + '\n');
  writeFileAtomic(join(out, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  writeFileAtomic(join(out, 'fuzz.md'), table + '\n');
  return table;
}
