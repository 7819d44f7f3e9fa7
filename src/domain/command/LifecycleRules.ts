/** Every number of docs/architecture.md (the command lifecycle). Injected, never read from a clock or the environment here. */
export interface LifecycleRules {
  /** A queued command nobody picks up expires `extension_not_connected` after this (ms). */
  readonly pickupTimeoutMs: number;
  /** A delivered command must be acknowledged within this (ms), else `extension_no_response`. */
  readonly ackTimeoutMs: number;
  /** Execution limit when the agent gives none (ms). */
  readonly defaultExecutionLimitMs: number;
  /** Largest execution limit an agent may ask for (ms). */
  readonly maxExecutionLimitMs: number;
  /**
   * `interact pick` waits for a person (the one exception to the execution limit): its
   * limit when the agent gives none, and the largest it may ask for (ms).
   */
  readonly pickDefaultLimitMs: number;
  readonly pickMaxLimitMs: number;
  /** The server fails a running command at delivery + limit + this (ms) if the extension stays silent. */
  readonly backstopMs: number;
  /** A completed result is kept this long (ms); unretrieved, it then expires into the failed ring. */
  readonly resultTtlMs: number;
  /** Failed commands kept per client, FIFO. */
  readonly failedRingSize: number;
  /** Queued + delivered + running commands per client. */
  readonly maxInFlightPerClient: number;
  /** Completed results held per client. */
  readonly maxCompletedPerClient: number;
  /** Upper bound of the `retry_after_ms` hint given with `queue_full` (ms). */
  readonly maxRetryAfterMs: number;
  /**
   * Weight (characters of params JSON) one poll hands out at most; the rest waits for the next
   * poll, which the extension sends at once. One command is always handed out, whatever its weight.
   */
  readonly maxDeliveryWeight: number;
}

export const DEFAULT_LIFECYCLE_RULES: LifecycleRules = Object.freeze({
  pickupTimeoutMs: 30_000,
  ackTimeoutMs: 3_000,
  defaultExecutionLimitMs: 10_000,
  maxExecutionLimitMs: 60_000,
  pickDefaultLimitMs: 120_000,
  pickMaxLimitMs: 300_000,
  backstopMs: 2_000,
  resultTtlMs: 60_000,
  failedRingSize: 100,
  maxInFlightPerClient: 5,
  maxCompletedPerClient: 100,
  maxRetryAfterMs: 1_000,
  maxDeliveryWeight: 16 * 1024 * 1024,
});
