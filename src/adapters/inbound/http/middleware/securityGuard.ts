import type { Middleware } from 'koa';
import { HttpProblem } from '../HttpProblem.js';
import type { AllowedExtensions } from '../ourExtension.js';
import { STATUS_PATHS } from '../routes/statusRoutes.js';

export interface GuardSettings {
  /** The port the daemon is bound to (known once listening). */
  readonly port: () => number;
  /** Extension ids whose `chrome-extension://` origin may call (default: ours only). */
  readonly extensions: AllowedExtensions;
}

/** The routes only the extension calls (SPEC 4); everything but `GET /health` and `/mcp`. */
const EXTENSION_ROUTES = new Set([
  '/pending-queries',
  '/query-result',
  '/dom-result',
  '/logs',
  '/network-bodies',
  '/websocket-events',
  '/vitals',
  '/page',
]);

const EXTENSION_ORIGIN = /^chrome-extension:\/\/([a-p]{32})\/?$/;

/**
 * SPEC 6, in front of everything: the Host must be the daemon itself (DNS rebinding); a request
 * carrying any Origin but an allowed extension's is refused, pages on localhost included; and
 * the extension routes require that Origin, so a page's `<img>`, `<script>`, `<link>` or
 * no-cors fetch (which send none) can neither take a command nor fake the extension's
 * presence. No CORS header is ever sent, so browsers refuse to hand responses to pages.
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
    // The status page reads its own data: its own origin is the one web origin let through, there only.
    const ownPage = STATUS_PATHS.has(ctx.path) && origin === `http://${host}`;
    if (origin !== '' && !ownPage) checkOrigin(origin, settings.extensions);
    else if (EXTENSION_ROUTES.has(ctx.path)) {
      throw new HttpProblem(
        403,
        'forbidden_origin',
        `${ctx.path} answers only the browsertap extension (Origin chrome-extension://<id>); this request has no Origin`,
      );
    }
    await next();
  };
}

function checkOrigin(origin: string, allowed: AllowedExtensions): void {
  const extension = EXTENSION_ORIGIN.exec(origin);
  if (extension === null) {
    throw new HttpProblem(403, 'forbidden_origin', `requests from web pages are refused (Origin '${origin.slice(0, 100)}')`);
  }
  const id = extension[1] as string;
  if (allowed !== '*' && !allowed.includes(id)) {
    throw new HttpProblem(
      403,
      'forbidden_origin',
      `extension ${id} is not an allowed browsertap extension (start the daemon with --extension-id ${id}, or * for any)`,
    );
  }
}
