import type { ErrorCode } from '../../../../domain/wire/errorCodes.js';
import { hash, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { HttpProblem } from '../HttpProblem.js';
import type { AllowedExtensions } from '../../../../domain/extension/ourExtension.js';
import { meantRoute, ROUTES, STATUS_PATHS, type RouteKind } from '../routeTable.js';
import { hostPort } from '../../../../domain/net/hostText.js';

export interface GuardSettings {
  /** The port the daemon is bound to (known once listening). */
  readonly port: () => number;
  /** Extension ids whose `chrome-extension://` origin may call (default: ours only). */
  readonly extensions: AllowedExtensions;
  /** The bearer token `/mcp` requires (read each time: it may be written back while running). */
  readonly token: () => string;
  /** Where the token is kept, named in the 401 answer (default `<state-dir>/token`). */
  readonly tokenFile?: string;
  /**
   * The address `--listen` serves besides loopback (docs/install.md), once bound: its `Host` is
   * accepted too, and only `/health` and `/mcp` answer there.
   */
  readonly listen?: () => string | undefined;
}

/** What only loopback serves: the extension runs beside the daemon, and the status page is for the person there. */
const LOOPBACK_ONLY: ReadonlySet<RouteKind> = new Set<RouteKind>(['extension', 'status']);

/** 127.0.0.0/8 and ::1, as a socket's local address names them (IPv4-mapped included). */
function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

const EXTENSION_ORIGIN = /^chrome-extension:\/\/([a-p]{32})\/?$/;

/**
 * docs/security.md, in front of everything and decided from the headers alone, before any body is read:
 * the Host must be the daemon itself (DNS rebinding); the path must be one the daemon serves,
 * spelled exactly as it serves it (one path, one rule); a request carrying any Origin but an
 * allowed extension's is refused, pages on localhost included; the extension routes require
 * that Origin, so a page's `<img>`, `<script>`, `<link>` or no-cors fetch (which send none)
 * can neither take a command nor fake the extension's presence; and `/mcp` requires the
 * bearer token. No CORS header is ever sent, so browsers refuse to hand responses to pages.
 */
export function securityGuard(settings: GuardSettings): Middleware {
  return async (ctx, next) => {
    const port = settings.port();
    const host = ctx.get('host').toLowerCase();
    const address = settings.listen?.();
    const listened = address === undefined ? undefined : hostPort(address, port);
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}` && host !== listened) {
      // A remote bridge reads the port from "expected 127.0.0.1:<port>": keep that wording.
      throw refusal(
        ctx,
        403,
        'forbidden_host',
        `Host '${host.slice(0, 100)}' is not this daemon (expected 127.0.0.1:${port}${listened === undefined ? '' : `, ${listened}`} or localhost:${port})`,
      );
    }
    const kind = ROUTES.get(ctx.path);
    if (kind === undefined) {
      const meant = meantRoute(ctx.path);
      throw refusal(
        ctx,
        404,
        'not_found',
        `no route ${ctx.method} ${ctx.path.slice(0, 100)}` + (meant === undefined ? '' : ` (paths are exact: ${meant})`),
      );
    }
    const local = ctx.req.socket.localAddress;
    if (LOOPBACK_ONLY.has(kind) && !isLoopback(local)) {
      throw refusal(
        ctx,
        403,
        'loopback_only',
        `${ctx.path} answers on 127.0.0.1 only (${kind === 'status' ? 'the status page is for the person at the browser' : 'the extension API is for the extension beside the daemon'}); this request came in on ${local ?? 'an unknown address'}, where only /health and /mcp answer`,
      );
    }
    const origin = ctx.get('origin');
    // The status page reads its own data: its own origin is the one web origin let through, there only.
    const ownPage = STATUS_PATHS.has(ctx.path) && origin === `http://${host}`;
    if (origin !== '' && !ownPage) checkOrigin(ctx, origin, settings.extensions);
    else if (kind === 'extension') {
      throw refusal(
        ctx,
        403,
        'forbidden_origin',
        `${ctx.path} answers only the browsertap extension (Origin chrome-extension://<id>); this request has no Origin`,
      );
    }
    if (kind === 'mcp') checkBearer(ctx, settings.token(), settings.tokenFile ?? '<state-dir>/token');
    await next();
  };
}

function checkOrigin(ctx: Context, origin: string, allowed: AllowedExtensions): void {
  const extension = EXTENSION_ORIGIN.exec(origin);
  if (extension === null) {
    throw refusal(ctx, 403, 'forbidden_origin', `requests from web pages are refused (Origin '${origin.slice(0, 100)}')`);
  }
  const id = extension[1] as string;
  if (allowed !== '*' && !allowed.includes(id)) {
    throw refusal(
      ctx,
      403,
      'forbidden_origin',
      `extension ${id} is not an allowed browsertap extension (start the daemon with --extension-id ${id}, or * for any)`,
    );
  }
}

/** `address:port` as a Host header names it (an IPv6 address in brackets), lower case. */

/** SHA-256 in one call (no Hash object per request: half the time of createHash on a token). */
const digest = (text: string): Buffer => hash('sha256', text, 'buffer');

/** The token's digest, made again only when the token changes (it is compared on every `/mcp` request). */
let known: { readonly token: string; readonly digest: Buffer } | undefined;
function tokenDigest(token: string): Buffer {
  if (known?.token !== token) known = { token, digest: digest(token) };
  return known.digest;
}

/**
 * `/mcp` needs `Authorization: Bearer <token>`, compared in constant time (docs/security.md). A refusal
 * says where the token is, in the body and in `WWW-Authenticate` (RFC 6750 `invalid_token` with
 * an `error_description`): a client such as the MCP Inspector shows that sentence instead of
 * starting an OAuth flow the daemon does not offer.
 */
function checkBearer(ctx: Context, token: string, tokenFile: string): void {
  const presented = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1] ?? '';
  if (timingSafeEqual(digest(presented), tokenDigest(token))) return;
  const what = presented === '' ? 'no bearer token' : 'a wrong bearer token';
  const description = `${what} for /mcp: send Authorization: Bearer <the token in ${tokenFile}>`;
  const message = `${description}, or let the client start browsertap over stdio, which needs no token (browsertap setup <client>)`;
  throw refusal(ctx, 401, 'unauthorized', message, {
    'WWW-Authenticate': `Bearer realm="browsertap", error="invalid_token", error_description="${quotable(description)}"`,
  });
}

/** RFC 6750 3: an error_description holds printable ASCII without `"` and `\`; anything else becomes `?`. */
function quotable(text: string): string {
  return text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '?');
}

/**
 * A refusal answered before the body is read: a request that still has a body to send gets
 * `Connection: close`, so the daemon reads none of it (an unauthenticated 8 MB body costs
 * nothing but the headers).
 */
function refusal(
  ctx: Context,
  status: number,
  code: ErrorCode,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): HttpProblem {
  const hasBody = ctx.get('transfer-encoding') !== '' || Number(ctx.get('content-length')) > 0;
  return new HttpProblem(status, code, message, hasBody ? { ...headers, Connection: 'close' } : headers);
}
