/** A command as `GET /pending-queries` hands it out (docs/extension-protocol.md). */
export interface Query {
  readonly id: string;
  readonly correlation_id: string;
  readonly type: string;
  readonly params: Record<string, unknown>;
  readonly tab_id?: number;
  /** Without `tab_id`: the tab this agent last acted on, used while it is open and tracked (docs/mcp-tools.md). */
  readonly default_tab_id?: number;
  /**
   * This browser's earlier worker claimed the command and was stopped while it ran: report what
   * its one run gave (the page may remember it), never run it again. `params` holds only
   * `timeout_ms`, the time left of its execution limit.
   */
  readonly resume?: boolean;
}

/**
 * What `POST /query-result` takes. A failure (`error`/`timeout`) is said as every error is
 * (docs/mcp-tools.md): `error` the stable code, `message` the sentence, once; `result` then holds only what
 * the sentence does not (`stack`: the page's frames; `name`: the error's class when the sentence
 * lacks it), and is left out when there is nothing.
 */
export interface ResultBody {
  readonly correlation_id: string;
  readonly status: 'pending' | 'complete' | 'error' | 'timeout';
  readonly result?: unknown;
  readonly error?: string;
  readonly message?: string;
  /** The tab the command acted in. */
  readonly tab_id?: number;
  /** This worker's start; with `pending` the report claims the command for it (docs/extension-protocol.md). */
  readonly boot_id?: string;
}

/**
 * A command that failed in a way the agent can act on: `code` is stable snake_case (the daemon
 * passes any such code through to the agent: a new one needs no change there), `message` says
 * what to do.
 */
export class CommandFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: {
      readonly name?: string;
      readonly stack?: string;
      readonly timeout?: boolean;
      /** What the sentence cannot hold, posted beside it (a replay's steps before the one that failed). */
      readonly data?: Readonly<Record<string, unknown>>;
    } = {},
  ) {
    super(message);
    this.name = 'CommandFailure';
  }
}

/** What the in-page helpers answer; failures cross the world boundary as plain data. */
export type PageOutcome =
  | { readonly ok: true; readonly data: unknown }
  | {
      readonly ok: false;
      readonly code: string;
      readonly message: string;
      readonly name?: string;
      readonly stack?: string;
      readonly timeout?: boolean;
    };

/** Largest JSON result posted for a command (UTF-8 bytes), so the agent’s tool result stays within its 60 000. */
export const MAX_RESULT_BYTES = 50_000;

/** Global slots (symbols) where the injected helpers live, once per document and world. */
export const SLOT = {
  run: 'browsertap.run',
  dom: 'browsertap.dom',
} as const;

/** The page calls the worker makes for itself, beside the actions of the table (inject/pageCalls.ts). */
export const PAGE_CALL = Object.freeze({
  /** One look at a settling page. */
  settle: 'settle',
  /** A screenshot's measure of the page and its element. */
  measure: 'measure',
} as const);

/** One look at a page that is settling (inject/settleWatch.ts → worker/Settling.ts, docs/mcp-tools.md). */
export interface SettleLook {
  /** How long its DOM has not changed, counted from the settle's first look (ms). */
  readonly quiet_ms: number;
  /** Its fetch/XHR started since the action began that are not in the capture yet (the page's count). */
  readonly requests: number;
  /** The action's short timers that have not run (page/shortTimers.ts). */
  readonly timers: number;
  /** The action's short timers any look saw pending: still pending, or run since. */
  readonly waited_timers: number;
}
