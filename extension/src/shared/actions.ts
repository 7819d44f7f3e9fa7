import type { ActionEntry, ActionType } from '../../../src/domain/wire/entries.js';

export type { ActionWire } from '../../../src/domain/wire/entries.js';

/**
 * What replaces a value that never leaves the page (password fields, card numbers, one-time codes,
 * secrets), and what the daemon says about recording: the wire's own (src/domain/wire/recording.ts).
 */
export { DEFAULT_RECORDING, REDACTED_VALUE, type RecordingSettings } from '../../../src/domain/wire/recording.js';

/** Longest typed value kept (characters); past it the value is cut and the action says `truncated`. */
export const MAX_VALUE = 200;

/** relay → worker: `{type}`; answered with a `RecordingOrder` (may this frame record, and keep values?). */
export const RECORDING_HELLO = 'browsertap:recording-hello';
/** worker → relay (every frame of a tab): the tab's `RecordingOrder` changed. */
export const RECORDING_ORDER = 'browsertap:recording';
/** relay → worker: `{type, json}`, a JSON array of `ActionWire` the relay built (never the page's JSON). */
export const ACTIONS_MESSAGE = 'browsertap:actions';

export interface RecordingOrder {
  readonly record: boolean;
  readonly values: boolean;
}

/** Entries per actions message, at most (the worker takes no more from one message). */
export const MAX_ACTIONS_PER_MESSAGE = 100;

/**
 * The recorder's hook for browsertap's own page actions (inject/domActions.ts), kept on the
 * isolated world's global under `Symbol.for(RECORDER_SLOT)`: the page's own scripts cannot see
 * or call it. The relay installs it while recording is on in the frame.
 */
export const RECORDER_SLOT = 'browsertap.recorder';

/**
 * Where the relay keeps, on the isolated world's global (`Symbol.for(ACTING_SLOT)`), the function
 * that tells its recorder browsertap acts in the frame (a `DialogOrder`'s `acting` and `for_ms`):
 * called by browsertap's page actions run in that world, and by the worker (an injected call in
 * that world) around the ones it runs in the page's world. No event the page can dispatch says it.
 */
export const ACTING_SLOT = 'browsertap.acting';

export interface AgentActDetail {
  readonly key?: string;
  readonly files?: ReadonlyArray<{ name: string; size: number; type?: string }>;
  readonly to?: Element;
}

export interface AgentRecorder {
  /**
   * An agent's command (`correlationId`) is about to do `type` on `element` (the window for a
   * page scroll, the focused element for a key): its target is named now, before the page
   * changes, and trusted events the action causes are not taken for the person's. The returned
   * function is called once the action is over: `ok` when it did what it was asked (then it is
   * recorded, its value or scroll position read now, `late` adding what only its end knows).
   */
  agent(
    type: ActionType,
    correlationId: string,
    element: Element | undefined,
    detail?: AgentActDetail,
  ): (ok: boolean, late?: AgentActDetail) => void;
}
