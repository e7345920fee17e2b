import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { interleave, parseShard, shardFromEnv, sliceOf } from '../../harness/shard.ts';
import { sameCommand, withShard } from '../../cli/stop.ts';

describe('shards', () => {
  it('the slices of every shard of a list are disjoint, cover it, differ in size by at most one (no later shard larger), and interleave back into it', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (items, count) => {
        const slices = Array.from({ length: count }, (_, i) => sliceOf(items, { index: i + 1, count }));
        slices.forEach((s, i) => {
          if (i > 0) expect(s.length).toBeLessThanOrEqual(slices[i - 1]!.length);
          expect(slices[0]!.length - s.length).toBeLessThanOrEqual(1);
        });
        expect(slices.flat().length).toBe(items.length);
        expect(interleave(slices)).toEqual(items);
      }),
    );
  });

  it('i/n is read with 1 ≤ i ≤ n; anything else is refused, naming the flag', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    for (const [text, message] of [
      ['0/4', /--shard: shard 0 of 4 does not exist \(shards are 1 to 4\)/],
      ['5/4', /shard 5 of 4 does not exist/],
      ['1/0', /the count of shards must be at least 1/],
      ['2', /--shard: "2" is not i\/n \(like 2\/4\) nor auto/],
      ['-1/4', /is not i\/n/],
      ['1/4/2', /is not i\/n/],
    ] as const)
      expect(() => parseShard(text)).toThrow(message);
  });

  it("the command to resume a run stopped under --shard auto names the shard it played, for a shell without the scheduler's variables", () => {
    const argv = process.argv;
    try {
      process.argv = [argv[0]!, 'decoy', 'run', '--suite', 'demo', '--shard', 'auto', '--out', 'x'];
      expect(sameCommand(withShard({ index: 2, count: 4 }))).toBe('decoy run --suite demo --shard 2/4 --out x');
      process.argv = [argv[0]!, 'decoy', 'run', '--shard=auto', '--out', 'auto'];
      expect(sameCommand(withShard({ index: 1, count: 3 }))).toBe('decoy run --shard=1/3 --out auto');
      expect(sameCommand(withShard(null))).toBe('decoy run --shard=auto --out auto');
    } finally {
      process.argv = argv;
    }
  });

  it("auto reads each scheduler's variables: a Slurm array from any first id and step, a Kubernetes Indexed Job, GitLab's parallel", () => {
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '4' })).toEqual({
      index: 1,
      count: 4,
    });
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '4', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '4' })).toEqual({
      index: 4,
      count: 4,
    });
    expect(
      shardFromEnv({
        SLURM_ARRAY_TASK_ID: '12',
        SLURM_ARRAY_TASK_MIN: '2',
        SLURM_ARRAY_TASK_STEP: '5',
        SLURM_ARRAY_TASK_COUNT: '3',
      }),
    ).toEqual({ index: 3, count: 3 });
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '3', DECOY_SHARD_COUNT: '4' })).toEqual({ index: 4, count: 4 });
    expect(shardFromEnv({ CI_NODE_INDEX: '2', CI_NODE_TOTAL: '5' })).toEqual({ index: 2, count: 5 });
  });

  it('auto without a whole shard in the environment is refused in one line that says what is missing', () => {
    for (const [env, message] of [
      [
        {},
        /^--shard auto: no scheduler's variables are set \(SLURM_ARRAY_TASK_ID for a Slurm job array; JOB_COMPLETION_INDEX for a Kubernetes Indexed Job; CI_NODE_INDEX for a GitLab CI job's parallel: N\); give --shard i\/n instead$/,
      ],
      [
        { JOB_COMPLETION_INDEX: '1' },
        /JOB_COMPLETION_INDEX is set but not DECOY_SHARD_COUNT; set it to the Job's completions/,
      ],
      [{ JOB_COMPLETION_INDEX: '4', DECOY_SHARD_COUNT: '4' }, /Kubernetes Indexed Job\): shard 5 of 4 does not exist/],
      [{ SLURM_ARRAY_TASK_ID: '3' }, /a Slurm job array set SLURM_ARRAY_TASK_ID but not how many shards there are/],
      [
        {
          SLURM_ARRAY_TASK_ID: '3',
          SLURM_ARRAY_TASK_MIN: '0',
          SLURM_ARRAY_TASK_STEP: '2',
          SLURM_ARRAY_TASK_COUNT: '2',
        },
        /SLURM_ARRAY_TASK_ID 3 is not in the array from 0 by 2/,
      ],
      [{ CI_NODE_INDEX: 'two', CI_NODE_TOTAL: '4' }, /CI_NODE_INDEX is "two", not a whole number/],
      [
        { CI_NODE_INDEX: '2', CI_NODE_TOTAL: '4', JOB_COMPLETION_INDEX: '0', DECOY_SHARD_COUNT: '4' },
        /^--shard auto: the variables of a Kubernetes Indexed Job \(JOB_COMPLETION_INDEX\) and a GitLab CI job's parallel: N \(CI_NODE_INDEX\) are all set; give --shard i\/n instead$/,
      ],
      [{ CI_NODE_INDEX: '1', CI_NODE_TOTAL: '99999999999999999999' }, /shards is more than 100,000/],
    ] as const)
      expect(() => shardFromEnv(env)).toThrow(message);
  });
});
