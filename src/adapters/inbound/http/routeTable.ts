import { CHANNEL_PATH } from '../../../domain/wire/channel.js';
import { INGEST_PATHS } from './ingestLimits.js';

/** Who may call a route, which decides the rules the security guard applies to it (docs/security.md). */
export type RouteKind = 'extension' | 'health' | 'mcp' | 'status';

/** The routes only the extension calls (docs/extension-protocol.md): everything but `GET /health`, `/mcp` and the status page. */
const EXTENSION_PATHS = [CHANNEL_PATH, '/pending-queries', '/query-result', '/dom-result', ...INGEST_PATHS, '/page'];

/** The status page and the data it reads (docs/install.md). */
export const STATUS_PATHS: ReadonlySet<string> = new Set(['/', '/status.js', '/status.css', '/status.json']);

/**
 * Every path the daemon serves, spelled the one way it is served (docs/security.md, "one path, one
 * rule"): the guard looks a request's path up here exactly, so no other spelling (case,
 * slashes, percent-encoding) can reach a route, let alone one without its guard.
 */
export const ROUTES: ReadonlyMap<string, RouteKind> = new Map<string, RouteKind>([
  ...EXTENSION_PATHS.map((path) => [path, 'extension'] as const),
  ['/health', 'health'],
  ['/mcp', 'mcp'],
  ...[...STATUS_PATHS].map((path) => [path, 'status'] as const),
]);

/**
 * The route another spelling of `path` was probably meant for (decoded, lower case, single
 * slashes, no trailing slash), to name it in the refusal; undefined when none is close.
 */
export function meantRoute(path: string): string | undefined {
  let loose = path.slice(0, 200);
  try {
    loose = decodeURIComponent(loose);
  } catch {
    // a malformed escape: compare the text as it is
  }
  loose = loose.toLowerCase().replace(/\/{2,}/g, '/');
  if (loose.length > 1) loose = loose.replace(/\/+$/, '');
  return ROUTES.has(loose) ? loose : undefined;
}
