/**
 * A command between the daemon and the extension (docs/extension-protocol.md): what the long poll
 * hands out, and what the worker reports back. Shared by both sides, so a field cannot drift.
 */

/** A command as `POST /pending-queries` hands it out. */
export interface Query {
  readonly id: string;
  readonly correlation_id: string;
  /** An action of the action table (src/domain/browserActions). */
  readonly type: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly tab_id?: number;
  /** Without `tab_id`: the tab this agent last acted on, used while it is open and tracked (docs/mcp-tools.md). */
  readonly default_tab_id?: number;
  /**
   * This browser's earlier worker claimed the command and was stopped while it ran: report what
   * its one run gave (the page may remember it), never run it again. `params` holds only
   * `timeout_ms`, the time left of its execution limit.
   */
  readonly resume?: boolean;
  /**
   * The daemon claimed the command for this worker's start as it pushed it on the worker's
   * channel (opened with `claim_on_delivery`): run it without claiming it first.
   */
  readonly claimed?: boolean;
}

/** What a worker reports of a command: `pending` claims it for this worker's start; the others are final. */
export const RESULT_STATUSES = ['pending', 'complete', 'error', 'timeout'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/**
 * What `POST /query-result` takes. A failure (`error`/`timeout`) is said as every error is
 * (docs/mcp-tools.md): `error` the stable code, `message` the sentence, once; `result` then holds only what
 * the sentence does not (`stack`: the page's frames; `name`: the error's class when the sentence
 * lacks it), and is left out when there is nothing.
 */
export interface ResultBody {
  readonly correlation_id: string;
  readonly status: ResultStatus;
  readonly result?: unknown;
  readonly error?: string;
  readonly message?: string;
  /** The tab the command acted in. */
  readonly tab_id?: number;
  /** This worker's start; with `pending` the report claims the command for it (docs/extension-protocol.md). */
  readonly boot_id?: string;
}
