import { basename, dirname, join, relative, resolve } from 'node:path';
import { writeFileAtomic } from '../../lib/files.ts';
import { FuzzFolder } from './folder.ts';
import { markdownTable } from '../../simulator/measure/report/compare.ts';
import { caseLabel, makeCase, type FuzzCase } from './space.ts';
import { shootBundles } from '../shoot.ts';
import { Camera } from '../../simulator/measure/shots.ts';
import { makePage } from './pages.ts';
import type { EngineFuzzResult } from './engine-search.ts';
import type { FoundClass, FuzzResult } from './search.ts';
import { defenseName, type FuzzParties } from './player.ts';
export { claimFuzzFolder } from './folder.ts';

/** The limits a search played its episodes under, which a replay must play under too. */
export interface PlayLimits {
  stepSeconds?: number;
  memoryMb?: number;
  domElements?: number;
  callSeconds?: number;
}

/** A path as the user's shell reaches it from here. */
const shown = (path: string): string => relative(process.cwd(), resolve(path)) || '.';

/** The command that replays a class's shrunk case: its bundle, played as `decoy run` plays any, under the search's limits. */
export function replayCommand(
  parties: FuzzParties,
  bundleDir: string,
  c: FuzzCase,
  runDir: string,
  limits: PlayLimits = {},
): string {
  const opts = [
    ...Object.entries({ ...parties.agentOptions, ...c.agentOptions }).map(([k, v]) => `--opt ${k}=${String(v)}`),
    ...Object.entries(parties.defenseOptions ?? {}).map(([k, v]) => `--defense-opt ${k}=${String(v)}`),
    ...(limits.stepSeconds !== undefined ? [`--step-seconds ${limits.stepSeconds}`] : []),
    ...(limits.memoryMb !== undefined ? [`--memory-mb ${limits.memoryMb}`] : []),
    ...(limits.domElements !== undefined ? [`--max-elements ${limits.domElements}`] : []),
    ...(limits.callSeconds !== undefined ? [`--call-seconds ${limits.callSeconds}`] : []),
  ];
  return [
    'npx decoy run',
    `--bundles ${shown(bundleDir)}`,
    `--agent ${parties.agent}`,
    // A defense given as an object (in an author's test) has no path here: the author names its module.
    `--defense ${typeof parties.defense === 'string' ? parties.defense : `<the module of ${parties.defense.id}>`}`,
    `--seed ${c.seed}`,
    ...opts,
    `--out ${shown(runDir)}`,
  ].join(' ');
}

/** A class's folder name: its place and its key, made safe for a path. */
export const classFolder = (k: number, c: Pick<FoundClass, 'key'>): string =>
  `${String(k + 1).padStart(2, '0')}-${c.key.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`;

/** Where a class's replay writes its run: beside the fuzz folder, never in it (a new search replaces the classes). */
export const replayFolder = (out: string, folder: string): string => {
  const whole = resolve(out);
  return join(dirname(whole), `${basename(whole)}-replays`, folder);
};

/** The summary of a search, as summary.json holds it. */
export function fuzzSummary(parties: FuzzParties, result: FuzzResult, out: string, limits: PlayLimits = {}) {
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
    unconfirmed: result.unconfirmed,
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
        replay: replayCommand(
          parties,
          join(dir, 'bundle'),
          c.shrunk.case,
          replayFolder(out, classFolder(k, c)),
          limits,
        ),
      };
    }),
  };
}

/** What a table's head says of classes dropped because their first case did not fail again. */
const unconfirmedNote = (keys: readonly string[]): string =>
  keys.length > 0 ? `; ${keys.length} class(es) did not fail again and were dropped (${keys.join(', ')})` : '';

