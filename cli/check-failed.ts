import { UserError } from '../lib/errors.ts';

/** A failed self-check or conformance run: the table is the output, and the exit code is 1. */
export class CheckFailed extends UserError {
  constructor(
    readonly report: string,
    readonly failed: number,
  ) {
    super(`${failed} check${failed === 1 ? '' : 's'} failed`);
  }
}
