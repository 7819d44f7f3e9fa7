import type { Middleware } from 'koa';
import { HttpProblem } from '../HttpProblem.js';

export interface GuardSettings {
  /** The port the daemon is bound to (known once listening). */
  readonly port: () => number;
  /** When set, only this extension id may call with a `chrome-extension://` origin. */
  readonly extensionId?: string;
}

/**
 * SPEC 6, in front of everything: the Host must be the daemon itself (DNS rebinding), and a
 * request carrying any Origin but our extension's is refused, pages on localhost included.
 * No CORS header is ever sent, so browsers refuse to hand responses to pages.
 */
export function securityGuard(settings: GuardSettings): Middleware {
  return async (ctx, next) => {
    const port = settings.port();
    const host = ctx.get('host').toLowerCase();
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      throw new HttpProblem(
        403,
        'forbidden_host',
        `Host '${host.slice(0, 100)}' is not this daemon (expected 127.0.0.1:${port} or localhost:${port})`,
      );
    }
    const origin = ctx.get('origin');
    if (origin !== '') {
      const extension = /^chrome-extension:\/\/([a-p]{32})\/?$/.exec(origin);
      if (extension === null) {
        throw new HttpProblem(403, 'forbidden_origin', `requests from web pages are refused (Origin '${origin.slice(0, 100)}')`);
      }
      if (settings.extensionId !== undefined && extension[1] !== settings.extensionId) {
        throw new HttpProblem(403, 'forbidden_origin', `extension ${extension[1]} is not the configured browsertap extension`);
      }
    }
    await next();
  };
}
