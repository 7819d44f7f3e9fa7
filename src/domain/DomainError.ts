import type { ErrorCode } from './wire/errorCodes.js';

/**
 * The one error type of the domain and application layers. `code` is one of the stable codes
 * (src/domain/wire/errorCodes.ts) that
 * inbound adapters map to their protocol (an MCP `isError` result, an HTTP status); `details`
 * carries machine-readable extras such as `retry_after_ms`.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}
