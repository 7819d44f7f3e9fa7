import { ACTING_SLOT } from '../shared/actions.js';
import { CommandFailure, type PageOutcome } from '../shared/commands.js';
import type { DialogOrder } from '../shared/protocol.js';
import { loaded } from './tabWaits.js';

/** The world a page call runs in: the page's own, or the extension's isolated one. */
export type World = 'MAIN' | 'ISOLATED';

/** Dialogs that come this long after an action ended are still answered (a handler's timer, an effect). */
const DIALOG_GRACE_MS = 2_000;

const MISSING = 'browsertap:missing';

/**
 * Calls the helper in `slot` of the page's `world`, injecting `file` first when this document
 * does not have it yet. A page that navigates while the call is injected is retried once.
 * With `once` (a command's correlation id) the document remembers the call (once.ts).
 */
export async function callInPage(
  tab: chrome.tabs.Tab,
  world: World,
  slot: string,
  file: string,
  args: unknown[],
  deadline: number,
  frameId = 0,
  once?: string,
): Promise<PageOutcome> {
  const tabId = tab.id as number;
  const target = frameId === 0 ? { tabId } : { tabId, frameIds: [frameId] };
  const actingMs = () => Math.max(0, deadline - Date.now());
  for (let attempt = 0; ; attempt++) {
    try {
      let outcome = await call(target, world, slot, args, actingMs(), once);
      if (outcome === MISSING) {
        await chrome.scripting.executeScript({ target, world, files: [file], injectImmediately: true });
        outcome = await call(target, world, slot, args, actingMs(), once);
      }
      if (outcome === undefined || outcome === MISSING) {
        throw new CommandFailure(
          'page_navigated',
          'The page navigated or reloaded while the command ran in it; its result is lost',
        );
      }
      return outcome;
    } catch (error) {
      if (error instanceof CommandFailure) throw error;
      const message = (error as Error).message ?? String(error);
      if (attempt === 0 && /frame|removed|navigat|document/i.test(message) && !/error page/i.test(message)) {
        await loaded(tabId, AbortSignal.timeout(5_000)).catch(() => undefined);
        continue;
      }
      throw new CommandFailure(
        'cannot_access_page',
        `The extension cannot run in tab ${tabId} (${tab.url ?? 'unknown page'}): ${message}`,
      );
    }
  }
}

/**
 * Runs the helper in `slot`. In the isolated world the helper tells the frame's recorder itself
 * that browsertap acts there (`callSlot`); a helper in the page's world cannot without the page
 * being able to say the same, so the worker tells the recorder around it, in its own world.
 */
async function call(
  target: chrome.scripting.InjectionTarget,
  world: World,
  slot: string,
  args: unknown[],
  actingMs: number,
  once: string | undefined,
): Promise<PageOutcome | typeof MISSING | undefined> {
  const own = world === 'ISOLATED';
  if (!own) await tellRecorder(target, { acting: 'start', for_ms: actingMs });
  try {
    const [injection] = await chrome.scripting.executeScript({
      target,
      world,
      func: callSlot,
      args: [slot, args, actingMs, DIALOG_GRACE_MS, once ?? null, own ? ACTING_SLOT : null],
      injectImmediately: true,
    });
    return injection?.result as PageOutcome | typeof MISSING | undefined;
  } finally {
    if (!own) void tellRecorder(target, { acting: 'end', for_ms: DIALOG_GRACE_MS });
  }
}

/** Tells the frame's recorder, in the extension's isolated world, that browsertap acts there (shared/actions.ts ACTING_SLOT). */
async function tellRecorder(target: chrome.scripting.InjectionTarget, order: DialogOrder): Promise<void> {
  await chrome.scripting
    .executeScript({ target, world: 'ISOLATED', func: tellActing, args: [ACTING_SLOT, order], injectImmediately: true })
    .catch(() => undefined); // a frame without the relay records nothing
}

/** Runs in the frame's isolated world (serialised by executeScript): hands the order to the relay's recorder. */
function tellActing(slot: string, order: DialogOrder): void {
  const hook = (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(slot)];
  if (typeof hook === 'function') (hook as (order: DialogOrder) => void)(order);
}

/**
 * Runs in the page (serialised by executeScript): must stay self-contained (hence the literal
 * event names, BUS.dialogs and BUS.flush, and once.ts's ONCE_SLOT and MAX_REMEMBERED_RUNS). Around
 * the helper it tells the page's capture, with synchronous DOM events and no extra message:
 * browsertap acts here for at most `actingMs` (dialogs are answered meanwhile, and `graceMs`
 * after); then, that what it captured goes out now. With `once`, the document remembers the run
 * under that key (once.ts): the same key again gets that run's outcome and nothing runs. In the
 * isolated world (`actingSlot`) it tells the relay's recorder that browsertap acts, directly: the
 * page can dispatch those DOM events too, so the recorder does not listen to them.
 */
export function callSlot(
  slot: string,
  args: unknown[],
  actingMs: number,
  graceMs: number,
  once: string | null = null,
  actingSlot: string | null = null,
): unknown {
  const global = globalThis as unknown as Record<symbol, unknown>;
  const helper = global[Symbol.for(slot)];
  if (typeof helper !== 'function') return 'browsertap:missing';
  let runs: Map<string, Promise<unknown>> | undefined;
  if (once !== null) {
    const held = global[Symbol.for('browsertap.once')];
    runs = held instanceof Map ? held : new Map();
    const known = runs.get(once);
    if (known !== undefined) return known;
    if (held !== runs) Object.defineProperty(global, Symbol.for('browsertap.once'), { value: runs, configurable: true });
  }
  const recorder = actingSlot === null ? undefined : global[Symbol.for(actingSlot)];
  const tell = (type: string, detail?: string) => document.dispatchEvent(new CustomEvent(type, { detail }));
  const order = (acting: 'start' | 'end', forMs: number) => {
    tell('browsertap:dialogs', JSON.stringify({ acting, for_ms: forMs }));
    if (typeof recorder === 'function') (recorder as (order: object) => void)({ acting, for_ms: forMs });
  };
  order('start', actingMs);
  const settle = () => {
    order('end', graceMs);
    tell('browsertap:flush');
  };
  try {
    const outcome = Promise.resolve((helper as (...a: unknown[]) => unknown)(...args)).finally(settle);
    if (once !== null && runs !== undefined) {
      runs.set(
        once,
        outcome.catch((error: unknown) => ({ ok: false, code: 'extension_error', message: String(error) })),
      );
      for (const old of runs.keys()) {
        if (runs.size <= 16) break;
        runs.delete(old);
      }
    }
    return outcome;
  } catch (error) {
    settle();
    throw error;
  }
}

/** A page call's outcome as a command's result, or its failure thrown as the command's. */
export function success(outcome: PageOutcome): { success: true; data: unknown } {
  if (outcome.ok) return { success: true, data: outcome.data };
  const message =
    outcome.name !== undefined && outcome.code === 'script_error' ? `${outcome.name}: ${outcome.message}` : outcome.message;
  throw new CommandFailure(outcome.code, message, {
    ...(outcome.name === undefined ? {} : { name: outcome.name }),
    ...(outcome.stack === undefined ? {} : { stack: outcome.stack }),
    ...(outcome.timeout === true ? { timeout: true } : {}),
  });
}