/** The classes as a Markdown table, with the search's figures above it. */
export function fuzzTable(summary: ReturnType<typeof fuzzSummary>): string {
  const head = `decoy fuzz: ${summary.agent} behind ${summary.defense}, seed ${summary.seed}: ${summary.runs} cases (${summary.episodes} episodes) in ${summary.seconds.search.toFixed(1)} s, shrinking ${summary.seconds.shrink.toFixed(1)} s${summary.stopped ? ' (stopped)' : ''}; reached ${summary.coverage.reached} of ${summary.coverage.of} cells (family × variant × task)${unconfirmedNote(summary.unconfirmed)}`;
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
  opts: { executable?: string; limits?: PlayLimits } = {},
): Promise<string> {
  const folder = new FuzzFolder(out, config);
  const summary = fuzzSummary(parties, result, out, opts.limits);
  // One browser for every class's picture.
  const camera =
    opts.executable && result.classes.length > 0 ? new Camera({ executable: opts.executable, scale: 1 }) : null;
  try {
    for (const [k, c] of result.classes.entries()) {
      await folder.writeClass(classFolder(k, c), async (dir) => {
        const made = makeCase(c.shrunk.case);
        const bundle = made.bundle;
        made.writeTo(join(dir, 'bundle'));
        const found = summary.found[k]!;
        if (opts.executable) {
          // The page as the agent first meets it, where its trap and way out first share the view (decoy shoot's picture).
          await shootBundles([made.loaded], join(dir, 'bundle'), {
            executable: opts.executable,
            scale: 1,
            ...(camera ? { camera } : {}),
          });
          found.shot = join(dir, 'bundle', bundle.manifest.id, 'shots', 'start-boxes.png');
        }
        writeFileAtomic(join(dir, 'case.json'), JSON.stringify(found, null, 2) + '\n');
      });
    }
  } finally {
    await camera?.close();
  }
  const table = fuzzTable(summary);
  folder.finish(summary, table);
  return table;
}

/** The engines' search, as summary.json holds it: per class the page it shrank to and how the engines part there. */
export function engineSummary(result: EngineFuzzResult, out: string) {
  return {
    engines: ['jsdom', 'chromium'],
    seed: result.seed,
    runs: result.runs,
    seconds: result.seconds,
    stopped: result.stopped,
    coverage: result.coverage,
    unconfirmed: result.unconfirmed,
    classes: result.classes.length,
    found: result.classes.map((c, k) => ({
      class: c.key,
      kind: c.kind,
      cases: c.cases,
      page: c.shrunk.case,
      site: caseLabel(c.shrunk.case.site),
      detail: c.shrunk.failure.detail,
      path: c.shrunk.path,
      firstPath: c.first.path,
      judgedWhileShrinking: c.shrunk.judged,
      bundle: join(out, 'classes', classFolder(k, c), 'bundle'),
    })),
  };
}

/** Writes the engines' search: fuzz.json, summary.json, fuzz.md, and per class its page as a bundle. */
export async function writeEngineFuzz(out: string, config: object, result: EngineFuzzResult): Promise<string> {
  const folder = new FuzzFolder(out, config);
  const summary = engineSummary(result, out);
  for (const [k, c] of result.classes.entries()) {
    await folder.writeClass(classFolder(k, c), (dir) => {
      makePage(c.shrunk.case).writeTo(join(dir, 'bundle'));
      writeFileAtomic(join(dir, 'case.json'), JSON.stringify(summary.found[k], null, 2) + '\n');
    });
  }
  const head = `decoy fuzz --engines: jsdom against Chromium, seed ${summary.seed}: ${summary.runs} pages in ${summary.seconds.search.toFixed(1)} s, shrinking ${summary.seconds.shrink.toFixed(1)} s${summary.stopped ? ' (stopped)' : ''}; cut from ${summary.coverage.reached} of ${summary.coverage.of} cells (family × variant × task)${unconfirmedNote(summary.unconfirmed)}`;
  const rows = summary.found.map((f, k) => [String(k + 1), f.kind, String(f.cases), f.site, f.detail, f.path]);
  const table =
    rows.length === 0
      ? `${head}\n\nthe engines agreed on every page`
      : `${head}\n\n${markdownTable(['#', 'kind', 'pages', 'cut from', 'where they part', 'fast-check path'], rows, (i) => i === 0 || i === 2)}`;
  folder.finish(summary, table);
  return table;
}
