import { existsSync, readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { clip, UserError } from '../scenarios/errors.ts';
import { parseAction } from '../simulator/actions.ts';

const single = z.union([z.string(), z.object({ action: z.string(), scenario: z.string().optional() }).strict()]);
const episode = z.object({ scenario: z.string(), steps: z.array(z.object({ proposal: z.string() }).loose()) }).loose();

/**
 * Reads recorded proposals: each line a JSON action string, an object {action, scenario?},
 * or an episode record of `decoy run` (its proposals replay that scenario). Every action
 * is parsed here, so a bad one is reported with its line before anything runs.
 */
export function readReplayFile(path: string): Record<string, string[]> {
  if (!existsSync(path)) throw new UserError(`replay file ${path} does not exist`);
  if (!statSync(path).isFile()) throw new UserError(`replay file ${path} is a folder, not a file`);
  const out: Record<string, string[]> = {};
  const add = (scenario: string, action: string, where: string) => {
    try {
      parseAction(action);
    } catch (e) {
      throw new UserError(`${where}: ${(e as Error).message}`);
    }
    (out[scenario] ??= []).push(action);
  };
  readFileSync(path, 'utf8').split('\n').forEach((text, i) => {
    const where = `${path}:${i + 1}`;
    if (text.trim() === '') return;
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
      out[record.data.scenario] ??= [];
      record.data.steps.forEach((s) => add(record.data.scenario, s.proposal, where));
    } else throw new UserError(`${where}: expected "click('e1')", {"action": ..., "scenario"?: ...} or an episode record`);
  });
  if (Object.values(out).every((a) => a.length === 0)) throw new UserError(`replay file ${path} holds no actions`);
  return out;
}

/** The first few of a list, for a one-line message. */
const some = (ids: readonly string[]) => `${ids.slice(0, 2).map((id) => clip(id)).join(', ')}${ids.length > 2 ? ` and ${ids.length - 2} more` : ''}`;

/**
 * Recorded proposals fit the run they replay: every configuration the file names is one the
 * suite has (`known`: the run's own, and those a --pattern selection left out), and every
 * configuration of the run (`run`) has a recording, unless the file has lines for any
 * scenario. Otherwise episodes would run empty without a word.
 */
export function assertReplayFits(path: string, actions: Readonly<Record<string, readonly string[]>>, run: readonly string[], known: ReadonlySet<string>): void {
  const named = Object.keys(actions).filter((id) => id !== '*');
  const unknown = named.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const matched = named.length - unknown.length;
    throw new UserError(`replay file ${path} names ${unknown.length} configuration${unknown.length === 1 ? '' : 's'} this suite and seed do not have (${some(unknown)})${matched === 0 ? ', and none that they have' : ''}`);
  }
  if ('*' in actions) return;
  const missing = run.filter((id) => !(id in actions));
  if (missing.length > 0) throw new UserError(`replay file ${path} has no recording for ${missing.length} of the run's ${run.length} configurations (${some(missing)})`);
}
