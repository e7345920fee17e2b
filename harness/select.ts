import type { SuiteDef } from '../scenarios/model.ts';
import { families, suites } from '../scenarios/index.ts';
import { scenarioId, versionIn, versionPrefix } from '../scenarios/scenario-id.ts';
import { subsetOf, type Subset } from './subset.ts';
import { clip, clipPath, quote, UserError } from '../lib/errors.ts';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SUITE_INDEX } from '../scenarios/bundle.ts';
import { generateSuite, pictureData, readSuiteIndex, writeBundles, type Bundle } from '../generator/bundle.ts';
import { PHRASINGS_DEFAULT, recordedPhrasings, type Phrasings } from '../scenarios/phrasing.ts';
import { readBundles, readManifests, type LoadedBundle } from '../simulator/loop/bundle.ts';
import type { BundleManifest } from '../scenarios/bundle.ts';
import { markTrusted } from '../simulator/page/sandbox/trusted.ts';

/** A suite narrowed to the configurations that hold one of the given pattern families. */
export function selectSuite(name: string, patterns: readonly string[] = []): SuiteDef {
  const suite = suites.get(name);
  if (patterns.length === 0) return suite;
  for (const p of patterns) families.get(p);
  const keep = suite.scenarios().filter((s) => s.patterns.some((p) => patterns.includes(p.family)));
  if (keep.length === 0)
    throw new UserError(`suite ${quote(name)} has no configuration with pattern ${patterns.join(' or ')}`);
  return { ...suite, scenarios: () => keep };
}

/** Where a command's bundles come from: a folder written by decoy generate, or a suite generated in memory. */
export type BundleSource =
  | { readonly bundles: string; readonly trustBundles?: boolean }
  | {
      readonly suite: string;
      readonly seed: number;
      readonly patterns: readonly string[];
      /** The half of the phrasing pools its texts come from; absent: standard. */
      readonly phrasings?: Phrasings;
    };

/** What run.json records of a source's phrasings: the held-out half, for a suite generated from it; nothing for the standard one or bundles. */
export const phrasingsOf = (source: BundleSource): { phrasings?: 'heldout' } =>
  'suite' in source ? recordedPhrasings(source.phrasings) : {};

/** Bundles from disk, checked to be data unless trusted (simulator/loop/trust.ts); trusted ones each play in an engine process of their own (simulator/page/sandbox/trusted.ts). */
export function bundlesFromDisk(dir: string, trustBundles: boolean): LoadedBundle[] {
  const read = readBundles(dir, { trustBundles });
  return trustBundles ? markTrusted(read) : read;
}

/** Bundles generated here, as the simulator reads bundles: decoy's own, nothing to check. */
export const generated = (made: readonly Bundle[]): LoadedBundle[] =>
  made.map((b) => ({
    manifest: b.manifest,
    site: Object.keys(b.pictures).length > 0 ? { files: b.files, data: pictureData(b.pictures) } : { files: b.files },
  }));

/** A whole suite generated here, and the writing of it under the seed and phrasings it was generated at. */
export interface MadeSuite {
  readonly bundles: readonly Bundle[];
  /** Writes the bundles and suite.json into `out` (generator/bundle.ts writeBundles: refused where it holds another suite). */
  writeTo(out: string): void;
}

/**
 * The one generation of a whole suite, for every command that generates one (run, generate,
 * shoot, the demo): what is written is what was generated, at one seed and one half of the
 * phrasings. (A click suite's samples are drawn bundle by bundle instead: clicks.ts.)
 */
export function makeSuite(
  suite: SuiteDef,
  seed: number,
  phrasings: Phrasings = PHRASINGS_DEFAULT,
  made?: (done: number, total: number) => void,
): MadeSuite {
  const bundles = generateSuite(suite, seed, phrasings, made);
  return { bundles, writeTo: (out) => writeBundles(out, suite, seed, bundles, phrasings) };
}

/**
 * The one loader of bundles, for every command: from disk (bundlesFromDisk: checked to be
 * data unless trusted), or a suite (narrowed to its patterns) generated here, which is decoy's own.
 */
export function loadBundles(
  source: BundleSource,
  made?: (done: number, total: number) => void,
  /** The part of the suite the command plays (--scenario, --configs, --limit), drawn under the run's seed: a suite generated here makes only it. */
  part?: Subset,
): LoadedBundle[] {
  if ('bundles' in source) return ofThisVersion(bundlesFromDisk(source.bundles, source.trustBundles === true));
  const suite = selectSuite(source.suite, source.patterns);
  return generated(
    makeSuite(part ? partOf(suite, source.seed, part) : suite, source.seed, source.phrasings, made).bundles,
  );
}

/** The suite narrowed to `part` of its configurations, chosen by their ids as subsetOf chooses bundles: each is made alone, so the same bundles. */
function partOf(suite: SuiteDef, seed: number, part: Subset): SuiteDef {
  const specs = suite.scenarios();
  const kept = new Set(
    subsetOf(
      specs.map((spec) => ({ spec, manifest: { id: scenarioId(suite, spec, seed) } })),
      part,
      seed,
    ).map((s) => s.spec),
  );
  return { ...suite, scenarios: () => specs.filter((s) => kept.has(s)) };
}

