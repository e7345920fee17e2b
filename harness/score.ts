import { existsSync, readFileSync, statSync } from 'node:fs';
import { evaluate, type Score } from '../scenarios/evaluate.ts';
import type { PageEvent } from '../scenarios/contract.ts';
import { siteEvents } from '../scenarios/meaning.ts';
import type { BundleManifest } from '../scenarios/bundle.ts';
import { clip, quote, UserError } from '../scenarios/errors.ts';
import { generateSuite } from '../generator/bundle.ts';
import { readManifest } from '../simulator/bundle.ts';
import { selectSuite } from './select.ts';

/** The configuration a log is scored against: a bundle folder, or one scenario of a suite generated in memory. */
export type ManifestSource = { readonly bundle: string } | { readonly suite: string; readonly scenario: string; readonly seed: number };

export function manifestOf(source: ManifestSource): BundleManifest {
  if ('bundle' in source) return readManifest(source.bundle);
  const suite = selectSuite(source.suite);
  const found = generateSuite(suite, source.seed).find((b) => b.manifest.id === source.scenario);
  if (!found) throw new UserError(`suite '${suite.id}' (seed ${source.seed}) has no configuration ${quote(source.scenario)}`);
  return found.manifest;
}

/** A log as decoy serve writes it ({scenario, events}) or a bare array of events. */
export function readLog(file: string): { scenario: string | null; events: PageEvent[] } {
  if (!existsSync(file)) throw new UserError(`log file ${file} does not exist`);
  if (!statSync(file).isFile()) throw new UserError(`log file ${file} is a folder, not a file`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UserError(`${file}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const wrapped = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const events = wrapped ? (raw as { events?: unknown }).events : raw;
  if (!Array.isArray(events)) throw new UserError(`${file}: expected a JSON array of events or an object with 'events'`);
  events.forEach((e, i) => {
    if (typeof e !== 'object' || e === null || Array.isArray(e) || typeof (e as { type?: unknown }).type !== 'string') throw new UserError(`${file}: event ${i} is not an object with a string 'type'`);
  });
  const scenario = wrapped ? (raw as { scenario?: unknown }).scenario : undefined;
  return { scenario: typeof scenario === 'string' ? scenario : null, events: events as PageEvent[] };
}

/**
 * The simulator's evaluator on a page's log from a real browser, read with the bundle's meaning. Timestamps there are wall-clock,
 * in the simulator virtual; evaluators only order events by them, so each event's time is
 * replaced by its position in the log and the score depends on the order alone.
 */
export function scoreLog(manifest: BundleManifest, events: readonly PageEvent[], answer: string | null): Score {
  return evaluate(manifest.evaluator, siteEvents(manifest.meaning, events.map((e, i) => ({ ...e, t: i }))), answer);
}

export interface LogScore {
  manifest: BundleManifest;
  events: number;
  score: Score;
}

/** Scores a collected log against its configuration; a log collected from another configuration is refused. */
export function scoreCollected(source: ManifestSource, logFile: string, answer: string | null): LogScore {
  const manifest = manifestOf(source);
  const log = readLog(logFile);
  if (log.scenario !== null && log.scenario !== manifest.id) throw new UserError(`${logFile} was collected from ${clip(log.scenario)}, not ${manifest.id}`);
  return { manifest, events: log.events.length, score: scoreLog(manifest, log.events, answer) };
}
