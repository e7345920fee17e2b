/**
 * The pictures of the episode viewer: the shot `decoy shoot` left in a run's bundle
 * (shots/start.png with start.json, the state it shows), and on it the point each step
 * proposed to act on, where the step was proposed in that very state (the episode had carried
 * out exactly the actions the shot replays). A step in any other state is not marked: the
 * picture would show a page the agent was not looking at.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { clipPath, UserError } from '../../lib/errors.ts';
import { parseAction } from '../../simulator/loop/actions.ts';
import { readBundleFile } from '../../simulator/loop/bundle.ts';
import { pictureProblem } from '../../simulator/loop/trust.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { shotStateSchema, type ShotState } from '../../simulator/measure/shots.ts';
import type { RunConfig } from '../run-folder.ts';
import { parseJsonFile } from './sources.ts';

/** A point marked on a picture, in percent of its width and height, so it stays on the spot however the picture is scaled. */
export interface Mark {
  step: number;
  x: number;
  y: number;
  /** The proposal and what the defense made of it. */
  label: string;
}

export interface EpisodeShot {
  /** The picture's file name in the report's shots/ folder: its content's hash, so one picture is copied once. */
  name: string;
  png: Buffer;
  state: ShotState;
  marks: Mark[];
}

/**
 * Where the shot of `scenario`'s bundle is, below the run's bundles folder (a folder of
 * bundles, or the one bundle), as the names `readBundleFile` opens; null where it has none.
 */
function shotNames(config: RunConfig, scenario: string): string[] | null {
  if (config.bundles === null) return null;
  // A run of one bundle plays that bundle's configuration only.
  const one = existsSync(join(config.bundles, 'bundle.json'));
  const names = one ? ['shots'] : [scenario, 'shots'];
  const dir = join(config.bundles, ...names);
  return existsSync(join(dir, 'start.png')) && existsSync(join(dir, 'start.json')) ? names : null;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** Where a proposal acts in the shot's state: a point given, or the centre of the element it names where that is in view; else null. */
function pointOf(proposal: string, state: ShotState): { x: number; y: number } | null {
  let action;
  try {
    action = parseAction(proposal);
  } catch {
    return null;
  }
  if ('x' in action && 'y' in action) return { x: action.x, y: action.y };
  if ('bid' in action) return state.points[action.bid] ?? null;
  return null;
}

/** The marks of the steps of `episode` proposed in the state the shot shows. */
export function marksOn(episode: EpisodeRecord, state: ShotState): Mark[] {
  const marks: Mark[] = [];
  const done: string[] = [];
  for (const s of episode.steps) {
    if (same(done, state.actions)) {
      const p = pointOf(s.proposal, state);
      if (p && p.x >= 0 && p.y >= 0 && p.x <= state.viewport.width && p.y <= state.viewport.height)
        marks.push({
          step: s.i,
          x: round1((100 * p.x) / state.viewport.width),
          y: round1((100 * p.y) / state.viewport.height),
          label: `step ${s.i}: ${s.proposal} → ${s.verdict.kind}`,
        });
    }
    done.push(...s.executed.map((x) => x.action));
  }
  return marks;
}

/** The shot of an episode's configuration with its steps marked, or null where the run's bundles hold none. */
export function episodeShot(config: RunConfig, episode: EpisodeRecord): EpisodeShot | null {
  const names = shotNames(config, episode.scenario);
  if (names === null || config.bundles === null) return null;
  // Read as a bundle is read: a link (to a file anywhere) is refused, never followed and copied out.
  const png = readBundleFile(config.bundles, ...names, 'start.png');
  const pngPath = join(config.bundles, ...names, 'start.png');
  const bad = pictureProblem('start.png', png);
  if (bad !== null) throw new UserError(`${clipPath(pngPath)}: ${bad}`);
  const state: ShotState = parseJsonFile(
    join(config.bundles, ...names, 'start.json'),
    readBundleFile(config.bundles, ...names, 'start.json').toString('utf8'),
    shotStateSchema,
    'decoy shoot',
  ).value;
  const name = `${createHash('sha256').update(png).digest('hex').slice(0, 16)}.png`;
  return { name, png, state, marks: marksOn(episode, state) };
}
