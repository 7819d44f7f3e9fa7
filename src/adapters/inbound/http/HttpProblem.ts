import type { ErrorCode } from '../../../domain/wire/errorCodes.js';
/** An HTTP-level refusal with its status and a stable snake_case code. */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}
