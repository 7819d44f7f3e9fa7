import type { LogWire } from '../shared/protocol.js';
import { absoluteUrl, scrub } from './networkCommon.js';
import type { PageBus } from './PageBus.js';

/**
 * A `window.open` the browser's popup blocker refused returns null and says nothing to the page;
 * browsertap reports it as a warning (and in the acting command's `effects.popup_blocked`, docs/mcp-tools.md),
 * so an agent whose click "worked" learns the popup never opened. A Proxy: still looks native.
 */
export function hookPopups(bus: PageBus, now: () => number): void {
  const original = window.open;
  if (typeof original !== 'function') return;
  window.open = new Proxy(original, {
    apply(target, thisArg, args: unknown[]) {
      const opened = Reflect.apply(target, thisArg, args) as Window | null;
      if (opened === null) {
        try {
          const url = scrub.url(args[0] === undefined || args[0] === '' ? 'about:blank' : absoluteUrl(args[0]));
          const entry: LogWire = {
            level: 'warn',
            message: `window.open(${JSON.stringify(url)}) was blocked by the browser's popup blocker`,
            args: [{ popup_blocked: url }],
            source: 'console',
            url: location.href,
            ts: now(),
          };
          bus.add('logs', entry, true);
        } catch {
          // reporting must never break the page
        }
      }
      return opened;
    },
  });
}
