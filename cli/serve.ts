import { UserError } from '../scenarios/errors.ts';
import { parseFlags, usage, type Flags } from './args.ts';
import { startGalleryServer } from './gallery-server.ts';

const FLAGS: Flags = {
  dir: { type: 'string', description: 'the built site (decoy site build --out)', default: 'dist/site' },
  port: { type: 'string', description: 'port on 127.0.0.1 (0 picks a free one)', default: '4321' },
  'log-dir': { type: 'string', description: 'where the event logs the live sites post are written, one <scenario-id>.json each', default: 'runs/collected' },
};

export const summary = 'Host the gallery on 127.0.0.1 and collect the event logs its live sites post';
export const help = () => usage('serve', '[--dir dist/site] [--port 4321] [--log-dir runs/collected]', FLAGS);

function portFlag(v: unknown): number {
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || n > 65535) throw new UserError(`--port must be an integer from 0 to 65535, got '${String(v)}'`);
  return n;
}

export async function run(argv: readonly string[], io: { say(line: string): void }): Promise<string> {
  const { values, positionals } = parseFlags('serve', argv, FLAGS);
  if (positionals.length > 0) throw new UserError(`serve: unexpected argument '${positionals[0]}'`);
  const dir = typeof values.dir === 'string' ? values.dir : 'dist/site';
  const logDir = typeof values['log-dir'] === 'string' ? values['log-dir'] : 'runs/collected';
  const server = await startGalleryServer({ dir, port: portFlag(values.port ?? '4321'), logDir });
  io.say(`serving ${dir} at ${server.url} (live sites under ${server.url}live/<key>/, logs to ${logDir}); stop with Ctrl-C`);
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
}
