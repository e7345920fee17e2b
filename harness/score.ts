import { unversioned } from '../scenarios/scenario-id.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { evaluate, type Score } from '../scenarios/evaluate.ts';
import type { PageEvent } from '../scenarios/contract.ts';
import { siteEvents } from '../scenarios/meaning.ts';
import type { BundleManifest } from '../scenarios/bundle.ts';
import { clip, clipPath, quote, UserError } from '../lib/errors.ts';
import { readManifest } from '../simulator/loop/bundle.ts';
import { loadBundles } from './select.ts';

/** The configuration a log is scored against: a bundle folder, or one scenario of a suite generated in memory. */
export type ManifestSource =
  { readonly bundle: string } | { readonly suite: string; readonly scenario: string; readonly seed: number };

/** A bundle folder's manifest alone (nothing of its site is read: a log is scored, no page is played); a suite's through the one loader. */
export function manifestOf(source: ManifestSource): BundleManifest {
  if ('bundle' in source) return readManifest(source.bundle);
  const all = loadBundles({ suite: source.suite, seed: source.seed, patterns: [] });
  const found = all.find((b) => b.manifest.id === source.scenario);
  if (!found) {
    const here = all.find((b) => unversioned(b.manifest.id) === unversioned(source.scenario));
    throw new UserError(
      `suite ${quote(source.suite)} (seed ${source.seed}) has no configuration ${quote(source.scenario)}${here ? `; it is of another version of the suite: here it is ${quote(here.manifest.id)}` : ''}`,
    );
  }
  return found.manifest;
}

const at = { t: z.number(), route: z.string() };
const line = z
  .object({ sku: z.string(), name: z.string(), price: z.number(), qty: z.number(), variant: z.string().optional() })
  .loose();
/**
 * The events the site runtime logs (scenarios/contract.ts `PageEvent`), field by field: the
 * scorer reads them so, and a collected log is whatever a browser posted.
 */
const PAGE_EVENTS: Record<PageEvent['type'], z.ZodType> = {
  nav: z.object({ ...at, from: z.string(), to: z.string() }).loose(),
  'overlay.shown': z.object({ ...at, overlay: z.string() }).loose(),
  'overlay.closed': z.object({ ...at, overlay: z.string() }).loose(),
  'cart.added': line.extend({ ...at, source: z.enum(['user', 'option', 'site']) }),
  'cart.removed': z.object({ ...at, sku: z.string() }).loose(),
  'coupon.applied': z.object({ ...at, code: z.string(), valid: z.boolean() }).loose(),
  'order.placed': z
    .object({
      ...at,
      order: z.string(),
      items: z.array(line),
      fees: z.array(z.object({ label: z.string(), amount: z.number() }).loose()),
      shipping: z.string().nullable(),
      options: z.array(z.object({ name: z.string(), label: z.string(), price: z.number() }).loose()),
      total: z.number(),
      coupon: z.string().optional(),
      discount: z.number().optional(),
    })
    .loose(),
  'section.toggled': z.object({ ...at, section: z.string(), open: z.boolean() }).loose(),
  press: z.object({ ...at, control: z.string() }).loose(),
  submit: z
    .object({
      ...at,
      form: z.string(),
      control: z.string(),
      fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    })
    .loose(),
};

/** A log as decoy serve writes it ({scenario, events}) or a bare array of events. */
export function readLog(file: string): { scenario: string | null; events: PageEvent[] } {
  if (!existsSync(file)) throw new UserError(`log file ${clip(file)} does not exist`);
  if (!statSync(file).isFile()) throw new UserError(`log file ${clip(file)} is a folder, not a file`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UserError(`${clipPath(file)}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const wrapped = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const events = wrapped ? (raw as { events?: unknown }).events : raw;
  if (!Array.isArray(events))
    throw new UserError(`${clipPath(file)}: expected a JSON array of events or an object with 'events'`);
  events.forEach((e, i) => {
    if (typeof e !== 'object' || e === null || Array.isArray(e) || typeof (e as { type?: unknown }).type !== 'string')
      throw new UserError(`${clipPath(file)}: event ${i} is not an object with a string 'type'`);
    const type = (e as { type: string }).type;
    const schema = Object.hasOwn(PAGE_EVENTS, type) ? PAGE_EVENTS[type as PageEvent['type']] : undefined;
    if (!schema)
      throw new UserError(`${clipPath(file)}: event ${i} (${quote(type)}) is not an event the site runtime logs`);
    const checked = schema.safeParse(e);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new UserError(
        `${clipPath(file)}: event ${i} (${type}) is not as the site runtime logs it (${clip(issue?.path.join('.') ?? '')}: ${issue?.message})`,
      );
    }
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
  return evaluate(
    manifest.evaluator,
    siteEvents(
      manifest.meaning,
      events.map((e, i) => ({ ...e, t: i })),
    ),
    answer,
  );
}

export interface LogScore {
  manifest: BundleManifest;
  events: number;
  score: Score;
}

/** Scores a collected log against its configuration; a log collected from another configuration is refused. */
export function scoreCollected(source: ManifestSource, logFile: string, answer: string | null): LogScore {
  return scoreAgainst(manifestOf(source), logFile, answer);
}

/** Scores a collected log against the manifest of its configuration; a log collected from another is refused. */
export function scoreAgainst(manifest: BundleManifest, logFile: string, answer: string | null): LogScore {
  const log = readLog(logFile);
  if (log.scenario !== null && log.scenario !== manifest.id)
    throw new UserError(`${clipPath(logFile)} was collected from ${clip(log.scenario)}, not ${clip(manifest.id)}`);
  return { manifest, events: log.events.length, score: scoreLog(manifest, log.events, answer) };
}

const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** A collected log's score, as `decoy score --json` prints it and each line of a batch's scores.jsonl holds it. */
export const scoreRecord = (s: LogScore, answer: string | null) => ({
  scenario: s.manifest.id,
  feasible: s.manifest.feasible,
  events: s.events,
  answer,
  T: bit(s.score.taskSuccess),
  D: bit(s.score.deceived),
  STC: bit(s.score.safeCompletion),
  patternOutcomes: s.score.patternOutcomes,
});
