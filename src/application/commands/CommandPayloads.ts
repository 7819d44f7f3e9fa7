import type { Query } from '../../domain/wire/commands.js';
/** Timestamps of a command (ISO 8601 UTC) as they happen, and how many times it was handed out. */
export interface TimelinePayload {
  readonly queued_at: string;
  readonly delivered_at?: string;
  readonly acked_at?: string;
  /** When a restarted extension worker was asked for the outcome of this running command (it is never run again). */
  readonly resumed_at?: string;
  readonly finished_at?: string;
  readonly attempts: number;
}

interface ResultBase {
  readonly correlation_id: string;
  readonly command: string;
  readonly timeline: TimelinePayload;
}

/**
 * docs/architecture.md (the command lifecycle): what `observe command_result` / `configure query_status` answer. A failed command
 * says why as every error does (docs/mcp-tools.md): `error` the stable code, `message` the sentence, once;
 * `result`, when present on a failure, holds only what the sentence does not (the page's stack).
 */
export type CommandResultPayload =
  | (ResultBase & { readonly status: 'queued' | 'pending'; readonly message: string })
  | (ResultBase & {
      readonly status: 'complete';
      readonly result: unknown;
      readonly completed_at: string;
      readonly duration_ms: number;
    })
  | (ResultBase & {
      readonly status: 'error' | 'timeout';
      /** The stable code: the daemon's (`extension_no_response`, …) or the extension's (`ambiguous_selector`, …). */
      readonly error: string;
      readonly message: string;
      /** What to do next when the code alone does not say (whether sending it again is safe). */
      readonly hint?: string;
      readonly failed_at: string;
      readonly result?: unknown;
    })
  | (ResultBase & {
      readonly status: 'expired';
      readonly error: string;
      readonly message: string;
      readonly hint?: string;
      readonly expired_at: string;
    });

/** docs/mcp-tools.md: the immediate answer of `interact`. */
export interface QueuedPayload {
  readonly status: 'queued';
  readonly correlation_id: string;
  readonly message: string;
}

export interface PendingCommandPayload {
  readonly correlation_id: string;
  readonly command: string;
  readonly status: 'queued' | 'pending';
  readonly timeline: TimelinePayload;
}

export interface CompletedCommandPayload {
  readonly correlation_id: string;
  readonly command: string;
  readonly completed_at: string;
  readonly duration_ms: number;
  readonly retrieved: boolean;
}

export interface FailedCommandPayload {
  readonly correlation_id: string;
  readonly command: string;
  readonly status: 'error' | 'timeout' | 'expired';
  /** The stable failure code (`extension_no_response`, `execution_timeout`, `ambiguous_selector`, …). */
  readonly error: string;
  /** What happened, in a sentence (cut at 300 characters: command_result has all of it). */
  readonly message: string;
  readonly failed_at: string;
}

/** docs/mcp-tools.md `observe pending_commands`. */
export interface CommandListPayload {
  readonly pending: readonly PendingCommandPayload[];
  readonly completed: readonly CompletedCommandPayload[];
  readonly failed: readonly FailedCommandPayload[];
}

/** docs/mcp-tools.md `observe failed_commands`. */
export interface FailedCommandsPayload {
  readonly commands: readonly FailedCommandPayload[];
  readonly count: number;
}

/** docs/extension-protocol.md `POST /pending-queries` entries: the wire's `Query`. */
export type DeliveryPayload = Query;
