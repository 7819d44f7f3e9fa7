/**
 * The one error type of the domain and application layers. `code` is stable snake_case that
 * inbound adapters map to their protocol (an MCP `isError` result, an HTTP status); `details`
 * carries machine-readable extras such as `retry_after_ms`.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}
