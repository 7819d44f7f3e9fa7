import type { ErrorCode } from '../../../src/domain/wire/errorCodes.js';
export type { Query, ResultBody } from '../../../src/domain/wire/commands.js';

/**
 * A command that failed in a way the agent can act on: `code` is stable snake_case (the daemon
 * passes any such code through to the agent: a new one needs no change there), `message` says
 * what to do.
 */
export class CommandFailure extends Error {
  constructor(
    /** One of ERROR_CODES (src/domain/wire/errorCodes.ts), or a code a page reported, passed on. */
    readonly code: ErrorCode | (string & {}),
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
