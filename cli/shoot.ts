import { z } from 'zod';
import { generateSuite, writeBundles } from '../generator/bundle.ts';
import { readBundles, type LoadedBundle } from '../simulator/bundle.ts';
import { findChromium } from '../simulator/engine/chromium.ts';
import { selectSuite } from '../harness/select.ts';
import { shootBundles } from '../harness/shoot.ts';
import { defineCommand, int, noArgs, text } from './command.ts';
import { sourceFlags, sourceShape, toSource } from './source.ts';

export const { help, run } = defineCommand({
  name: 'shoot',
  flags: (cmd) =>
    sourceFlags(cmd.usage('--bundles <dir> | --suite <name> [--out DIR] [--scale N] [--browser PATH]'), 'shoot')
      .option('--out <dir>', 'with --suite: output folder (default: out/<suite>)')
      .option('--scale <n>', 'device pixels per CSS pixel, 1 to 4', '1')
      .option('--browser <path>', 'Chromium executable (default: $DECOY_CHROMIUM, else chromium on PATH)'),
  schema: z.object({ ...sourceShape, out: text, scale: int('scale', 1, 4), browser: text, args: noArgs }).transform((o, ctx) => ({ ...o, source: toSource(o, ctx) })),
  async run(c, io) {
    // Before any work: without a browser there is nothing to shoot with.
    const executable = findChromium(c.browser);
    let dir: string;
    let bundles: LoadedBundle[];
    if ('bundles' in c.source) {
      dir = c.source.bundles;
      bundles = readBundles(dir);
    } else {
      const suite = selectSuite(c.source.suite, c.source.patterns);
      dir = c.out ?? `out/${suite.id}`;
      const made = generateSuite(suite, c.seed);
      writeBundles(dir, suite.id, c.seed, made);
      bundles = made.map((b) => ({ manifest: b.manifest, site: { files: b.files } }));
    }
    const started = Date.now();
    const r = await shootBundles(bundles, dir, { executable, scale: c.scale, progress: io.progress });
    const s = (Date.now() - started) / 1000;
    return [
      `shot ${r.count} configurations in ${dir} (${(r.count / s).toFixed(1)} configurations/s)`,
      ...(r.unboxed.length ? [`${r.unboxed.length} drawn without boxes:`, ...r.unboxed.map((u) => `  ${u.scenario}: ${u.reason}`)] : []),
    ].join('\n');
  },
});
