import type { DialogAnswer, DialogOrder, DialogState, LogWire } from '../shared/protocol.js';
import type { PageBus } from './PageBus.js';
import { captureCallSite } from './serialize.js';

type DialogType = 'alert' | 'confirm' | 'prompt';

/** docs/mcp-tools.md defaults: an alert is accepted, a confirm or prompt dismissed. */
const DEFAULTS: Readonly<Record<DialogType, DialogAnswer>> = {
  alert: { accept: true },
  confirm: { accept: false },
  prompt: { accept: false },
};

/** Longest message kept in the report (characters). */
const MAX_MESSAGE = 500;

/** How the hooks tell the extension about the browser's own dialogs (install.ts). */
export interface NativeDialogs {
  /**
   * Synchronously: before the native call blocks the page's thread (`open`), and when it returns
   * (`closed`). The worker answers commands for a blocked tab with `dialog_open` instead of
   * waiting on it, and interact's `dialog` action can close it.
   */
  tell(state: DialogState): void;
  /** Runs `fn` as soon as the page's thread is free again. */
  later(fn: () => void): void;
}

/**
 * Dialogs never hang an agent (docs/mcp-tools.md). A dialog blocks the page's thread, and with it every
 * script the extension runs there, until someone answers it. While browsertap acts in this tab
 * (and shortly after), and for a dialog the agent answered in advance, `alert`, `confirm` and
 * `prompt` return at once instead — alert accepted, confirm and prompt dismissed unless
 * `dialog` said otherwise — and each is reported as a warning log entry, where the agent reads.
 * The rest of the time they are the browser's own: the developer using the page sees them as
 * usual, and `native` tells the worker that one is open (the page's thread is blocked until
 * someone answers it) and when it closed. The wrappers are Proxies, so they still look native to
 * the page.
 */
export function hookDialogs(
  bus: PageBus,
  ownMarker: string,
  now: () => number,
  native: NativeDialogs,
): (order: DialogOrder) => void {
  let active = 0;
  let activeUntil = 0; // a command that never says `end` (its worker died) stops counting here
  let graceUntil = 0;
  let next: DialogAnswer | undefined;
  const acting = () => {
    const at = now();
    return (active > 0 && at <= activeUntil) || at <= graceUntil;
  };
  for (const type of ['alert', 'confirm', 'prompt'] as const) {
    const original = window[type];
    if (typeof original !== 'function') continue;
    window[type] = new Proxy(original, {
      apply(target, thisArg, args: unknown[]) {
        const answer = next ?? (acting() ? DEFAULTS[type] : undefined);
        if (answer === undefined) return browsers(native, bus, type, args, (shown) => Reflect.apply(target, thisArg, shown));
        next = undefined;
        const result =
          type === 'alert'
            ? undefined
            : type === 'confirm'
              ? answer.accept
              : answer.accept
                ? (answer.text ?? text(args[1]))
                : null;
        try {
          report(bus, ownMarker, now, type, text(args[0]), result);
        } catch {
          // reporting must never break the page
        }
        return result;
      },
    }) as never;
  }
  hookBeforeUnload(bus, ownMarker, now, acting, native);
  return (order) => {
    const forMs = typeof order.for_ms === 'number' && order.for_ms >= 0 ? Math.min(order.for_ms, 120_000) : 0;
    if (order.acting === 'start') {
      if (active === 0 || now() > activeUntil) active = 0;
      active++;
      activeUntil = Math.max(activeUntil, now() + forMs);
    } else if (order.acting === 'end') {
      active = Math.max(0, active - 1);
      graceUntil = Math.max(graceUntil, now() + forMs);
    }
    if (order.answer !== undefined)
      next = {
        accept: order.answer.accept === true,
        ...(typeof order.answer.text === 'string' ? { text: order.answer.text } : {}),
      };
  };
}

/**
 * A page's "leave site?" prompt (`beforeunload`) blocks a navigation browsertap started until
 * someone answers it. While browsertap acts in the tab, the page's beforeunload handlers do not
 * run (ours comes before them on window and stops the event), so the page is left as the agent
 * asked, and reported like any other dialog. The rest of the time the handlers run as usual.
 * Ours is added only once the page adds one of its own (through `addEventListener` or
 * `onbeforeunload`): a page with none keeps Chrome's fast path, which closes and leaves it
 * without asking the page first. After each of the page's handlers comes a listener of ours that
 * sees whether the page asked for the prompt while browsertap was not acting: the prompt then
 * blocks the page's thread until someone answers it, and `native` says so (`closed` once the
 * thread runs again; a page that is left says nothing more).
 */
