/**
 * Calls into an agent's or a defense's own code (a registry entry or a user's file): a throw,
 * a promise that never settles, or an answer that is not a verdict is that party's failure,
 * named as theirs, and ends only the episode it happened in.
 */
import { withTimeout } from '../../lib/timeout.ts';
import { PARTY_SECONDS } from './call-limits.ts';
import { verdictSchema, type Defense, type ReplanContext, type ReviewContext, type Verdict } from './defense.ts';

/** A party that asks a model: its definition takes a `model` option (the LLM room's settings). */
export const asksModel = (def: { options?: readonly { name: string }[] }): boolean =>
  (def.options ?? []).some((o) => o.name === 'model');

export class PartyError extends Error {}

/** `who` is the party and the id or file it was given as ("defense './mine.ts'"); `seconds` null waits as long as it takes. */
export async function blame<T>(
  who: string,
  f: () => T | Promise<T>,
  seconds: number | null = PARTY_SECONDS,
): Promise<T> {
  try {
    const work = Promise.resolve().then(f);
    return await (seconds === null
      ? work
      : withTimeout(work, seconds * 1000, () => new PartyError(`the ${who} did not answer within ${seconds} s`)));
  } catch (e) {
    if (e instanceof PartyError) throw e;
    throw new PartyError(`the ${who} threw: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const KINDS: readonly unknown[] = ['allow', 'block', 'intervene', 'acquire', 'terminate'];

/** Most a verdict may weigh as JSON: it is copied into the step record; a longer one is no verdict. */
export const VERDICT_BYTES = 256 * 1024;

/**
 * The verdict as the runner reads it, or a PartyError saying what is wrong with it. It is
 * copied before it is checked, so what is checked is what the runner uses: an object the
 * defense keeps and changes later, or a getter that answers differently on a second read,
 * changes nothing.
 */
export function checkVerdict(v: unknown, who: string): Verdict {
  let copy: unknown;
  try {
    copy = structuredClone(v);
  } catch (e) {
    throw new PartyError(
      `the ${who} gave a verdict that is not plain data (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  const kind = typeof copy === 'object' && copy !== null ? (copy as { kind?: unknown }).kind : undefined;
  if (!KINDS.includes(kind))
    throw new PartyError(
      `the ${who} gave no verdict (expected an object whose kind is allow, block, intervene, acquire or terminate)`,
    );
  const article = /^[aeiou]/.test(String(kind)) ? 'an' : 'a';
  let size: number;
  try {
    size = JSON.stringify(copy).length;
  } catch (e) {
    throw new PartyError(
      `the ${who} gave ${article} '${String(kind)}' verdict that is not plain data (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  if (size > VERDICT_BYTES)
    throw new PartyError(
      `the ${who} gave ${article} '${String(kind)}' verdict of ${size} characters, over the ${VERDICT_BYTES} a verdict may have`,
    );
  const r = verdictSchema.safeParse(copy);
  if (r.success) return copy as Verdict;
  const issue = r.error.issues[0];
  throw new PartyError(
    `the ${who} gave ${article} '${String(kind)}' verdict with a bad ${issue?.path.join('.') || 'shape'} (${issue?.message ?? 'not a verdict'})`,
  );
}

/**
 * One review or replan: the defense gets its own copy of the context (what it changes there
 * reaches neither the agent nor what the runner executes), within the time limit, and must
 * answer with a verdict.
 */
export async function askReview(
  defense: Pick<Defense, 'review'>,
  ctx: ReviewContext,
  who: string,
  seconds = PARTY_SECONDS,
): Promise<Verdict> {
  return checkVerdict(await blame(who, () => defense.review(structuredClone(ctx)), seconds), who);
}

export async function askReplan(
  defense: Required<Pick<Defense, 'replan'>>,
  ctx: ReplanContext,
  who: string,
  seconds = PARTY_SECONDS,
): Promise<Verdict> {
  return checkVerdict(await blame(who, () => defense.replan(structuredClone(ctx)), seconds), who);
}

/** The defense's word to the agent for an episode (Defense.context): text, or null for none; anything else is the defense's failure. */
export async function askContext(
  defense: Pick<Defense, 'context'>,
  goal: string,
  who: string,
  seconds = PARTY_SECONDS,
): Promise<string | null> {
  if (!defense.context) return null;
  const c = await blame(who, () => defense.context!({ goal }), seconds);
  if (c === null || c === undefined || c === '') return null;
  if (typeof c !== 'string') throw new PartyError(`the ${who} gave a context that is not text`);
  return c;
}
