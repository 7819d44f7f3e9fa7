import type { PageBus } from './PageBus.js';
import type { Resources } from './resources.js';
import { capString, SERIAL, toJsonSafe } from './serialize.js';

/**
 * Uncaught exceptions, unhandled rejections, resources that failed to load (as network
 * failures with their real status, resources.ts), and CSP violations (as console errors the daemon classifies as security violations).
 */
export function hookErrors(bus: PageBus, now: () => number, resources: Resources): void {
  addEventListener(
    'error',
    (event: Event) => {
      if (event instanceof ErrorEvent) {
        const error = event.error as Error | undefined;
        const stack = error?.stack ?? (event.filename ? `at ${event.filename}:${event.lineno}:${event.colno}` : undefined);
        bus.add(
          'logs',
          {
            level: 'error',
            message: capString(event.message || String(error), SERIAL.string),
            source: 'exception',
            url: location.href,
            ts: now(),
            ...(stack ? { stack: capString(stack, SERIAL.stack) } : {}),
          },
          true,
        );
        return;
      }
      const target = event.target as (Element & { src?: string; href?: string }) | null;
      const resource = target?.src || target?.href;
      if (target !== null && target !== (window as unknown) && typeof resource === 'string' && resource !== '') {
        resources.failed(target.tagName.toLowerCase(), resource);
      }
    },
    true,
  );
  addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as unknown;
    const described =
      reason instanceof Error
        ? `${reason.name}: ${reason.message}`
        : typeof reason === 'string'
          ? reason
          : JSON.stringify(toJsonSafe(reason));
    const stack = reason instanceof Error ? reason.stack : undefined;
    bus.add(
      'logs',
      {
        level: 'error',
        message: capString(`Uncaught (in promise) ${described}`, SERIAL.string),
        source: 'unhandledrejection',
        url: location.href,
        ts: now(),
        ...(stack ? { stack: capString(stack, SERIAL.stack) } : {}),
      },
      true,
    );
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    const message = `Content Security Policy: blocked ${event.blockedURI || 'inline'} (${event.effectiveDirective}) on ${event.documentURI}`;
    bus.add(
      'logs',
      { level: 'error', message: capString(message, SERIAL.string), source: 'console', url: location.href, ts: now() },
      true,
    );
  });
}
