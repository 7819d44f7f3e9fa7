import {
  ACTIONS_MESSAGE,
  type ActionWire,
  MAX_ACTIONS_PER_MESSAGE,
  RECORDING_HELLO,
  RECORDING_ORDER,
  type RecordingOrder,
} from '../shared/actions.js';
import {
  BUS,
  DIALOG_MESSAGE,
  DIALOG_STATE_MESSAGE,
  type DialogOrder,
  DRAIN_MESSAGE,
  MAX_BATCH_JSON,
  PING_MESSAGE,
} from '../shared/protocol.js';
import { watchFrame } from './LoadedScripts.js';
import { recordPage } from './recordPage.js';
import { SOURCE_MESSAGE, sourceFor } from './sources.js';

/** Batches kept while the worker cannot be reached (it is starting, or the extension reloads). */
const MAX_WAITING = 200;
/** Retry delays (ms) when the worker does not answer; past the last one, the batch is given up. */
const RETRY_MS = [50, 200, 500, 1_000, 2_000] as const;

const RELAY = Symbol.for('browsertap.relay');

/**
 * The isolated-world half of page capture: takes the MAIN-world hook's batches (JSON strings on
 * `document` events) and hands them to the service worker, which adds the tab and posts them to
 * the daemon. The page's own origin never talks to the daemon (E2E.md).
 */
