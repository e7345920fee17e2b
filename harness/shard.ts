/**
 * A run's shard: the slice of its configurations one machine plays (`--shard i/n`), and how
 * the slices of a scheduler's array job are told apart (`--shard auto`). Shard i of n plays
 * the configurations at positions i-1, i-1+n, i-1+2n… of the suite's order, so that every
 * shard gets a like mix of families (a suite lists each family's configurations together),
 * and merging is putting the records back in that order (merge.ts).
 */
import { UserError } from '../lib/errors.ts';

export interface Shard {
  /** From 1. */
  readonly index: number;
  readonly count: number;
}

/** The environment variables each scheduler sets on the members of an array job, and how to read them. */
interface Scheduler {
  readonly name: string;
  /** The variables whose presence says the job runs under this scheduler. */
  readonly marks: readonly string[];
  read(env: Readonly<Record<string, string | undefined>>): { index: number; count: number | undefined };
}

const num = (env: Readonly<Record<string, string | undefined>>, name: string): number | undefined => {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  if (!/^\d+$/.test(v)) throw new UserError(`--shard auto: ${name} is ${JSON.stringify(v)}, not a whole number`);
  return Number(v);
};

/** The variable a Kubernetes Indexed Job's pods are told their count by (the Job's completions, set in its manifest). */
export const K8S_COUNT = 'DECOY_SHARD_COUNT';

export const SCHEDULERS: readonly Scheduler[] = [
  {
    // sbatch --array=0-3 (or 1-4, or with a step): the task's place in the array, counted from its first.
    name: 'a Slurm job array',
    marks: ['SLURM_ARRAY_TASK_ID'],
    read: (env) => {
      const id = num(env, 'SLURM_ARRAY_TASK_ID')!;
      const min = num(env, 'SLURM_ARRAY_TASK_MIN') ?? 0;
      const step = num(env, 'SLURM_ARRAY_TASK_STEP') ?? 1;
      if (step < 1 || (id - min) % step !== 0)
        throw new UserError(`--shard auto: SLURM_ARRAY_TASK_ID ${id} is not in the array from ${min} by ${step}`);
      return { index: (id - min) / step + 1, count: num(env, 'SLURM_ARRAY_TASK_COUNT') };
    },
  },
  {
    // completionMode: Indexed: JOB_COMPLETION_INDEX from 0; the pod is not told the Job's completions.
    name: 'a Kubernetes Indexed Job',
    marks: ['JOB_COMPLETION_INDEX'],
    read: (env) => ({ index: num(env, 'JOB_COMPLETION_INDEX')! + 1, count: num(env, K8S_COUNT) }),
  },
  {
    // GitLab CI's `parallel: N` (and `parallel: matrix`): CI_NODE_INDEX from 1.
    name: "a GitLab CI job's parallel: N",
    marks: ['CI_NODE_INDEX'],
    read: (env) => ({ index: num(env, 'CI_NODE_INDEX')!, count: num(env, 'CI_NODE_TOTAL') }),
  },
];

/** `i/n`, with 1 ≤ i ≤ n; a UserError naming the flag otherwise. */
export function parseShard(text: string, flag = '--shard'): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) throw new UserError(`${flag}: ${JSON.stringify(text)} is not i/n (like 2/4) nor auto`);
  return checked(Number(m[1]), Number(m[2]), flag);
}

/** More shards than any suite has configurations: a count past it is a typo. */
export const MAX_SHARDS = 100_000;

function checked(index: number, count: number, where: string): Shard {
  if (count < 1) throw new UserError(`${where}: the count of shards must be at least 1, not ${count}`);
  if (count > MAX_SHARDS)
    throw new UserError(`${where}: ${count} shards is more than ${MAX_SHARDS.toLocaleString('en')}`);
  if (index < 1 || index > count)
    throw new UserError(`${where}: shard ${index} of ${count} does not exist (shards are 1 to ${count})`);
  return { index, count };
}

/** The shard a member of a scheduler's array job plays (`--shard auto`), from the variables the scheduler set. */
export function shardFromEnv(env: Readonly<Record<string, string | undefined>>): Shard {
  const set = SCHEDULERS.filter((s) => s.marks.some((v) => env[v] !== undefined && env[v] !== ''));
  // Two members told apart by different variables could play the same shard: which one counts is not decoy's to guess.
  if (set.length > 1)
    throw new UserError(
      `--shard auto: the variables of ${set.map((s) => `${s.name} (${s.marks.join(', ')})`).join(' and ')} are all set; give --shard i/n instead`,
    );
  const found = set[0];
  if (!found)
    throw new UserError(
      `--shard auto: no scheduler's variables are set (${SCHEDULERS.map((s) => `${s.marks.join(', ')} for ${s.name}`).join('; ')}); give --shard i/n instead`,
    );
  const { index, count } = found.read(env);
  if (count === undefined)
    throw new UserError(
      found.name === 'a Kubernetes Indexed Job'
        ? `--shard auto: JOB_COMPLETION_INDEX is set but not ${K8S_COUNT}; set it to the Job's completions in its manifest`
        : `--shard auto: ${found.name} set ${found.marks.join(', ')} but not how many shards there are`,
    );
  return checked(index, count, `--shard auto (${found.name})`);
}

/** The flag's value as a shard: `i/n`, or `auto` read from `env`. */
export const shardOf = (text: string, env: Readonly<Record<string, string | undefined>>): Shard =>
  text === 'auto' ? shardFromEnv(env) : parseShard(text);

/** The items of `shard`, in their order. */
export const sliceOf = <T>(items: readonly T[], shard: Shard): T[] =>
  items.filter((_, i) => i % shard.count === shard.index - 1);

/** The items of every shard (shards[k] is shard k+1's, in order) put back in the order sliceOf took them from. */
export function interleave<T>(shards: readonly (readonly T[])[]): T[] {
  const total = shards.reduce((s, x) => s + x.length, 0);
  const out: T[] = [];
  for (let i = 0; i < total; i++) out.push(shards[i % shards.length]![Math.floor(i / shards.length)]!);
  return out;
}
