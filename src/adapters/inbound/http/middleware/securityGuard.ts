import type { ErrorCode } from '../../../../domain/wire/errorCodes.js';
import { hash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Middleware } from 'koa';
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
    const problem = refusalOf(
      { method: ctx.method, path: ctx.path, headers: ctx.req.headers, localAddress: ctx.req.socket.localAddress },
      settings,
    );
    if (problem !== undefined) throw problem;
    await next();
  };
}

/** What the guard decides from: a request's method, path (without its query), headers and the address it came in on. */
export interface GuardedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly localAddress: string | undefined;
}

/** The guard's rules (above) on one request: the refusal to answer, or undefined when it may go on. */
export function refusalOf(request: GuardedRequest, settings: GuardSettings): HttpProblem | undefined {
  const get = (name: string): string => {
    const value = request.headers[name];
    return value === undefined ? '' : String(value);
  };
  const { path, method } = request;
  const port = settings.port();
  const host = get('host').toLowerCase();
  const address = settings.listen?.();
  const listened = address === undefined ? undefined : hostPort(address, port);
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}` && host !== listened) {
    // A remote bridge reads the port from "expected 127.0.0.1:<port>": keep that wording.
    return refusal(
      get,
      403,
      'forbidden_host',
      `Host '${host.slice(0, 100)}' is not this daemon (expected 127.0.0.1:${port}${listened === undefined ? '' : `, ${listened}`} or localhost:${port})`,
    );
  }
  const kind = ROUTES.get(path);
  if (kind === undefined) {
    const meant = meantRoute(path);
    return refusal(
      get,
      404,
      'not_found',
      `no route ${method} ${path.slice(0, 100)}` + (meant === undefined ? '' : ` (paths are exact: ${meant})`),
    );
  }
  const local = request.localAddress;
  if (LOOPBACK_ONLY.has(kind) && !isLoopback(local)) {
    return refusal(
      get,
      403,
      'loopback_only',
      `${path} answers on 127.0.0.1 only (${kind === 'status' ? 'the status page is for the person at the browser' : 'the extension API is for the extension beside the daemon'}); this request came in on ${local ?? 'an unknown address'}, where only /health and /mcp answer`,
    );
  }
  const origin = get('origin');
  // The status page reads its own data: its own origin is the one web origin let through, there only.
  const ownPage = STATUS_PATHS.has(path) && origin === `http://${host}`;
  if (origin !== '' && !ownPage) {
    const refused = originRefusal(origin, settings.extensions);
    if (refused !== undefined) return refusal(get, 403, 'forbidden_origin', refused);
  } else if (kind === 'extension') {
    return refusal(
      get,
      403,
      'forbidden_origin',
      `${path} answers only the browsertap extension (Origin chrome-extension://<id>); this request has no Origin`,
    );
  }
  return kind === 'mcp' ? bearerRefusal(get, settings.token(), settings.tokenFile ?? '<state-dir>/token') : undefined;
}

/** A header's value as Koa's `ctx.get` reads it ('' when absent). */
type HeaderOf = (name: string) => string;

/** Why an Origin is refused (only an allowed extension's passes), or undefined. */
function originRefusal(origin: string, allowed: AllowedExtensions): string | undefined {
  const extension = EXTENSION_ORIGIN.exec(origin);
  if (extension === null) return `requests from web pages are refused (Origin '${origin.slice(0, 100)}')`;
  const id = extension[1] as string;
  if (allowed !== '*' && !allowed.includes(id)) {
    return `extension ${id} is not an allowed browsertap extension (start the daemon with --extension-id ${id}, or * for any)`;
  }
  return undefined;
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
function bearerRefusal(get: HeaderOf, token: string, tokenFile: string): HttpProblem | undefined {
  const presented = /^Bearer\s+(\S+)$/i.exec(get('authorization'))?.[1] ?? '';
  if (timingSafeEqual(digest(presented), tokenDigest(token))) return undefined;
  const what = presented === '' ? 'no bearer token' : 'a wrong bearer token';
  const description = `${what} for /mcp: send Authorization: Bearer <the token in ${tokenFile}>`;
  const message = `${description}, or let the client start browsertap over stdio, which needs no token (browsertap setup <client>)`;
  return refusal(get, 401, 'unauthorized', message, {
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
  get: HeaderOf,
  status: number,
  code: ErrorCode,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): HttpProblem {
  const hasBody = get('transfer-encoding') !== '' || Number(get('content-length')) > 0;
  return new HttpProblem(status, code, message, hasBody ? { ...headers, Connection: 'close' } : headers);
}
