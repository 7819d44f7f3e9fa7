import type { ResultStatus } from '../wire/commands.js';
import type { CommandView } from './Command.js';
import type { RejectReason } from './commandRules.js';
import type { CommandState } from './CommandState.js';

/** What goes into and comes out of the `CorrelationTracker`. */

export interface CommandRequest {
  readonly clientId: string;
  readonly action: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly tabId?: number;
  /** Without `tabId`: the tab this client last acted on (the extension prefers it to the active tab). */
  readonly defaultTabId?: number;
  /** Execution limit (ms); the rules' default when absent. */
  readonly executionLimitMs?: number;
  /** What delivering the params costs (characters of their JSON); bounds one poll's answer. */
  readonly weight?: number;
}

export interface CommandIds {
  readonly correlationId: string;
  readonly queryId: string;
}

/** What the extension posts to `/query-result`. */
export interface ResultReport {
  readonly correlationId: string;
  readonly status: ResultStatus;
  /** `complete`: the result; `error`/`timeout`: what the message does not say (a stack), if anything. */
  readonly result?: unknown;
  /** `error`/`timeout`: the stable failure code (`ambiguous_selector`, `stale_ref`, …). */
  readonly error?: string;
  /** `error`/`timeout`: what happened, in a sentence. */
  readonly message?: string;
  /** The tab the command ran in, as the extension says. */
  readonly tabId?: number;
  /**
   * The worker start that sends it. With `pending` it makes the report a claim: accepted only
   * from the worker the command is leased to, so one start at most ever runs it.
   */
  readonly bootId?: string;
}

export type ReportAnswer = { readonly accepted: true } | { readonly accepted: false; readonly reason: RejectReason };

/** A state change (`deleted`: a retrieved result reached its end). */
export interface CommandChange {
  readonly command: CommandView;
  readonly from: CommandState;
  readonly to: CommandState | 'deleted';
}
