import type { Context } from 'koa';
import type { ExtensionApi } from '../ExtensionApi.js';
import { HttpProblem } from '../HttpProblem.js';
import { sendJson } from '../json.js';
import { exactRouter } from '../exactRouter.js';
import { STATUS_PATHS } from '../routeTable.js';
import { STATUS_CSS, STATUS_HTML, STATUS_JS } from '../status/statusPage.js';
import { sameSecret, statusCookieName, statusKey } from '../status/statusKey.js';

/**
 * The human's view (docs/install.md): `/` and its script and stylesheet, and `/status.json` they read.
 * Every answer forbids framing and any other origin's scripts: the page loads only from itself.
 *
 * `/status.json` is in full only for a request that proves it comes from the local user
 * (docs/security.md): `Authorization: Bearer <token>`, or the cookie `GET /?key=<status key>` sets;
 * any other request gets counts only. `token` is read on every request (it may be rewritten).
 */
export function statusRoutes(api: ExtensionApi, token: () => string) {
  const router = exactRouter();
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
  router.get('/', (ctx) => {
    if (ctx.query.key !== undefined) return unlock(ctx, token());
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = STATUS_HTML;
  });
  const asset = (path: string, type: string, body: string) =>
    router.get(path, (ctx) => {
      ctx.type = type;
      ctx.body = body;
    });
  asset('/status.js', 'text/javascript; charset=utf-8', STATUS_JS);
  asset('/status.css', 'text/css; charset=utf-8', STATUS_CSS);
  router.get('/status.json', (ctx) => sendJson(ctx, api.status.execute({ full: provesLocalUser(ctx, token()) })));
  return router;
}

/**
 * `GET /?key=…`: the right key is kept in an HttpOnly, SameSite=Strict cookie for this port and
 * the browser is sent to `/` (303), so the key leaves the address bar; anything else is refused
 * 403 and sets nothing.
 */
function unlock(ctx: Context, token: string): void {
  const key = ctx.query.key;
  const expected = statusKey(token);
  if (typeof key !== 'string' || !sameSecret(key, expected)) {
    throw new HttpProblem(
      403,
      'wrong_status_key',
      "this address does not carry this daemon's status key (it changes with the token); run `browsertap status --open` for a fresh one",
    );
  }
  ctx.cookies.set(statusCookieName(portOf(ctx)), expected, { httpOnly: true, sameSite: 'strict', path: '/', overwrite: true });
  ctx.status = 303;
  ctx.redirect('/');
}

/** The bearer token, or the cookie holding the status key for this port (both compared in constant time). */
function provesLocalUser(ctx: Context, token: string): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
  if (bearer !== undefined && sameSecret(bearer, token)) return true;
  const cookie = ctx.cookies.get(statusCookieName(portOf(ctx)));
  return cookie !== undefined && sameSecret(cookie, statusKey(token));
}

/** The port of the Host the request named (the security guard let through only this daemon's). */
const portOf = (ctx: Context): string => ctx.get('host').split(':').pop() ?? '';
