import { buildSync } from 'esbuild';
import { join } from 'node:path';
import { projectRoot } from '../lib/root.ts';

let bundled: string | null = null;

/**
 * The site runtime (generator/runtime/site.ts and what it imports, the contract among
 * them) as one ES2019 script, built once per process. Paths in the output are relative to
 * the package root, so the script is byte-identical wherever the package lives. It is
 * minified: every document carries it inline, and jsdom's parser reads a script's text one
 * character at a time and hands it over in a piece at every change between whitespace and
 * other characters, so the readable 28 kB cost several milliseconds of every document's load
 * (13 kB minified).
 */
export function runtimeScript(): string {
  if (bundled !== null) return bundled;
  const root = projectRoot();
  const out = buildSync({
    absWorkingDir: root,
    entryPoints: [join(root, 'generator', 'runtime', 'site.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2019',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
    minify: true,
  });
  bundled = out.outputFiles[0]?.text ?? '';
  return bundled;
}

/** The runtime as a page carries it, inside a `<script>` element (its `</script` escaped). */
export function inlineRuntime(): string {
  return runtimeScript().replace(/<\/script/gi, '<\\/script');
}
