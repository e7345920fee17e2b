/**
 * decoy's harness: what a library user calls. It composes the generator and the simulator
 * (run a suite, self-check, click samples, dataset, screenshots, conformance, the gallery
 * and its server, scoring collected logs, labelling recorded runs); the `decoy` command is a thin layer over it,
 * and calls nothing of the harness that is not here (test/faces.test.ts holds it to that). The CLI
 * imports each harness module itself, when a command runs, so that a command loads only its own.
 */
export {
  executeRun,
  prepareAgent,
  checkParties,
  checkAgent,
  checkEachDefense,
  claimOutput,
  runDemo,
  demoFolders,
  nameOf,
  type RunOptions,
  type RunResult,
  type DemoConfig,
} from './run.ts';
export {
  compareDefenses,
  withAblations,
  checkDefenses,
  defenseFolders,
  ABLATIONS,
  type CompareConfig,
  type CompareOptions,
  type CompareResult,
} from './compare.ts';
export {
  assessSteps,
  assessedDefense,
  writeAssessment,
  assertAssessFolder,
  type AssessResult,
  type AssessSource,
} from './assess.ts';
export { assessClicks } from './assess-clicks.ts';
export { experience, type ExperienceConfig, type ExperienceRun } from './experience/run.ts';
export { runExperience, type ExperienceResult, type IterationRecord, type LoopOptions } from './experience/loop.ts';
export { corpusOf, drawSamples, type Corpus } from './experience/corpus.ts';
export { ruleSummarizer } from './experience/rule.ts';
export { llmSummarizer } from './experience/llm.ts';
export type { Case, Summarizer, SummaryInput, Summary, Trial } from './experience/summarizer.ts';
export type { Lesson } from './experience/lessons.ts';
export { readRunFolder, type RunConfig, type RunFolder, type RunSummary } from './run-folder.ts';
export { checkBundles, checkCacheFile, VERDICT_SOURCES, type CheckOptions } from './check.ts';
export { generateClicks, quotas, resize, countsTable, writeSamples, writeClickSuite, clickSizes } from './clicks.ts';
export { writeDataset, type DatasetConfig, type DatasetResult } from './dataset.ts';
export { shootBundles, type ShootOptions, type ShootResult } from './shoot.ts';
export { conformBundles, type ConformConfig } from './conform.ts';
export { galleryData, writeLiveSites, LIVE_INDEX, type GalleryBundle, type GalleryData } from './gallery.ts';
export { buildGallery } from './gallery-build.ts';
export { assertGalleryFolder } from './gallery-folder.ts';
export { liveKey, livePath, liveCopy, newKeySecret } from './live-copy.ts';
export { startGalleryServer, type GalleryServer } from './server.ts';
export { readReplayFile } from './replay-file.ts';
export {
  selectSuite,
  loadBundles,
  makeSuite,
  generated,
  phrasingsOf,
  assertBundleFolder,
  type BundleSource,
  type MadeSuite,
} from './select.ts';
export { manifestOf, readLog, scoreLog, scoreCollected, scoreRecord, type ManifestSource } from './score.ts';
export { scoreLogs, type ScoreSource, type BatchResult } from './score-batch.ts';
export { labelRun, type LabelOptions, type LabelResult } from './label.ts';
export { catalogue, suiteSize } from './catalogue.ts';
export type { Progress } from './progress.ts';
export { shardOf, parseShard, shardFromEnv, sliceOf, interleave, type Shard } from './shard.ts';
export { mergeShards, type MergeResult } from './merge.ts';
export { subsetOf, subsetOfRuns, subsetFields, byScenario, type Subset } from './subset.ts';
export { runSeeds, seedFolder, SEEDS_FILE, type SeedsResult } from './seeds.ts';
export { compareSeeds, type CompareSeedsResult } from './compare-seeds.ts';
export { optionsByDefense, optionsOfDefense, splitDefenseOptions } from './defense-options.ts';
export { compareRunFolders, labelsOf, type CompareRunsOptions, type CompareRunsResult } from './compare-runs.ts';
export { McpSession } from './mcp/session.ts';
export { serveStdio } from './mcp/server.ts';
export {
  writeReport,
  defaultReportOut,
  REPORT_HTML,
  REPORT_MD,
  REPORT_CSV,
  GROUPS_CSV,
  type ReportResult,
} from './report/write.ts';
export { readReportSources, folderKind, type ReportSet, type ReportRun } from './report/sources.ts';
export {
  galleryResults,
  outcomeLabel,
  type GalleryResults,
  type GalleryRun,
  type GalleryOutcome,
} from './gallery-results.ts';
export { fuzz, type FuzzOptions, type FuzzResult, type FoundClass } from './fuzz/search.ts';
export { writeFuzz, claimFuzzFolder, fuzzSummary, writeEngineFuzz, engineSummary } from './fuzz/output.ts';
export { regressionOf, saveRegressions, checkSaveFolder, type Regression } from './fuzz/regression.ts';
export { fuzzEngines, type EngineFuzzResult, type EngineFuzzOptions } from './fuzz/engine-search.ts';
