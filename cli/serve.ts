import { z } from 'zod';
import { defineCommand, inPath, int, noArgs, outDir } from './command.ts';
import { flag } from './flags.ts';

export const { help, run, flags } = defineCommand({
  name: 'serve',
  usage: '[--dir dist/site] [--port 4321] [--live-port 4322] [--log-dir runs/collected]',
  flags: [
    flag('dir', '--dir <dir>', 'the built site (decoy site build --out)', inPath('dir'), { default: 'dist/site' }),
    flag(
      'port',
      '--port <n>',
      "the gallery's port on 127.0.0.1, for people: it shows ground truth (0 picks a free one)",
      int('port', 0, 65535),
      { default: '4321' },
    ),
    flag(
      'livePort',
      '--live-port <n>',
      "the live sites' port on 127.0.0.1, another origin, for agents (default: --port + 1; 0 picks a free one)",
      int('live-port', 0, 65535).optional(),
    ),
    flag(
      'logDir',
      '--log-dir <dir>',
      'where the event logs the live sites post are written, <scenario-id>/<session>.json',
      outDir('log-dir'),
      { default: 'runs/collected' },
    ),
  ],
  schema: (flags) =>
    z.object({ ...flags, args: noArgs }).transform((o, ctx) => {
      const livePort = o.livePort ?? (o.port === 0 ? 0 : o.port + 1);
      if (livePort > 65535)
        ctx.addIssue({
          code: 'custom',
          message: '--port 65535 leaves no port above it for the live sites; give --live-port',
        });
      return { ...o, livePort };
    }),
  async run(c, io) {
    const { startGalleryServer } = await import('../harness/server.ts');
    const server = await startGalleryServer({
      dir: c.dir,
      port: c.port,
      livePort: c.livePort,
      logDir: c.logDir,
      warn: io.warn,
    });
    io.say(
      `serving the gallery of ${c.dir} at ${server.url} (ground truth: for people, not agents); live sites at ${server.liveUrl}live/<key>/; logs to ${c.logDir}/<scenario-id>/<session>.json; stop with Ctrl-C`,
    );
    // Serving is the command's work: it ends when the process is asked to stop.
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    await server.close();
    return '';
  },
});
