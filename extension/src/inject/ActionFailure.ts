import type { ErrorCode } from '../../../src/domain/wire/errorCodes.js';

/** A page action that cannot be done: `code` is the stable error code, the message the sentence saying why. */
export class ActionFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly timeout = false,
  ) {
    super(message);
  }
}
