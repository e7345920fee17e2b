/**
 * `decoy score --logs`: every event log `decoy serve` collected (`<log-dir>/<scenario-id>/<session>.json`)
 * scored against its configuration, as `decoy score --log` scores one, and the figures of all
 * of them made by the code that makes a run's summary.json, so the two compare field for field.
 *
 * Every session is an episode: a configuration played three times (three browser profiles)
 * counts three times, in the order the sessions began (a session is named by the digits of
 * the time its page first loaded). Keeping only the last would drop the attempts an agent
 * failed before one that went well, and the figures would no longer be of what was played.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { clip, clipPath, quote, UserError } from '../lib/errors.ts';
import { isTempName, writeFileAtomic } from '../lib/files.ts';
import type { BundleManifest } from '../scenarios/bundle.ts';
import { unversioned } from '../scenarios/scenario-id.ts';
import { configurationOf } from '../simulator/loop/runner.ts';
import type { Summary } from '../simulator/measure/metrics.ts';
import { isSession } from './collect.ts';
import { assertOwnFolder, jsonLines, jsonObject } from './own-folder.ts';
import { writeFigures } from './run.ts';
import { SUMMARY_FILE } from './run-folder.ts';
import { scoreAgainst, scoreRecord } from './score.ts';
import { loadBundles, manifestsFromDisk } from './select.ts';

/** The configurations the logs were collected from: a suite generated here, or the bundles decoy generate wrote. */
export type ScoreSource = { readonly suite: string; readonly seed: number } | { readonly bundles: string };

export const SCORES_FILE = 'scores.jsonl';

/** One collected log to score. */
interface Collected {
  readonly manifest: BundleManifest;
  readonly session: string;
  /** `<scenario-id>/<session>.json`, under the log folder. */
  readonly log: string;
}

export interface BatchResult {
  summary: Summary;
  /** One line per log scored, in scores.jsonl's order. */
  records: ReturnType<typeof batchRecord>[];
  summaryFile: string;
  scoresFile: string;
}

/** A line of scores.jsonl: the log, its session, its score as `decoy score --json` prints it, and what the summary groups it by. */
const batchRecord = (c: Collected, scored: ReturnType<typeof scoreRecord>) => ({
  log: c.log,
  session: c.session,
  ...scored,
  ...configurationOf(c.manifest),
});

/** Sessions in the order they began: a session's digits are the time its page first loaded. */
const bySessionStart = (a: string, b: string): number =>
  (/^\d+$/.test(a) && /^\d+$/.test(b) ? a.length - b.length : 0) || (a < b ? -1 : a > b ? 1 : 0);

/** Refuses, before any work, an --out holding anything but an earlier batch's summary.json and scores.jsonl. */
export const assertScoreFolder = (out: string): void =>
  assertOwnFolder(out, { [SUMMARY_FILE]: jsonObject, [SCORES_FILE]: jsonLines }, 'scored logs');

function manifestsOf(source: ScoreSource): BundleManifest[] {
  if ('bundles' in source) return manifestsFromDisk(source.bundles);
  return loadBundles({ suite: source.suite, seed: source.seed, patterns: [] }).map((b) => b.manifest);
}

const sourceName = (source: ScoreSource) =>
  'bundles' in source ? clip(source.bundles) : `suite ${quote(source.suite)} (seed ${source.seed})`;

/**
 * The logs of a log folder, in the suite's order and each configuration's sessions in the
 * order they began; a folder of a configuration the source lacks, and anything that is not a
 * log decoy serve writes, is refused naming it.
 */
