import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { clip, quote, UserError } from '../lib/errors.ts';
import { unversioned } from '../scenarios/scenario-id.ts';
import { parseAction } from '../simulator/loop/actions.ts';

const single = z.union([z.string(), z.object({ action: z.string(), scenario: z.string().optional() }).strict()]);
const episode = z.object({ scenario: z.string(), steps: z.array(z.object({ proposal: z.string() }).loose()) }).loose();

/**
 * The longest action a replay file may hold, in characters: a recorded proposal is a call
 * (`fill('e3', 'text')`), and the longest of decoy's own are under 200; an answer to the user
 * can be a few paragraphs. A 20 MB action took 90 s and 2.5 GB to parse and was stored
 * twice in the run's records.
 */
export const MAX_REPLAY_ACTION_CHARS = 8192;
/** The longest line, in bytes, before it is parsed: an episode record of `decoy run` holds its steps and events, a few KB each. */
export const MAX_REPLAY_LINE_BYTES = 16 * 1024 * 1024;
/** The largest replay file, in bytes: it is read whole, and Node's strings stop at 512 MiB. */
export const MAX_REPLAY_FILE_BYTES = 256 * 1024 * 1024;

/** Recorded actions by configuration id, `*` for the lines recorded for every configuration. */
export type ReplayActions = ReadonlyMap<string, readonly string[]>;

/** The last file read, by where it is and what its stat says of its content. */
let lastRead: { key: string; actions: ReplayActions } | null = null;

/**
 * Reads recorded proposals: each line a JSON action string, an object {action, scenario?},
 * or an episode record of `decoy run` (its proposals replay that scenario). Every action
 * is parsed here, so a bad one is reported with its line before anything runs. The ids are
 * a Map's keys: `__proto__` or `constructor` is an id like any other (and no configuration
 * of a suite), not a property every object has.
 */
export function readReplayFile(path: string): ReplayActions {
  if (!existsSync(path)) throw new UserError(`replay file ${clip(path)} does not exist`);
  const stats = statSync(path);
  if (!stats.isFile()) throw new UserError(`replay file ${clip(path)} is a folder, not a file`);
  if (stats.size > MAX_REPLAY_FILE_BYTES)
    throw new UserError(
      `replay file ${clip(path)} is ${stats.size} bytes; a replay file is at most ${MAX_REPLAY_FILE_BYTES}`,
    );
  // A run reads its file for run.json's digest and again for the agent: parsed once while unchanged.
  const key = `${resolve(path)}\u0000${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  if (lastRead?.key === key) return lastRead.actions;
  const out = new Map<string, string[]>();
  const lines = (scenario: string) => {
    let list = out.get(scenario);
    if (!list) out.set(scenario, (list = []));
    return list;
  };
  const add = (scenario: string, action: string, where: string) => {
    if (action.length > MAX_REPLAY_ACTION_CHARS)
      throw new UserError(
        `${where}: an action of ${action.length} characters; a replayed action is at most ${MAX_REPLAY_ACTION_CHARS}`,
      );
    try {
      parseAction(action);
    } catch (e) {
      throw new UserError(`${where}: ${(e as Error).message}`);
    }
    lines(scenario).push(action);
  };
  const bytes = readFileSync(path);
  for (let start = 0, i = 0; start < bytes.length; i++) {
    const nl = bytes.indexOf(10, start);
    const end = nl === -1 ? bytes.length : nl;
    const where = `${clip(path)}:${i + 1}`;
    if (end - start > MAX_REPLAY_LINE_BYTES)
      throw new UserError(
        `${where}: a line of ${end - start} bytes; a replay file's line is at most ${MAX_REPLAY_LINE_BYTES}`,
      );
    const text = bytes.subarray(start, end).toString('utf8');
    start = end + 1;
    if (text.trim() === '') continue;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new UserError(`${where}: not JSON; each line must be a JSON action string or object`);
    }
    const one = single.safeParse(raw);
    const record = one.success ? null : episode.safeParse(raw);
    if (one.success) {
      const v = one.data;
      if (typeof v === 'string') add('*', v, where);
      else add(v.scenario ?? '*', v.action, where);
    } else if (record?.success) {
      lines(record.data.scenario);
      record.data.steps.forEach((s) => add(record.data.scenario, s.proposal, where));
    } else
      throw new UserError(`${where}: expected "click('e1')", {"action": ..., "scenario"?: ...} or an episode record`);
  }
  if ([...out.values()].every((a) => a.length === 0)) throw new UserError(`replay file ${clip(path)} holds no actions`);
  lastRead = { key, actions: out };
  return out;
}

/** The first few of a list, for a one-line message. */
const some = (ids: readonly string[]) =>
  `${ids
    .slice(0, 2)
    .map((id) => clip(id))
    .join(', ')}${ids.length > 2 ? ` and ${ids.length - 2} more` : ''}`;

/**
 * Recorded proposals fit the run they replay: every configuration the file names is one the
 * suite has (`known`: the run's own, and those a --pattern selection left out), and every
 * configuration of the run (`run`) has a recording, unless the file has lines for any
 * scenario. Otherwise episodes would run empty without a word.
 */
export function assertReplayFits(
  path: string,
  actions: ReplayActions,
  run: readonly string[],
  known: ReadonlySet<string>,
): void {
  const named = [...actions.keys()].filter((id) => id !== '*');
  const unknown = named.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const matched = named.length - unknown.length;
    // Recorded on another version of the suite: the same configurations under other ids.
    const mine = new Map([...known].map((id) => [unversioned(id), id]));
    const moved = unknown.find((id) => mine.has(unversioned(id)));
    const other = moved
      ? `; they are of another version of the suite (${some([moved])} is ${quote(mine.get(unversioned(moved)) as string)} here), and a recording is played only on the sites it was made on`
      : '';
    throw new UserError(
      `replay file ${clip(path)} names ${unknown.length} configuration${unknown.length === 1 ? '' : 's'} this suite and seed do not have (${some(unknown)})${matched === 0 ? ', and none that they have' : ''}${other}`,
    );
  }
  if (actions.has('*')) return;
  const missing = run.filter((id) => !actions.has(id));
  if (missing.length > 0)
    throw new UserError(
      `replay file ${clip(path)} has no recording for ${missing.length} of the run's ${run.length} configurations (${some(missing)})`,
    );
}

/** The sha256 of the actions a replay file holds, per configuration in order: the same for the same actions however the file spells them. */
export const replayDigest = (actions: ReadonlyMap<string, readonly string[]>): string =>
  createHash('sha256')
    .update(JSON.stringify([...actions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
    .digest('hex');
