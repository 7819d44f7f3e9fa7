import { SHORT_TIMER_MS, ShortTimers } from './shortTimers.js';

/** What the hooks wrap: the page's window. */
export type TimerHost = Pick<Window, 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval' | 'queueMicrotask'>;

/**
 * Knows the page's short timers, so an action's settle can wait for what its handlers scheduled
 * (docs/mcp-tools.md: a debounced field has taken the typed value before the next action). `setTimeout`
 * callbacks run inside a chain: a timer set outside any timer callback begins one now; a timer set
 * in a callback, or in the promise continuations that callback queued, continues the callback's.
 * `setInterval` callbacks run in a chain that is never an action's, so intervals and what they
 * set are never waited for. Timers set with a string of code are left alone.
 *
 * The wrappers are Proxies (they still look native to the page) and cost a `setTimeout` a closure
 * and a map entry (bench/extension/settleBench.ts measures it).
 */
export function hookTimers(now: () => number, host: TimerHost = window): ShortTimers {
  const timers = new ShortTimers();
  const microtask = host.queueMicrotask.bind(host);
  /** The root of the chain the running callback continues; undefined outside timer callbacks. */
  let chain: number | undefined;
  const endChain = () => (chain = undefined);
  const run = (root: number, callback: Function, thisArg: unknown, args: ArrayLike<unknown>) => {
    chain = root;
    try {
      return Reflect.apply(callback, thisArg, args);
    } finally {
      // Promise continuations the callback queued run before this one: they continue its chain.
      microtask(endChain);
    }
  };
  const hookSet = (name: 'setTimeout' | 'setInterval') => {
    const repeats = name === 'setInterval';
    host[name] = new Proxy(host[name], {
      apply(target, thisArg, args: unknown[]) {
        const callback = args[0];
        if (typeof callback !== 'function') return Reflect.apply(target, thisArg, args);
        const root = repeats ? -Infinity : (chain ?? now());
        const counted = root !== -Infinity && isShort(args[1]);
        let id = 0;
        args[0] = function (this: unknown) {
          if (counted) timers.end(id, true);
          return run(root, callback, this, arguments);
        };
        id = Reflect.apply(target, thisArg, args) as number;
        if (counted) timers.set(id, root);
        return id;
      },
    }) as never;
  };
  const hookClear = (name: 'clearTimeout' | 'clearInterval') => {
    host[name] = new Proxy(host[name], {
      apply(target, thisArg, args: unknown[]) {
        if (typeof args[0] === 'number') timers.end(args[0], false);
        return Reflect.apply(target, thisArg, args);
      },
    });
  };
  hookSet('setTimeout');
  hookSet('setInterval');
  hookClear('clearTimeout');
  hookClear('clearInterval'); // ids are shared: a timeout can be cleared with clearInterval
  return timers;
}

/**
 * Whether a delay as the page passed it is short. Only numbers, numeric strings and no delay are
 * read: converting anything else would run the page's own `valueOf` a second time.
 */
export function isShort(delay: unknown): boolean {
  if (delay === undefined) return true;
  if (typeof delay !== 'number' && typeof delay !== 'string') return false;
  const ms = Number(delay);
  return !Number.isFinite(ms) || ms < SHORT_TIMER_MS; // the browser reads NaN and ±Infinity as 0
}
