/**
 * What a defense author imports (the package's `decoy/fuzz` export) to test a defense by
 * properties in their own suite: the arbitrary of cases over the scenario space, the judging
 * of a case, the search, and the replay of saved counterexamples. This face changes only with a note.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { classKey, FAILURE_KINDS, type Failure, type FailureKind } from './judge.ts';
import { CasePlayer, defenseName, type FuzzParties, type Judged, type PlayerOptions } from './player.ts';
import { caseDigest, caseSchema, readRegression, savedRegressions, slug, type Regression } from './regression.ts';
import { firstIssue, quote, UserError } from '../../lib/errors.ts';
import { caseLabel, makeCase, type FuzzCase } from './space.ts';
import { replayCommand } from './output.ts';

export { scenario, spaceCells, caseLabel, caseBundle, type FuzzCase, type SpaceOptions } from './space.ts';
export { FAILURE_KINDS, classKey, failuresOf, type Failure, type FailureKind } from './judge.ts';
export { fuzz, type FoundClass, type FuzzOptions, type FuzzResult } from './search.ts';
export { readRegression, regressionFiles, saveRegressions, type Regression } from './regression.ts';
export type { FuzzParties, Judged, PlayerOptions } from './player.ts';

const opened: Promise<CasePlayer>[] = [];
const byName = new Map<string, Promise<CasePlayer>>();
// A defense given as an object is its own key: two objects with one id are two defenses.
let byObject = new WeakMap<object, Map<string, Promise<CasePlayer>>>();

/** One player per agent, defense and options, in this process's jsdom unless options say otherwise, kept until closePlayers(). */
function playerFor(parties: FuzzParties, opts: PlayerOptions): Promise<CasePlayer> {
  const d = parties.defense;
  const key = JSON.stringify([
    parties.agent,
    typeof d === 'string' ? d : null,
    parties.agentOptions ?? {},
    parties.defenseOptions ?? {},
    opts,
  ]);
  let table = typeof d === 'string' ? byName : byObject.get(d);
  if (!table) byObject.set(d as object, (table = new Map()));
  let p = table.get(key);
  if (!p) {
    p = CasePlayer.open(parties, { inProcess: true, ...opts });
    table.set(key, p);
    opened.push(p);
  }
  return p;
}

/** Plays the case behind the defense (and, where they decide, the agent alone and the oracle) and gives its failures. */
export async function judgeCase(c: FuzzCase, parties: FuzzParties, opts: PlayerOptions = {}): Promise<Judged> {
  const checked = caseSchema.safeParse(c);
  if (!checked.success)
    throw new UserError(`not a case: ${firstIssue(checked.error, 'not the shape scenario() draws')}`);
  return (await playerFor(parties, opts)).judge(c);
}

/** Closes the engines judgeCase opened (for an `afterAll`). */
export async function closePlayers(): Promise<void> {
  const open = opened.splice(0);
  byName.clear();
  byObject = new WeakMap();
  // A player that never opened (its defense could not be loaded) has nothing to close; its error was its caller's.
  await Promise.all(
    open.map((p) =>
      p.then(
        (player) => player.close(),
        () => {},
      ),
    ),
  );
}

/** Writes the case's site as a bundle folder under `dir` (a browser opens it through `decoy serve`), and returns the folder. */
export function writeCaseBundle(c: FuzzCase, dir: string): string {
  mkdirSync(dir, { recursive: true });
  makeCase(c).writeTo(dir);
  return dir;
}

/** A failure of a case, as an Error whose message names the case, the failure, its bundle and the command that replays it. */
export class CaseFailed extends Error {
  override name = 'CaseFailed';
  constructor(
    readonly case_: FuzzCase,
    readonly failures: readonly Failure[],
    readonly bundle: string,
    replay: string,
  ) {
    super(
      `${failures.map((f) => `${classKey(f)}: ${f.detail}`).join('; ')}\n  case: ${caseLabel(case_)}\n  bundle: ${bundle}\n  replay: ${replay}`,
    );
  }
}

/** The failure of a case as an error, its site written into `dir` first, the replay command beside it. */
function caseFailed(
  c: FuzzCase,
  failures: readonly Failure[],
  parties: FuzzParties,
  dir: string,
  limits?: Parameters<typeof replayCommand>[4],
): CaseFailed {
  writeCaseBundle(c, dir);
  return new CaseFailed(c, failures, dir, replayCommand(parties, dir, c, `${dir}-run`, limits));
}

export interface ExpectOptions extends PlayerOptions {
  /** The failures that count (default every kind). */
  kinds?: readonly FailureKind[];
  /** Where a failing case's bundle is written (default `decoy-failures/` in the working folder). */
  failures?: string;
}

/**
 * Throws a CaseFailed when the defense fails on the case in one of the kinds, after writing the
 * case's site as a bundle you can open: the body of a property over `scenario()`.
 */
export async function expectNoFailure(c: FuzzCase, parties: FuzzParties, opts: ExpectOptions = {}): Promise<void> {
  const { kinds, failures: where, ...play } = opts;
  for (const k of kinds ?? [])
    if (!(FAILURE_KINDS as readonly string[]).includes(k))
      throw new UserError(`unknown failure kind ${quote(String(k))} (known: ${FAILURE_KINDS.join(', ')})`);
  const judged = await judgeCase(c, parties, play);
  const failed = judged.failures.filter((f) => !kinds || kinds.includes(f.kind));
  if (failed.length === 0) return;
  throw caseFailed(
    c,
    failed,
    parties,
    resolve(where ?? 'decoy-failures', `${c.task}-${c.domain}-${c.seed}-${caseDigest(c)}`),
  );
}

/** A saved counterexample as a test: its name, and a check that throws while it still fails in its class. */
export interface RegressionCase {
  name: string;
  file: string;
  regression: Regression;
  /** Replays the case behind the regression's defense (or `defense`, an author's own object) under its limits, and throws a CaseFailed while it fails in its class or ends in an error. */
  check(defense?: FuzzParties['defense'], opts?: ExpectOptions): Promise<void>;
}

/** The regressions `decoy fuzz --save DIR` wrote, each ready to be a test (`for (const r of regressions(dir)) it(r.name, () => r.check())`). */
export function regressions(dir: string): RegressionCase[] {
  return savedRegressions(dir).map((file) => {
    const r = readRegression(file);
    const name = `${r.defense}: no ${r.kind} on ${r.family === null ? 'a control' : `${r.family}:${r.variant}`} (${caseLabel(r.case)})`;
    return {
      name,
      file,
      regression: r,
      async check(defense = r.defense, opts: ExpectOptions = {}) {
        const parties: FuzzParties = {
          agent: r.agent,
          defense,
          agentOptions: r.agentOptions,
          defenseOptions: r.defenseOptions,
        };
        const limits = r.limits ?? {};
        const { callSeconds, ...episode } = limits;
        const { failures: _failures, kinds: _kinds, ...play } = opts;
        const judged = await judgeCase(r.case, parties, {
          ...(Object.keys(episode).length > 0 ? { limits: episode } : {}),
          ...(callSeconds !== undefined ? { callSeconds } : {}),
          ...play,
        });
        // Its class again, or an error: a defense that throws has fixed nothing.
        const held = judged.failures.filter((f) => classKey(f) === classKey(r) || f.kind === 'errored');
        if (held.length === 0) return;
        const where = resolve(opts.failures ?? 'decoy-failures', `${slug(defenseName(defense))}-${caseDigest(r.case)}`);
        throw caseFailed(r.case, held, parties, where, limits);
      },
    };
  });
}
