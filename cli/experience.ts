import { z } from 'zod';
import { defineCommand, inPath, noArgs, outDir, required as present } from './command.ts';
import {
  anchors,
  batch,
  cassette,
  deceptive,
  defenseOpt,
  flag,
  iterations,
  llmMode,
  normal,
  phrasings,
  required,
  seed,
  suite,
  summarizer,
  summarizerOpt,
} from './flags.ts';
import { stoppable } from './stop.ts';
import { recordedPhrasings } from '../scenarios/phrasing.ts';

export const { help, run, flags } = defineCommand({
  name: 'experience',
  usage: '--suite ruc --out <dir> [--defense gate] [--summarizer rule|llm] [--iterations n] [options]',
  flags: [
    required(
      suite('learn lessons from: a click suite such as ruc, its training split, checked on its validation split'),
      present('suite'),
    ),
    flag(
      'defense',
      '--defense <id>',
      'the defense the lessons are for: an id (see decoy list) or your own module, taking a lessons option',
      inPath('defense'),
      { default: 'gate' },
    ),
    defenseOpt,
    summarizer,
    summarizerOpt,
    iterations,
    batch,
    anchors,
    seed,
    phrasings,
    normal,
    deceptive,
    flag(
      'out',
      '--out <dir>',
      'output folder for lessons.txt, lessons-NN.txt, curve.json and curve.svg (empty, or holding an earlier experience)',
      outDir('out', present('out')),
      { required: true },
    ),
    cassette,
    llmMode,
  ],
  schema: (flags) => z.object({ ...flags, args: noArgs }),
  async run(c, io) {
    const { experience } = await import('../harness/experience/run.ts');
    const { optionsOfDefense } = await import('../harness/defense-options.ts');
    const { UserError } = await import('../lib/errors.ts');
    if (c.llmMode && !c.cassette) throw new UserError(`--llm-mode ${c.llmMode} needs --cassette <file.jsonl>`);
    const r = await stoppable(io, (signal) =>
      experience(
        {
          suite: c.suite,
          seed: c.seed,
          ...recordedPhrasings(c.phrasings),
          normal: c.normal,
          deceptive: c.deceptive,
          defense: c.defense,
          defenseOptions: optionsOfDefense(c.defense, c.defenseOpt),
          summarizer: c.summarizer,
          summarizerOptions: c.summarizerOpt,
          iterations: c.iterations,
          batch: c.batch,
          anchors: c.anchors,
        },
        {
          out: c.out,
          ...(c.cassette ? { llm: { cassette: c.cassette, mode: c.llmMode ?? 'auto' } } : {}),
          progress: io.progress,
          signal,
        },
      ),
    );
    return r.table;
  },
});
