import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

let script: Promise<string> | null = null;

/** in-page.ts and what it imports, as one script for the page; built once per process. */
export function pageScript(): Promise<string> {
  script ??= build({
    entryPoints: [fileURLToPath(new URL('./in-page.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]?.text ?? '');
  return script;
}
