/** Entries accepted in one ingest request (docs/security.md); more is 413. */
export const MAX_ENTRIES_PER_REQUEST = 2_000;

/** The routes that take `{entries:[…]}` (at most `MAX_ENTRIES_PER_REQUEST` each). */
export const INGEST_PATHS: ReadonlySet<string> = new Set([
  '/logs',
  '/network-bodies',
  '/websocket-events',
  '/vitals',
  '/actions',
  '/picks',
  '/performance',
]);
