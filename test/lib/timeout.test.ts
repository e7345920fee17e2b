import { describe, expect, it } from 'vitest';
import { withTimeout } from '../../lib/timeout.ts';

describe('withTimeout', () => {
  it("gives the work's result or its error when it settles first, and the late error when the time passes first", async () => {
    await expect(withTimeout(Promise.resolve(7), 1000, () => new Error('late'))).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('own')), 1000, () => new Error('late'))).rejects.toThrow('own');
    await expect(withTimeout(new Promise(() => {}), 20, () => new Error('late'))).rejects.toThrow('late');
  });
});
