import { MAX_UPLOAD_BYTES } from '../browserActions/form.js';
import { ACTION_LIST, type ACTIONS, type ActionName, actionNamed } from '../browserActions/table.js';

/**
 * `interact {action:"replay"}` (docs/mcp-tools.md) as the daemon hands it to the extension: one `replay`
 * command whose params name the steps, in order, each an action of the action table (those
 * `interact` offers, and the few only a replay runs). Shared by the daemon, which turns recorded
 * actions into steps, and the extension, which runs them: pure types and numbers.
 */

/** A step not run: the step before it did it (a click that navigated, an Enter that submitted). */
export const CAUSED_STEP = 'caused';

/** The actions a replay's steps run: each that `replays` a recorded action (src/domain/browserActions). */
type Replaying = { [K in ActionName]: (typeof ACTIONS)[K] extends { readonly replays: string } ? K : never }[ActionName];
export type ReplayStepType = Replaying | typeof CAUSED_STEP;

/** What a step runs: the extension's own handlers for these actions, or nothing (`caused`). */
export const REPLAY_STEP_TYPES: readonly ReplayStepType[] = Object.freeze([
  ...ACTION_LIST.filter((action) => action.replays !== undefined).map((action) => action.name as Replaying),
  CAUSED_STEP,
]);

/** One step of a replay. */
export interface ReplayStep {
  /** The recorded action it replays (`a12`), or `load` for the first url when the range does not begin with a navigation. */
  readonly id: string;
  readonly type: ReplayStepType;
  /** The step's params, as `interact` takes them for that action (`selector`, `nth`, `text`, `url`, …). */
  readonly params: Readonly<Record<string, unknown>>;
  /** How its target was recorded (a Playwright locator), for the message of a step that fails. */
  readonly locator?: string;
  /** `caused`: the step whose action did this one. */
  readonly caused_by?: string;
  /** `caused`: the step before should have moved the page to another url. */
  readonly navigates?: boolean;
}

/** The `replay` command's params. */
export interface ReplayParams {
  readonly steps: readonly ReplayStep[];
  /** Each step's settle (docs/mcp-tools.md); the actions' default when absent. */
  readonly settle_ms?: number;
}

/** A step's outcome in the result: `ok`, and what it caused (docs/mcp-tools.md `effects`, when there is something to say). */
export interface ReplayStepResult {
  readonly id: string;
  readonly ok: boolean;
  readonly effects?: Record<string, unknown>;
  readonly caused_by?: string;
  /** Why an `ok: false` step that did not stop the replay is so. */
  readonly note?: string;
}

/**
 * Actions one range holds at most, a replay's as a reproduction's (docs/mcp-tools.md, "One range
 * of actions"): a range of more is refused, saying where one that fits ends. A replay runs one
 * step per action (plus the first page's load), so it is also the most steps one replay takes.
 */
export const MAX_RANGE_ACTIONS = 200;

/** Bounds and time of a replay (ms), for the daemon's execution limit and the extension's checks. */
export const REPLAY = Object.freeze({
  /** An element step at most, besides its settle: its target's appearance (2 s) and the action. */
  elementStepMs: 3_000,
  /** A navigation step at most, besides its settle: the page's load. */
  loadStepMs: 5_000,
  /** Room for the drain and the result after the last step. */
  overheadMs: 1_000,
  /** Time an element step needs left to start: a target is only called gone after a full 2 s look. */
  elementStartMs: 2_800,
  /** Time a navigation step needs left to start. */
  loadStartMs: 1_500,
  /** Generated upload files, in all, at most (bytes): as `interact upload`'s files. */
  maxUploadBytes: MAX_UPLOAD_BYTES,
});

/** Steps that run no element action: their time is a page load's. */
export const LOAD_STEPS: ReadonlySet<string> = new Set(REPLAY_STEP_TYPES.filter((type) => actionNamed(type)?.effects === 'load'));
