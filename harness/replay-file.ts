import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { UserError } from '../scenarios/errors.ts';
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
      record.data.steps.forEach((s) => add(record.data.scenario, s.proposal, where));
    } else throw new UserError(`${where}: expected "click('e1')", {"action": ..., "scenario"?: ...} or an episode record`);
  });
  if (Object.keys(out).length === 0) throw new UserError(`replay file ${path} holds no actions`);
  return out;
}
