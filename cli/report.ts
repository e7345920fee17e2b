import { z } from 'zod';
import { byDefault, flag } from './flags.ts';
import { defineCommand, outDir, path } from './command.ts';

export const { help, run, flags } = defineCommand({
  name: 'report',
  usage: '<run, compare or seeds folders…> [--out <dir>]',
  flags: [
    flag(
      'out',
      '--out <dir>',
      `the report's folder: report.html (pictures in shots/ beside it), report.md, report.csv, groups.csv ${byDefault('<first folder>-report, beside it')}`,
      outDir('out', path).optional(),
    ),
  ],
  schema: (flags) =>
    z.object({
      ...flags,
      args: z
        .array(z.string())
        .min(1, 'name the folders to report on: decoy report runs/cmp, or decoy report runs/a runs/b …'),
    }),
  async run(c) {
    const { writeReport, REPORT_HTML } = await import('../harness/report/write.ts');
    const { join } = await import('node:path');
    const r = writeReport(c.args, c.out);
    const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
    const pictures = r.shots > 0 ? `, ${n(r.shots, 'picture')} with ${n(r.marks, 'step')} marked` : '';
    return `${n(r.runs, 'run')}, ${n(r.episodes, 'episode')}${pictures}; wrote ${join(r.out, REPORT_HTML)}, report.md, report.csv and groups.csv`;
  },
});