function collected(logs: string, manifests: readonly BundleManifest[], source: ScoreSource): Collected[] {
  if (!existsSync(logs)) throw new UserError(`log folder ${clip(logs)} does not exist`);
  if (!statSync(logs).isDirectory())
    throw new UserError(`${clip(logs)} is not a folder (give the --log-dir decoy serve wrote into)`);
  const byId = new Map(manifests.map((m) => [m.id, m]));
  const found = new Map<string, string[]>();
  for (const d of readdirSync(logs, { withFileTypes: true })) {
    if (isTempName(d.name)) continue;
    const where = join(logs, d.name);
    if (!d.isDirectory())
      throw new UserError(`${clipPath(where)} is not a configuration's folder of logs (<scenario-id>/<session>.json)`);
    if (!byId.has(d.name)) {
      const here = manifests.find((m) => unversioned(m.id) === unversioned(d.name));
      throw new UserError(
        `${clipPath(where)}: ${quote(d.name)} is no configuration of ${sourceName(source)}${here ? `; it is of another version of the suite: here it is ${quote(here.id)}` : ''}`,
      );
    }
    const sessions: string[] = [];
    for (const f of readdirSync(where, { withFileTypes: true })) {
      if (isTempName(f.name)) continue;
      const session = f.name.slice(0, -'.json'.length);
      if (!f.isFile() || !f.name.endsWith('.json') || !isSession(session))
        throw new UserError(`${clipPath(join(where, f.name))} is not a log decoy serve writes (<session>.json)`);
      sessions.push(session);
    }
    found.set(d.name, sessions.sort(bySessionStart));
  }
  const all = manifests.flatMap((m) =>
    (found.get(m.id) ?? []).map((session) => ({ manifest: m, session, log: `${m.id}/${session}.json` })),
  );
  if (all.length === 0) throw new UserError(`${clip(logs)} holds no logs (<scenario-id>/<session>.json)`);
  return all;
}

/**
 * The answers file: `{ "<scenario-id>": "final message", "<scenario-id>/<session>": …, "<session>": … }`,
 * an answer for each log it names. A configuration's id answers its one log, a session's name its
 * one log; a key that names several logs (a configuration with several sessions) is refused,
 * asking for `<scenario-id>/<session>`, and so is a key that names no log, or a log named twice.
 */
function answersFor(file: string | undefined, logs: readonly Collected[]): Map<Collected, string> {
  const out = new Map<Collected, string>();
  if (file === undefined) return out;
  if (!existsSync(file) || !statSync(file).isFile()) throw new UserError(`answers file ${clip(file)} is not a file`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UserError(`${clip(file)}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new UserError(`${clip(file)}: expected an object of answers, { "<scenario-id>": "the final message", … }`);
  for (const [key, answer] of Object.entries(raw)) {
    if (typeof answer !== 'string')
      throw new UserError(`${clip(file)}: ${quote(key)}: an answer is the final message's text, a string`);
    const mine = logs.filter(
      (l) => l.manifest.id === key || `${l.manifest.id}/${l.session}` === key || l.session === key,
    );
    if (mine.length === 0)
      throw new UserError(
        `${clip(file)}: ${quote(key)} names no log collected (keys are <scenario-id>, <scenario-id>/<session> or <session>)`,
      );
    if (mine.length > 1)
      throw new UserError(
        `${clip(file)}: ${quote(key)} names ${mine.length} logs (${clip(mine[0]?.log ?? '')}, …); give each its answer as <scenario-id>/<session>`,
      );
    const log = mine[0] as Collected;
    if (out.has(log)) throw new UserError(`${clip(file)}: ${quote(key)}: ${clip(log.log)} is given an answer twice`);
    out.set(log, answer);
  }
  return out;
}

/**
 * Scores every log of `logs` against its configuration (harness/score.ts, as `decoy score --log`),
 * with the answers file's final messages, and writes into `out` scores.jsonl (a line per log)
 * and summary.json (what the logs were scored against, then the figures `decoy run` writes).
 * Everything is checked before anything is written.
 */
export function scoreLogs(opts: { source: ScoreSource; logs: string; answers?: string; out: string }): BatchResult {
  assertScoreFolder(opts.out);
  const manifests = manifestsOf(opts.source);
  const logs = collected(opts.logs, manifests, opts.source);
  const answers = answersFor(opts.answers, logs);
  const records = logs.map((c) => {
    const answer = answers.get(c) ?? null;
    return batchRecord(c, scoreRecord(scoreAgainst(c.manifest, join(opts.logs, c.log), answer), answer));
  });
  const head = {
    suite: manifests[0]?.suite ?? '',
    ...('bundles' in opts.source ? { bundles: opts.source.bundles } : { seed: opts.source.seed }),
    logs: opts.logs,
    answers: opts.answers ?? null,
  };
  const scoresFile = join(opts.out, SCORES_FILE);
  const summaryFile = join(opts.out, SUMMARY_FILE);
  mkdirSync(opts.out, { recursive: true });
  writeFileAtomic(scoresFile, records.map((r) => JSON.stringify(r) + '\n').join(''));
  const summary = writeFigures(summaryFile, head, records);
  return { summary, records, summaryFile, scoresFile };
}
