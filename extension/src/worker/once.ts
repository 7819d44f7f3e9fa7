import { ACTION_LIST } from '../../../src/domain/browserActions/table.js';
import type { PageOutcome } from '../shared/commands.js';

/**
 * A command runs once. The worker claims it from the daemon before it starts it, so only one
 * start of the worker ever runs it; what a stopped worker leaves behind is the page's part of
 * the run, which goes on in the page's world. So each page call that is a command's own act
 * is remembered by the document it ran in, under the command's correlation id (`callSlot`,
 * BrowserCommands.ts): the same id again gets that run's outcome, never a second run, and the
 * worker's next start, asked to resume the command, reads the outcome from there.
 */

/** The commands whose act is one page call the document remembers, and the world it runs in (the action table's `remembered`). */
export const REMEMBERED: Readonly<Record<string, 'MAIN' | 'ISOLATED'>> = Object.freeze(
  Object.fromEntries(
    ACTION_LIST.flatMap((action) => (action.remembered === undefined ? [] : [[action.name, action.remembered]])),
  ),
);

/**
 * Where a document keeps its remembered runs (`Symbol.for` of it, in each world). `callSlot`
 * writes this name and its bound as literals: it is serialised into the page and must stand alone.
 */
export const ONCE_SLOT = 'browsertap.once';
/** Runs a document remembers per world, the oldest forgotten first: a resume comes within seconds. */
export const MAX_REMEMBERED_RUNS = 16;

/** What `recallSlot` answers when the run it found has not finished within its wait. */
export const STILL_RUNNING = 'browsertap:running';
/** What `recallSlot` answers when the document has no run of that command. */
export const NOT_HERE = 'browsertap:unknown';

/** Said beside a resumed command's result: it ran once, and what came after its page call was not watched. */
export const RESUMED_NOTE =
  "The extension's worker restarted while this command ran; it ran once, and this result is what the page kept of it (the settling and effects after it were not watched).";

/** The sentence of a resumed command whose outcome nothing kept (the daemon says its own, with a hint). */
export const LOST_MESSAGE =
  "The extension's worker restarted after the command had started, and nothing kept its outcome: it may have run.";

/**
 * Runs in every frame of a tracked tab (serialised by executeScript, so self-contained): the
 * outcome of the run this document remembers under `key`, once it has finished (at most
 * `waitMs`), `STILL_RUNNING` past that, `NOT_HERE` when it has none. It never runs anything.
 */
export function recallSlot(key: string, waitMs: number): unknown {
  const runs = (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('browsertap.once')];
  const outcome = runs instanceof Map ? (runs.get(key) as Promise<unknown> | undefined) : undefined;
  if (outcome === undefined) return 'browsertap:unknown';
  return Promise.race([outcome, new Promise((resolve) => setTimeout(() => resolve('browsertap:running'), waitMs))]);
}

export interface Remembered {
  readonly tabId: number;
  readonly outcome: PageOutcome | typeof STILL_RUNNING;
}

/**
 * Asks every frame of `tabs`, in `world`, for the run of `key` (`recallSlot`): the first
 * finished outcome found, else a run still going, else undefined. A tab that cannot be scripted
 * (or has gone) answers nothing.
 */
export function findRemembered(
  tabs: readonly chrome.tabs.Tab[],
  world: 'MAIN' | 'ISOLATED',
  key: string,
  waitMs: number,
): Promise<Remembered | undefined> {
  return new Promise((resolve) => {
    let left = tabs.length;
    let going: Remembered | undefined;
    if (left === 0) resolve(undefined);
    for (const tab of tabs) {
      const tabId = tab.id as number;
      chrome.scripting
        .executeScript({
          target: { tabId, allFrames: true },
          world,
          func: recallSlot,
          args: [key, waitMs],
          injectImmediately: true,
        })
        .then(
          (frames) => {
            for (const { result } of frames) {
              if (result !== null && typeof result === 'object') resolve({ tabId, outcome: result as PageOutcome });
              else if (result === STILL_RUNNING) going ??= { tabId, outcome: STILL_RUNNING };
            }
          },
          () => undefined,
        )
        .finally(() => {
          if (--left === 0) resolve(going);
        });
    }
  });
}
