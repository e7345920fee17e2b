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
const code = await entry.main(process.argv.slice(2));
// The command is done when main returns: a user's agent or defense may have left a timer or a
// socket open, which would keep the process alive after everything was written.
const flushed = (stream) => new Promise((resolve) => stream.write('', resolve));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
