/**
 * The run folder an MCP server writes: the three files of decoy run (run-folder.ts), written by
 * the same functions. Its episodes come in the order the client plays them, and summary.json
 * is written again after each one, so that whenever the server stops the folder is a finished
 * run of the episodes played so far, which every reader takes. A server started again with
 * the same run.json keeps them and plays on.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendLine, keptLines, writeFileAtomic } from '../../lib/files.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { claimOutput, writeSummary } from '../run.ts';
import { EPISODES_FILE, parseEpisode, readRunFolder, RUN_FILE, SUMMARY_FILE, type RunConfig } from '../run-folder.ts';

/**
 * Takes `out` for this run (config as stampRun made it): a new run folder, or the one an
 * earlier server of the same run.json left, whose episodes are returned, checked as every
 * reader checks them. A folder holding anything else is refused, as decoy run refuses it.
 */
export function claimMcpFolder(out: string, config: RunConfig): EpisodeRecord[] {
  const runFile = join(out, RUN_FILE);
  const episodes = join(out, EPISODES_FILE);
  const same = existsSync(runFile) && readFileSync(runFile, 'utf8') === JSON.stringify(config, null, 2) + '\n';
  if (!same) claimOutput(out, config);
  // A kill can leave half a line, or a line its summary does not count yet: the whole lines are kept and summed again.
  const kept = same ? keptLines(episodes, () => true).map((line, i) => parseEpisode(line, episodes, i + 1)) : [];
  if (!existsSync(episodes)) writeFileAtomic(episodes, '');
  writeSummary(join(out, SUMMARY_FILE), config, kept);
  return readRunFolder(out).episodes;
}

/** Appends an episode's record and writes the summary of all of them (`records`, this one last). */
export function recordEpisode(out: string, config: RunConfig, records: readonly EpisodeRecord[]): void {
  const last = records.at(-1);
  if (!last) throw new Error('no episode to record');
  appendLine(join(out, EPISODES_FILE), JSON.stringify(last));
  writeSummary(join(out, SUMMARY_FILE), config, records);
}
