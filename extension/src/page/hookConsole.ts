import type { LogWire } from '../shared/protocol.js';
import type { PageBus } from './PageBus.js';
import { captureCallSite, describeConsoleCall } from './serialize.js';

const LEVELS = ['debug', 'log', 'info', 'warn', 'error'] as const;

/**
 * Records every `console.debug/log/info/warn/error` call (arguments made JSON-safe, the caller's
 * frames as `stack`) and then calls the original. The wrappers are Proxies, so they still look
 * native to the page.
 */
export function hookConsole(bus: PageBus, ownMarker: string, now: () => number): void {
  for (const level of LEVELS) {
    const original = console[level];
    if (typeof original !== 'function') continue;
    console[level] = new Proxy(original, {
      apply(target, thisArg, args: unknown[]) {
        try {
          const { message, args: safeArgs } = describeConsoleCall(args);
          const stack = captureCallSite(ownMarker);
          const entry: LogWire = {
            level,
            message,
            args: safeArgs,
            source: 'console',
            url: location.href,
            ts: now(),
            ...(stack === undefined ? {} : { stack }),
          };
          bus.add('logs', entry, level === 'error');
        } catch {
          // Capture must never break the page's own logging.
        }
        return Reflect.apply(target, thisArg, args);
      },
    });
  }
}