function startRelay(): void {
  const global = globalThis as unknown as Record<symbol, unknown>;
  if (global[RELAY] === true) return;
  global[RELAY] = true;

  /** Scripts this frame loaded: the only ones whose maps are read (docs/security.md). */
  const loaded = watchFrame();
  /** Messages for the worker, in order: the page's capture batches (its JSON, passed on) and the recorded actions. */
  const waiting: Array<{ type: 'capture' | typeof ACTIONS_MESSAGE; json: string }> = [];
  /** Who waits for everything captured so far to reach the worker (a drain). */
  const idle: Array<() => void> = [];
  let sending = false;
  /** `waiting[0]` has been sent, and its answer is awaited. */
  let inFlight = false;
  let attempt = 0;
  let dropped = 0;
  /** Counts a lost batch's entries (a rare path: only then is the page's JSON parsed here). */
  const drop = (item: { type: string; json: string } | undefined) => {
    if (item === undefined) return;
    try {
      const batch = JSON.parse(item.json) as Record<string, unknown> | unknown[];
      if (Array.isArray(batch)) dropped += batch.length;
      else for (const entries of Object.values(batch)) dropped += Array.isArray(entries) ? entries.length : 0;
    } catch {
      dropped++;
    }
  };

  /** Losses are reported where the agent reads, never silent: a note of them goes first. */
  const noteLosses = () => {
    dropped += recording.takeDropped();
    if (dropped === 0) return;
    const message = `browsertap dropped ${dropped} captured entries: the extension did not take them in time`;
    waiting.splice(inFlight ? 1 : 0, 0, {
      type: 'capture',
      json: JSON.stringify({ logs: [{ level: 'warn', message, source: 'console', url: location.href, ts: Date.now() }] }),
    });
    dropped = 0;
  };
  /**
   * The frame is going away (pagehide: removed, navigated from, or put in the back-forward
   * cache) and has no later turn in which to wait for answers: everything waiting goes out now,
   * in order, behind the one message in flight, each unanswered. Sent one at a time, a frame
   * removed a few milliseconds after it logged lost all but its first batches.
   */
  let leaving = false;
  const sendAll = () => {
    noteLosses();
    for (const item of waiting.splice(inFlight ? 1 : 0)) if (!sendUnanswered(item)) return;
  };

  const pump = async (): Promise<void> => {
    if (sending) return;
    sending = true;
    try {
      while (waiting.length > 0) {
        if (attempt === 0) noteLosses();
        const message = waiting[0] as { type: string; json: string };
        try {
          inFlight = true;
          await chrome.runtime.sendMessage(message);
          inFlight = false;
          waiting.shift();
          attempt = 0;
        } catch {
          inFlight = false;
          if (!chrome.runtime?.id) return; // the extension was reloaded or removed: this relay is orphaned
          const delay = RETRY_MS[attempt++];
          if (delay === undefined) {
            drop(waiting.shift()); // undeliverable after every retry
            attempt = 0;
            continue;
          }
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    } finally {
      sending = false;
      if (waiting.length === 0) for (const done of idle.splice(0)) done();
    }
  };

  document.addEventListener(BUS.batch, (event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'string' || detail.length > MAX_BATCH_JSON) return; // the worker checks the rest
    enqueue({ type: 'capture', json: detail });
  });
  const enqueue = (item: (typeof waiting)[number]) => {
    waiting.push(item);
    if (waiting.length > MAX_WAITING) drop(waiting.splice(sending ? 1 : 0, 1)[0]);
    if (leaving) sendAll();
    else void pump();
  };

  // The person's actions (docs/mcp-tools.md), recorded here where the page cannot reach, once the worker
  // says this frame's tab is tracked and recording is on. Asked when the page capture says it
  // is installed (it is only in tracked tabs): other pages never wake the worker for this.
  const recording = recordPage((actions: ActionWire[]) => {
    for (let i = 0; i < actions.length; i += MAX_ACTIONS_PER_MESSAGE)
      enqueue({ type: ACTIONS_MESSAGE, json: JSON.stringify(actions.slice(i, i + MAX_ACTIONS_PER_MESSAGE)) });
  });
  let asked = false;
  const askRecording = () => {
    if (asked) return;
    asked = true;
    try {
      chrome.runtime
        .sendMessage({ type: RECORDING_HELLO })
        .then((answer: unknown) => {
          if (isOrder(answer)) recording.order(answer);
        })
        .catch(() => (asked = false));
    } catch {
      // the extension was reloaded or removed: this relay is orphaned
    }
  };
  document.addEventListener(BUS.capturing, askRecording);
  // A dialog the page opens while browsertap is not acting blocks the page's thread, this script's
  // with it, right after this event: the message goes out now, from the event's own call, never
  // behind a batch waiting for an answer (measured: it reaches the worker in ~3 ms while the
  // page sits in alert()).
  document.addEventListener(BUS.dialogState, (event) => {
    const json = (event as CustomEvent<unknown>).detail;
    if (typeof json !== 'string' || json.length > 8_000) return; // the worker checks the rest
    sendUnanswered({ type: DIALOG_STATE_MESSAGE, json });
  });
  // Read after act (docs/mcp-tools.md): before a command's result is posted, the worker asks for what the
  // page captured until now. The page's batch goes out at once (a synchronous event), and the
  // answer waits until every batch is in the worker's hands.
  chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    const type = (message as { type?: unknown } | null)?.type;
    if (sender.id !== chrome.runtime.id) return false;
    if (type === RECORDING_ORDER) {
      const order = (message as { order?: unknown }).order;
      if (isOrder(order)) recording.order(order);
      sendResponse({ ordered: true });
      return false;
    }
    if (type === PING_MESSAGE) {
      // The worker asks whether this frame's thread runs (a dialog blocks it: no answer then).
      sendResponse({ alive: true });
      return false;
    }
    if (type === DIALOG_MESSAGE) {
      // Dialogs never hang an agent (page/hookDialogs.ts): how long browsertap acts here, or the next answer.
      const order = (message as { order?: unknown }).order ?? {};
      document.dispatchEvent(new CustomEvent(BUS.dialogs, { detail: JSON.stringify(order) }));
      // The recorder hears it from here, the worker's own word: the page can dispatch that event too.
      if (typeof order === 'object' && order !== null) recording.acting(order as DialogOrder);
      sendResponse({ ordered: true });
      return false;
    }
    if (type === SOURCE_MESSAGE) {
      // Stacks in source (docs/extension.md): a script's map, read with the page's origin, cache and credentials;
      // only a script this frame loaded (docs/security.md), and another origin's by the worker, cookies only to this host.
      const url = String((message as { url?: unknown }).url ?? '');
      const frame = { origin: location.origin, home: [location.origin, ...Array.from(location.ancestorOrigins ?? [])] };
      sourceFor(url, loaded, frame).then(sendResponse, (error: unknown) =>
        sendResponse({ none: String((error as Error)?.message ?? error) }),
      );
      return true;
    }
    if (type !== DRAIN_MESSAGE) return false;
    document.dispatchEvent(new CustomEvent(BUS.flush));
    void recording.settled().then(() => {
      if (!sending && waiting.length === 0) sendResponse({ drained: true });
      else idle.push(() => sendResponse({ drained: true }));
    });
    return true;
  });
  // The browser's events only: a page that dispatched its own `pagehide` would lift the one-at-a-time
  // pace and the bound of what waits, and send the worker as much as it logs.
  addEventListener('pagehide', (event) => {
    if (!event.isTrusted) return;
    leaving = true;
    document.dispatchEvent(new CustomEvent(BUS.flush)); // the page's own batch, now (a synchronous event)
    sendAll();
  });
  // Back from the back-forward cache: answers can be waited for again.
  addEventListener('pageshow', (event) => event.isTrusted && (leaving = false));
  // Whichever script runs first, the capture learns that the relay listens.
  document.addEventListener(BUS.hello, () => {
    document.dispatchEvent(new CustomEvent(BUS.ready));
    askRecording();
  });
  document.dispatchEvent(new CustomEvent(BUS.ready));
}

/** Sends `message` to the worker without waiting for its answer; false once this relay is orphaned (the extension was reloaded or removed). */
function sendUnanswered(message: object): boolean {
  try {
    chrome.runtime.sendMessage(message).catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

function isOrder(value: unknown): value is RecordingOrder {
  const order = value as RecordingOrder | null;
  return typeof order === 'object' && order !== null && typeof order.record === 'boolean' && typeof order.values === 'boolean';
}

startRelay();
