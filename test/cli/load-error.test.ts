import { describe, expect, it, vi } from 'vitest';
import { UserError } from '../../lib/errors.ts';

// A registry's one-line error (scenarios/registry.ts) may come while a command's module loads.
vi.mock('../../cli/commands.ts', () => ({
  COMMANDS: {
    list: {
      summary: 'List',
      load: () =>
        Promise.reject(new UserError("suite file scenarios/suites/x.ts: its id 'y' is not its file's name (x)")),
    },
  },
}));

describe('an error while a command loads', () => {
  it('is a one-line error and exit 2, as any user error, not a stack trace', async () => {
    const { main } = await import('../../cli/main.ts');
    let err = '';
    const code = await main(['list'], { stdout: { write: () => true }, stderr: { write: (t: string) => (err += t) } });
    expect(code).toBe(2);
    expect(err).toBe("decoy list: suite file scenarios/suites/x.ts: its id 'y' is not its file's name (x)\n");
  });
});
