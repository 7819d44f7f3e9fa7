import { CommandFailure } from '../shared/commands.js';
import { markedUrl } from '../shared/dialogFragment.js';
import type { NativeDialogType } from '../shared/protocol.js';
import { describeDialog, dialogOpen, NEXT_STEP, type OpenDialog } from './dialogOpen.js';

export type { OpenDialog };

/** How `close` ended a dialog: `answer` as `effects.dialogs` says it. */
export interface ClosedDialog {
  readonly type: NativeDialogType;
  readonly message: string;
  readonly answer: string;
}

export interface DialogPorts {
  /**
   * Whether the frame's page answers within `ms` (ms): a dialog blocks its thread, so it cannot.
   * A frame that is gone or has no relay counts as answering: nothing of ours is blocked there.
   */
  answers(tabId: number, frameId: number, ms: number): Promise<boolean>;
  /** The url of the tab's page. */
  url(tabId: number): Promise<string | undefined>;
  /** Starts a navigation of the tab's page to `url`. */
  navigate(tabId: number, url: string): Promise<void>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const DIALOG_WAITS = Object.freeze({
  /** How long a frame has to answer before it counts as blocked (ms); a page answers in a few. */
  answerMs: 300,
  /** How long `close` waits for the page to say its dialog closed (ms). */
  closeMs: 2_000,
});

/** Open dialogs kept per tab (one per frame; a page making more frames keeps the latest). */
const MAX_FRAMES = 20;
const MAX_MESSAGE = 500;
const TYPES: ReadonlySet<string> = new Set<NativeDialogType>(['alert', 'confirm', 'prompt', 'beforeunload']);

interface Said {
  readonly result?: unknown;
}

interface Closing {
  readonly tabId: number;
  readonly frameId: number;
  finish(said: Said | undefined): void;
}

/**
 * The dialogs pages opened while browsertap was not acting (docs/mcp-tools.md: dialogs never hang). Such a
 * dialog is the browser's own, for the developer to see, and blocks its page's thread, and every
 * script the extension runs there, until someone answers it. The page's hooks say when one opens
 * and closes (page/hookDialogs.ts); a page only saying so is not believed: a frame counts as
 * blocked when it also does not answer (`answers`), so a forged or stale report costs one short
 * wait, never a false `dialog_open`. Commands for a blocked tab are refused at once instead of
 * waiting for their execution limit, a command running there when one opens is ended, and
 * `close` ends the dialog where Chrome lets an extension.
 */
export class OpenDialogs {
  private readonly open = new Map<number, Map<number, OpenDialog>>();
  private readonly watchers = new Map<number, Set<(dialog: OpenDialog) => void>>();
  private readonly closings = new Set<Closing>();

  constructor(private readonly ports: DialogPorts) {}

  /** A frame's `DialogState`, as JSON its page wrote (untrusted: checked here). */
  report(tabId: number, frameId: number, json: unknown): void {
    const state = parseState(json);
    if (state === undefined) return;
    if (state.state === 'closed') {
      this.drop(tabId, frameId);
      for (const closing of [...this.closings]) {
        if (closing.tabId === tabId && closing.frameId === frameId) closing.finish({ result: state.result });
      }
      return;
    }
    const dialog: OpenDialog = { tabId, frameId, type: state.type, message: state.message };
    const frames = this.open.get(tabId) ?? new Map<number, OpenDialog>();
    frames.delete(frameId); // the latest last
    frames.set(frameId, dialog);
    if (frames.size > MAX_FRAMES) frames.delete(frames.keys().next().value as number);
    this.open.set(tabId, frames);
    for (const watcher of [...(this.watchers.get(tabId) ?? [])]) watcher(dialog);
  }

  /** The tab is gone. */
  forget(tabId: number): void {
    this.open.delete(tabId);
  }

  /** The latest dialog a frame of the tab said is open there (not checked: `blocking` checks). */
  said(tabId: number): OpenDialog | undefined {
    const frames = [...(this.open.get(tabId)?.values() ?? [])];
    return frames[frames.length - 1];
  }

  /**
   * The dialog blocking the tab now: of those its frames said are open, the latest whose frame
   * does not answer. One whose frame answers closed without a word (its page was left, or the
   * report was not true) and is forgotten.
   */
  async blocking(tabId: number): Promise<OpenDialog | undefined> {
    const frames = this.open.get(tabId);
    if (frames === undefined) return undefined;
    for (const dialog of [...frames.values()].reverse()) {
      if (!(await this.ports.answers(tabId, dialog.frameId, DIALOG_WAITS.answerMs))) return dialog;
      if (frames.get(dialog.frameId) === dialog) this.drop(tabId, dialog.frameId);
    }
    return undefined;
  }

