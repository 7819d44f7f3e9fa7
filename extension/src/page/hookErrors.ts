import { BUS } from '../shared/protocol.js';
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
  // The agent's own execute_js on a page that forbids eval is answered to the agent as
  // csp_blocks_eval; the violation it raises is browsertap's doing, not an error of the page.
  let ownEvals = 0;
  document.addEventListener(BUS.ownEval, () => (ownEvals = Math.min(ownEvals + 1, 10)));
  document.addEventListener('securitypolicyviolation', (event) => {
    if (event.blockedURI === 'eval' && ownEvals > 0) {
      ownEvals--;
      return;
    }
    bus.add(
      'logs',
      { level: 'error', message: capString(cspMessage(event), SERIAL.string), source: 'console', url: location.href, ts: now() },
      true,
    );
  });
}

/** What each fetch directive loads, in Chrome's words ("Loading the image '…' violates …"). */
const LOADS: Readonly<Record<string, string>> = {
  'img-src': 'image',
  'script-src': 'script',
  'script-src-elem': 'script',
  'style-src': 'stylesheet',
  'style-src-elem': 'stylesheet',
  'font-src': 'font',
  'media-src': 'media resource',
  'object-src': 'plugin data',
  'manifest-src': 'manifest',
  'worker-src': 'worker script',
};

/** The directive that decides when `effective` is absent from a policy (CSP3's fallback lists, shortened). */
const FALLBACK: Readonly<Record<string, readonly string[]>> = {
  'script-src-elem': ['script-src', 'default-src'],
  'script-src-attr': ['script-src', 'default-src'],
  'style-src-elem': ['style-src', 'default-src'],
  'style-src-attr': ['style-src', 'default-src'],
  'worker-src': ['child-src', 'script-src', 'default-src'],
  'frame-src': ['child-src', 'default-src'],
};

export type CspViolation = Pick<
  SecurityPolicyViolationEvent,
  'blockedURI' | 'effectiveDirective' | 'originalPolicy' | 'disposition'
>;

/**
 * A CSP violation in the words Chrome's console uses for it (docs/extension.md: the entry says what the
 * developer's DevTools says): `Loading the image 'http://…' violates the following Content
 * Security Policy directive: "img-src 'self'". The action has been blocked.`
 */
export function cspMessage(violation: CspViolation): string {
  const effective = violation.effectiveDirective;
  const directives = new Map<string, string>();
  for (const part of violation.originalPolicy.split(';')) {
    const text = part.trim();
    const name = text.split(/\s/, 1)[0]?.toLowerCase();
    if (name !== undefined && name !== '' && !directives.has(name)) directives.set(name, text);
  }
  const used = [effective, ...(FALLBACK[effective] ?? ['default-src'])].find((name) => directives.has(name)) ?? effective;
  const directive = directives.get(used) ?? effective;
  const blocked = violation.blockedURI;
  const what =
    blocked === 'inline'
      ? 'Executing inline script'
      : blocked === 'eval'
        ? 'Evaluating a string as JavaScript'
        : effective === 'connect-src'
          ? `Connecting to '${blocked}'`
          : effective === 'frame-src' || effective === 'child-src'
            ? `Framing '${blocked}'`
            : `Loading the ${LOADS[effective] ?? 'resource'} '${blocked}'`;
  const note = used === effective ? '' : ` Note that '${effective}' was not explicitly set, so '${used}' is used as a fallback.`;
  const outcome =
    violation.disposition === 'report'
      ? ' The policy is report-only, so the violation has been reported but not enforced.'
      : ' The action has been blocked.';
  return `${what} violates the following Content Security Policy directive: "${directive}".${note}${outcome}`;
}