function hookBeforeUnload(
  bus: PageBus,
  ownMarker: string,
  now: () => number,
  acting: () => boolean,
  native: NativeDialogs,
): void {
  const add = window.addEventListener;
  let last: unknown;
  const addTail = () => {
    const tail = (event: Event) => {
      if (tail !== last || acting()) return; // only the last one looks: after every handler of the page's
      const asked = event.defaultPrevented || String((event as BeforeUnloadEvent).returnValue ?? '') !== '';
      if (!asked || navigator.userActivation?.hasBeenActive === false) return; // Chrome asks only after a user's gesture
      try {
        bus.flush();
        native.tell({ state: 'open', type: 'beforeunload', message: '' });
        native.later(() => native.tell({ state: 'closed', type: 'beforeunload', message: '' }));
      } catch {
        // telling must never break the page
      }
    };
    last = tail;
    add.call(window, 'beforeunload', tail);
  };
  let guarded = false;
  let probing = false;
  const dispatch = window.dispatchEvent;
  const createEvent = document.createEvent;
  /**
   * Whether the page's own handlers ask to stay: they run on a stand-in event, so the real one
   * never asks (a listener that only notes the unload, as Vite's client does, asks nothing).
   */
  const wouldAsk = (): boolean => {
    const probe = createEvent.call(document, 'BeforeUnloadEvent') as BeforeUnloadEvent;
    probe.initEvent('beforeunload', false, true);
    probing = true;
    try {
      dispatch.call(window, probe);
    } finally {
      probing = false;
    }
    return probe.defaultPrevented || String(probe.returnValue ?? '') !== '';
  };
  const guard = () => {
    if (guarded) return;
    guarded = true;
    add.call(window, 'beforeunload', (event) => {
      if (probing || !acting()) return;
      event.stopImmediatePropagation();
      try {
        // Chrome asks only after a person's gesture, and only when a handler asked.
        if (navigator.userActivation?.hasBeenActive === false || !wouldAsk()) return;
        report(bus, ownMarker, now, 'beforeunload', '', true);
        bus.flush();
      } catch {
        // reporting must never break the page
      }
    });
  };
  window.addEventListener = new Proxy(add, {
    apply(target, thisArg, args: unknown[]) {
      const mine = args[0] === 'beforeunload' && (thisArg === window || thisArg === undefined);
      if (mine) guard();
      const result = Reflect.apply(target, thisArg, args);
      if (mine) addTail();
      return result;
    },
  });
  const owner = Object.getOwnPropertyDescriptor(window, 'onbeforeunload') ? window : Window.prototype;
  const property = Object.getOwnPropertyDescriptor(owner, 'onbeforeunload');
  if (property?.set !== undefined && property.configurable === true) {
    const set = property.set;
    Object.defineProperty(owner, 'onbeforeunload', {
      ...property,
      set(this: Window, value: unknown) {
        if (typeof value === 'function') guard();
        set.call(this, value);
        if (typeof value === 'function') addTail();
      },
    });
  }
  // <body onbeforeunload="…"> sets the handler without the setter.
  document.addEventListener('DOMContentLoaded', () => {
    if (!document.body?.hasAttribute('onbeforeunload')) return;
    guard();
    addTail();
  });
}

/**
 * Shows the browser's own dialog, telling the worker before the native call blocks the page's
 * thread and again when it returns; what the page captured so far goes out first. The message is
 * turned into text once, here, and handed to the native call as text (a page's object is not
 * asked for its text twice); one that cannot be turned into text goes to the native call as it
 * is, to throw there as it would have.
 */
function browsers(
  native: NativeDialogs,
  bus: PageBus,
  type: DialogType,
  args: unknown[],
  show: (args: unknown[]) => unknown,
): unknown {
  let message: string;
  try {
    message = args[0] === undefined ? '' : String(args[0]);
  } catch {
    return show(args);
  }
  const said = message.slice(0, MAX_MESSAGE);
  try {
    bus.flush();
    native.tell({ state: 'open', type, message: said });
  } catch {
    // telling must never break the page
  }
  let result: unknown;
  try {
    result = show([message, ...args.slice(1)]);
    return result;
  } finally {
    try {
      native.tell({
        state: 'closed',
        type,
        message: said,
        ...(type === 'alert' ? {} : { result: result as boolean | string | null }),
      });
    } catch {
      // telling must never break the page
    }
  }
}

function report(
  bus: PageBus,
  ownMarker: string,
  now: () => number,
  type: DialogType | 'beforeunload',
  message: string,
  result: unknown,
): void {
  const answered =
    type === 'beforeunload'
      ? 'left the page (its leave-site prompt was not shown)'
      : type === 'alert'
        ? 'accepted'
        : result === null || result === false
          ? 'dismissed'
          : `accepted${type === 'prompt' ? ` with ${JSON.stringify(result)}` : ''}`;
  const stack = captureCallSite(ownMarker);
  const entry: LogWire = {
    level: 'warn',
    message:
      type === 'beforeunload'
        ? `beforeunload answered by browsertap: ${answered}`
        : `${type}(${JSON.stringify(message.slice(0, MAX_MESSAGE))}) answered by browsertap: ${answered}`,
    args: [
      { dialog: type, message: message.slice(0, MAX_MESSAGE), answer: type === 'beforeunload' ? 'left the page' : answered },
    ],
    source: 'console',
    url: location.href,
    ts: now(),
    ...(stack === undefined ? {} : { stack }),
  };
  bus.add('logs', entry, true);
}

/** A dialog argument as the browser shows it (String(), which a hostile object may make throw). */
function text(value: unknown): string {
  if (value === undefined) return '';
  try {
    return String(value);
  } catch {
    return '';
  }
}
