import { build } from 'esbuild';
import { packagePath } from '../../../lib/root.ts';

let script: Promise<string> | null = null;

/** in-page.ts and what it imports, as one script for the page; built once per process. */
export function pageScript(): Promise<string> {
  script ??= build({
    // From the source, also when this module runs from the precompiled build.
    entryPoints: [packagePath('simulator', 'page', 'engine', 'in-page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]?.text ?? '');
  return script;
}
