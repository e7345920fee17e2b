#!/usr/bin/env node
process.env.TZ = 'UTC';
// The precompiled build of the current sources (rebuilt here if a source changed);
// if it cannot be built, the sources run through tsx, which reports what is wrong with them.
let main = null;
try {
  main = await (await import('./build.mjs')).ensureBuild();
} catch {
  main = null;
}
let entry;
if (main) entry = await import(main);
else {
  const { register } = await import('tsx/esm/api');
  register();
  entry = await import('../cli/main.ts');
}
process.exitCode = await entry.main(process.argv.slice(2));
