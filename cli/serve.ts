import { z } from 'zod';
import { defineCommand, int, noArgs, outDir, path } from './command.ts';

export const { help, run } = defineCommand({
  name: 'serve',
  flags: (cmd) =>
    cmd
      .usage('[--dir dist/site] [--port 4321] [--log-dir runs/collected]')
      .option('--dir <dir>', 'the built site (decoy site build --out)', 'dist/site')
      .option('--port <n>', 'port on 127.0.0.1 (0 picks a free one)', '4321')
      .option('--log-dir <dir>', 'where the event logs the live sites post are written, one <scenario-id>.json each', 'runs/collected'),
  schema: z.object({ dir: path, port: int('port', 0, 65535), logDir: outDir('log-dir'), args: noArgs }),
  async run(c, io) {
    const { startGalleryServer } = await import('../harness/server.ts');
    const server = await startGalleryServer({ dir: c.dir, port: c.port, logDir: c.logDir, warn: io.warn });
    io.say(`serving ${c.dir} at ${server.url} (live sites under ${server.url}live/<key>/, logs to ${c.logDir}); stop with Ctrl-C`);
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