/** The manifests of a folder of bundles (simulator/loop/bundle.ts readManifests), of this decoy's version as loadBundles holds them. */
export const manifestsFromDisk = (dir: string): BundleManifest[] =>
  ofThisVersion(readManifests(dir).map((manifest) => ({ manifest }))).map((b) => b.manifest);

/**
 * Bundles read from disk whose ids name a suite this decoy holds must be of its version, with
 * or without a suite.json: a bundle of another version is not the site this decoy plays under
 * that name, and its results would be read as this version's.
 */
function ofThisVersion<T extends { readonly manifest: { readonly id: string } }>(bundles: T[]): T[] {
  for (const b of bundles) {
    const named = versionIn(b.manifest.id);
    if (!named || !suites.ids().includes(named.suite)) continue;
    const now = suites.get(named.suite).version;
    if (named.version !== now)
      throw new UserError(
        `bundle ${quote(b.manifest.id)} is of ${quote(named.suite)} v${named.version}, but this decoy generates v${now}; generate the bundles again with this decoy`,
      );
  }
  return bundles;
}

/**
 * The version of the suite a run or comparison plays, as run.json and compare.json record it:
 * the registry's, or for a folder of bundles the one its suite.json says it was generated at
 * (none for bundles of another origin, or made in memory for a suite the registry does not hold).
 * A suite.json that names a version other than the registry's, or ids not of the version it
 * names, is refused: its bundles are not the sites this decoy would play under that name.
 */
export function suiteVersionOf(c: { readonly suite: string; readonly bundles: string | null }): number | undefined {
  if (c.bundles === null) return suites.ids().includes(c.suite) ? suites.get(c.suite).version : undefined;
  const held = readSuiteIndex(c.bundles);
  if (held?.version === undefined) return undefined;
  const { version } = held;
  const suite = held.suite ?? c.suite;
  const file = clipPath(join(c.bundles, SUITE_INDEX));
  const now = suites.ids().includes(suite) ? suites.get(suite).version : version;
  if (version !== now)
    throw new UserError(
      `${file}: version: ${quote(suite)} v${version}, but this decoy generates v${now}; generate the bundles again with this decoy`,
    );
  // The ids are what the episodes record: each must carry the version too.
  const other = held.scenarios.find((id) => !id.startsWith(versionPrefix(suite, version)));
  if (other !== undefined)
    throw new UserError(
      `${file}: scenarios: ${quote(other)} is not of ${quote(suite)} v${version}, the version it names`,
    );
  return suite === c.suite ? version : undefined;
}

/** `demo v1`, or the bare name where no version is known (a folder of bundles of another origin): how a title names the suite. */
export const suiteTitle = (suite: string, version: number | undefined): string =>
  version === undefined ? suite : `${suite} v${version}`;

/**
 * Where a run's bundles come from (what run.json records): the folder it names, read trusted
 * when the run was told to (--trust-bundles, which run.json does not record), else its suite
 * generated again from its seed, patterns and phrasings.
 */
export function runSource(
  config: {
    readonly suite: string;
    readonly patterns: readonly string[];
    readonly bundles: string | null;
    readonly seed: number;
    readonly phrasings?: Phrasings;
  },
  trustBundles = false,
): BundleSource {
  return config.bundles
    ? { bundles: config.bundles, trustBundles }
    : {
        suite: config.suite,
        seed: config.seed,
        patterns: config.patterns,
        ...(config.phrasings ? { phrasings: config.phrasings } : {}),
      };
}

/**
 * Whether decoy generate may write this suite and seed into `out` (empty, or holding the same
 * suite and seed), asked before a long generation rather than after it.
 */
export function assertBundleFolder(
  out: string,
  suite: Pick<SuiteDef, 'id' | 'version'>,
  seed: number,
  phrasings: Phrasings = PHRASINGS_DEFAULT,
): void {
  const held = readSuiteIndex(out);
  if (held !== null) {
    if (held.suite === suite.id && held.seed === seed && (held.phrasings ?? PHRASINGS_DEFAULT) !== phrasings)
      throw new UserError(
        `${clip(out)} holds ${suite.id} with the ${held.phrasings ?? PHRASINGS_DEFAULT} phrasings, not the ${phrasings} ones; choose another --out or remove it`,
      );
    if (held.suite === suite.id && held.seed === seed && held.version !== suite.version)
      throw new UserError(
        `${clip(out)} holds ${suite.id} ${held.version === undefined ? 'from before suites were versioned' : `v${held.version}`}, not v${suite.version}; choose another --out or remove it`,
      );
    if (held.suite !== suite.id || held.seed !== seed)
      throw new UserError(`${clip(out)} already holds a different generated suite; choose another --out or remove it`);
  } else if (existsSync(out) && readdirSync(out).length > 0)
    throw new UserError(`${clip(out)} is not empty and holds no generated suite; choose another --out`);
}