  /**
   * Calls `blocked` (once) when a dialog opens in the tab and its frame then does not answer;
   * the function returned stops watching.
   */
  watch(tabId: number, blocked: (dialog: OpenDialog) => void): () => void {
    let watching = true;
    const watchers = this.watchers.get(tabId) ?? new Set();
    const stop = () => {
      watching = false;
      watchers.delete(seen);
      if (watchers.size === 0 && this.watchers.get(tabId) === watchers) this.watchers.delete(tabId);
    };
    const seen = (dialog: OpenDialog) => {
      void this.ports.answers(tabId, dialog.frameId, DIALOG_WAITS.answerMs).then((answers) => {
        if (answers || !watching) return;
        stop();
        blocked(dialog);
      });
    };
    watchers.add(seen);
    this.watchers.set(tabId, watchers);
    return stop;
  }

  /**
   * Ends the open dialog as interact's `dialog` action (`accept`) asks, the one way Chrome gives an
   * extension: a navigation starting in the tab closes its dialog as if dismissed (a dialog opened
   * before `chrome.debugger` attached is out of `Page.handleJavaScriptDialog`'s reach, measured).
   * The navigation only changes the fragment (the page stays, and its hook undoes the change:
   * shared/dialogFragment.ts). So an alert closes (it returns nothing either way) and a confirm or
   * prompt is dismissed; accepting one, or answering a leave-site prompt (navigations wait behind
   * it), is left to the user: `dialog_open`, saying what can be done.
   */
  async close(dialog: OpenDialog, accept: boolean): Promise<ClosedDialog> {
    if (dialog.type === 'beforeunload' || (accept && dialog.type !== 'alert')) {
      throw dialogOpen(dialog, accept && dialog.type !== 'beforeunload' ? 'accept' : undefined);
    }
    const target = markedUrl(await this.ports.url(dialog.tabId));
    if (target === undefined) {
      throw new CommandFailure(
        'cannot_access_page',
        `Tab ${dialog.tabId} shows no http(s) page whose dialog browsertap can close`,
      );
    }
    const closing = this.closing(dialog);
    try {
      await this.ports.navigate(dialog.tabId, target);
    } catch (error) {
      closing.cancel();
      throw new CommandFailure(
        'cannot_access_page',
        `Could not close the dialog in tab ${dialog.tabId}: ${(error as Error).message ?? String(error)}`,
      );
    }
    const said = await closing.said;
    if (said === undefined) {
      if (!(await this.ports.answers(dialog.tabId, dialog.frameId, DIALOG_WAITS.answerMs))) {
        throw new CommandFailure('dialog_open', `${describeDialog(dialog)} did not close; ${NEXT_STEP[dialog.type]}`);
      }
      this.drop(dialog.tabId, dialog.frameId);
    }
    return { type: dialog.type, message: dialog.message, answer: answerOf(dialog.type, said?.result) };
  }

  private drop(tabId: number, frameId: number): void {
    const frames = this.open.get(tabId);
    frames?.delete(frameId);
    if (frames?.size === 0) this.open.delete(tabId);
  }

  /** Resolves with what the frame said when its dialog closed, or `undefined` after closeMs. */
  private closing(dialog: OpenDialog): { said: Promise<Said | undefined>; cancel(): void } {
    let closing!: Closing;
    const said = new Promise<Said | undefined>((resolve) => {
      const timer = this.ports.setTimeout(() => closing.finish(undefined), DIALOG_WAITS.closeMs);
      closing = {
        tabId: dialog.tabId,
        frameId: dialog.frameId,
        finish: (value) => {
          this.closings.delete(closing);
          this.ports.clearTimeout(timer);
          resolve(value);
        },
      };
      this.closings.add(closing);
    });
    return { said, cancel: () => closing.finish(undefined) };
  }
}

function answerOf(type: NativeDialogType, result: unknown): string {
  if (type === 'alert') return 'accepted';
  if (result === true) return 'accepted';
  if (typeof result === 'string') return `accepted with ${JSON.stringify(result)}`;
  return 'dismissed';
}

function parseState(
  json: unknown,
): { state: 'open' | 'closed'; type: NativeDialogType; message: string; result?: unknown } | undefined {
  if (typeof json !== 'string' || json.length > 8_000) return undefined;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const { state, type, message, result } = value;
  if ((state !== 'open' && state !== 'closed') || typeof type !== 'string' || !TYPES.has(type)) return undefined;
  const kept = typeof result === 'boolean' || result === null || typeof result === 'string' ? { result } : {};
  return {
    state,
    type: type as NativeDialogType,
    message: typeof message === 'string' ? message.slice(0, MAX_MESSAGE) : '',
    ...kept,
  };
}
