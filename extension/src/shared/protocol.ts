import type { LogWire, NetworkWire, PageWire, VitalWire, WebSocketWire } from '../../../src/domain/wire/entries.js';
import type { PagePerformance, VitalAttribution } from '../../../src/domain/wire/performance.js';
/**
 * What travels page → relay → worker. Entries are already in the daemon's wire shape (docs/extension-protocol.md),
 * without `tab_id`: the worker adds it from the message's sender, which the page cannot forge.
 */
export const BUS = {
  /** A JSON-encoded `CaptureBatch`, MAIN world → ISOLATED relay. */
  batch: 'browsertap:batch',
  /** The MAIN-world capture is installed and waits for the relay. */
  hello: 'browsertap:hello',
  /** The relay listens. */
  ready: 'browsertap:ready',
  /** MAIN → ISOLATED, in answer to `ready`: the capture is installed in this document (its tab is tracked). */
  capturing: 'browsertap:capturing',
  /** Send what is batched now (the relay asks before a command's result is posted: read after act). */
  flush: 'browsertap:flush',
  /**
   * A JSON-encoded `DialogOrder` (page/hookDialogs.ts), ISOLATED relay → MAIN world. The page can
   * dispatch it too: only the page-world hooks listen (its own dialogs, its vitals), never the
   * recorder, which hears the worker directly (shared/actions.ts ACTING_SLOT).
   */
  dialogs: 'browsertap:dialogs',
  /** MAIN (execute_js's runner) → MAIN (capture): the page's CSP just refused to compile the agent's script. */
  ownEval: 'browsertap:own-eval',
  /** ISOLATED → MAIN: how many requests started since `detail` (ms since epoch) are open? */
  inflight: 'browsertap:inflight',
  /** MAIN → ISOLATED, at once: that count, as a string. */
  inflightCount: 'browsertap:inflight-count',
  /** ISOLATED → MAIN: the short timers of the action that began at `detail` (ms since epoch)? */
  timers: 'browsertap:timers',
  /** MAIN → ISOLATED, at once: `"<pending> <waited>"` (page/shortTimers.ts `TimersLook`). */
  timersCount: 'browsertap:timers-count',
  /**
   * MAIN → ISOLATED, synchronously: a JSON `DialogState`. The relay sends it on at once, outside
   * its batch queue: the page's thread blocks in the native dialog right after.
   */
  dialogState: 'browsertap:dialog-state',
} as const;

/** Worker → relay (top frame): `{type, order}`, handed to the page's dialog hooks. */
export const DIALOG_MESSAGE = 'browsertap:dialogs';

export interface DialogAnswer {
  readonly accept: boolean;
  readonly text?: string;
}

/** What the worker tells the page (through the relay) about dialogs. */
export interface DialogOrder {
  /**
   * `start`: a command acts in this tab, for at most `for_ms`; `end`: one ended, and dialogs in
   * the next `for_ms` are still answered (a handler's timer, an effect).
   */
  readonly acting?: 'start' | 'end';
  readonly for_ms?: number;
  /** The answer to the next dialog, whenever it comes (interact's `dialog` action). */
  readonly answer?: DialogAnswer;
}

/** The dialogs a page opens itself (the native ones, which block its thread until answered). */
export type NativeDialogType = 'alert' | 'confirm' | 'prompt' | 'beforeunload';

/**
 * A native dialog opening or closing in a frame (page/hookDialogs.ts): said while browsertap is
 * not acting there, when the page's dialog is the browser's own. `result` is what the native
 * call returned (confirm: a boolean, prompt: a string or null).
 */
export interface DialogState {
  readonly state: 'open' | 'closed';
  readonly type: NativeDialogType;
  readonly message: string;
  readonly result?: boolean | string | null;
}

/** relay → worker: `{type, json}`, the page's JSON `DialogState` as it wrote it (the worker checks it). */
export const DIALOG_STATE_MESSAGE = 'browsertap:dialog-state';

/** Worker → relay (any frame): answered at once, so no answer means the frame's thread is blocked. */
export const PING_MESSAGE = 'browsertap:ping';

/** Worker → relay (top frame): hand the worker everything captured so far, then answer. */
export const DRAIN_MESSAGE = 'browsertap:drain';

export type { LogWire, NetworkWire, PageWire, VitalWire, WebSocketWire } from '../../../src/domain/wire/entries.js';

/** The page's long frames and requests so far (docs/mcp-tools.md, page/performance.ts); the top document only. */
export type PerformanceWire = Omit<PagePerformance, 'tab_id' | 'frame_url'>;

export interface CaptureBatch {
  logs?: LogWire[];
  network?: NetworkWire[];
  websocket?: WebSocketWire[];
  vitals?: VitalWire[];
  page?: PageWire[];
  performance?: PerformanceWire[];
}

export type CaptureKind = keyof CaptureBatch;

/**
 * relay → worker: the page's JSON-encoded `CaptureBatch`, passed on as the page wrote it. The
 * worker parses and checks it, so the page's thread pays for one `JSON.stringify` per batch and
 * nothing more (a parse in the relay and a re-serialisation by `sendMessage` cost more than the
 * capture itself did).
 */
export interface CaptureMessage {
  readonly type: 'capture';
  readonly json: string;
}

/** The longest batch (JSON characters) the relay passes on and the worker accepts. */
export const MAX_BATCH_JSON = 4_000_000;
