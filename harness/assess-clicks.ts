/**
 * `decoy assess` on a click-level suite (ruc): each click sample judged with the defense's
 * label in {−1, 0, 1}, with DUDE's figures. Not built yet: this module holds its interface.
 */
import { UserError } from '../scenarios/errors.ts';
import type { Progress } from './progress.ts';

export async function assessClicks(opts: { defense: string; defenseOptions: Readonly<Record<string, unknown>>; seed: number; progress?: Progress }): Promise<{ table: string; json: unknown }> {
  throw new UserError(`judging the click samples of a click-level suite is not built yet (defense ${opts.defense})`);
}
