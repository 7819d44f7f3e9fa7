import Router from '@koa/router';
import type { ExtensionApi } from '../ExtensionApi.js';
import { sendJson } from '../json.js';
import { STATUS_CSS, STATUS_HTML, STATUS_JS } from '../status/statusPage.js';

/** The paths of the status page; the only ones a request from the daemon's own origin may call. */
export const STATUS_PATHS: ReadonlySet<string> = new Set(['/', '/status.js', '/status.css', '/status.json']);

/**
 * The human's view (SPEC 11): `/` and its script and stylesheet, and `/status.json` they read.
 * Every answer forbids framing and any other origin's scripts: the page loads only from itself.
 */
export function statusRoutes(api: ExtensionApi): Router {
  const router = new Router();
  router.use(async (ctx, next) => {
    await next();
    if (!STATUS_PATHS.has(ctx.path)) return;
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors 'none'",
    );
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'no-store');
  });
  const asset = (path: string, type: string, body: string) =>
    router.get(path, (ctx) => {
      ctx.type = type;
      ctx.body = body;
    });
  asset('/', 'text/html; charset=utf-8', STATUS_HTML);
  asset('/status.js', 'text/javascript; charset=utf-8', STATUS_JS);
  asset('/status.css', 'text/css; charset=utf-8', STATUS_CSS);
  router.get('/status.json', (ctx) => sendJson(ctx, api.status.execute()));
  return router;
}
