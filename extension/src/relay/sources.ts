import { BROWSER_TIMERS, ReadDeadline, type ReadTimers, readBody } from './boundedRead.js';

/** Worker → relay (of the frame that ran the script): `{type, url}`: the source map of a script. */
export const SOURCE_MESSAGE = 'browsertap:source-map';

/**
 * What the relay answers: the map's JSON text and where it is, or why there is none. `elsewhere`
 * when the script or its map is on another origin than the frame's (the worker reads those), with
 * `home`: the frame's origin and its ancestors' (`location.ancestorOrigins`), the only host the
 * worker's reads may carry cookies to. `notLoaded` when the frame never loaded the script (a
 * forged stack): nothing was read, and the answer is not remembered.
 */
export type SourceAnswer =
  { map: string; url: string; lines?: number[] } | { none: string; elsewhere?: true; home?: readonly string[]; notLoaded?: true };

/** Who reads: a frame's relay (its origin only, with its own cookies), or the worker (any origin). */
export type Reader = { readonly origin: string } | { readonly home: readonly string[] };

/**
 * Bytes read of a script (to find its map comment and its line starts) and of a map, at most: the
 * byte past either cancels the read, whatever the answer's length header says or does not say.
 */
export const MAX_SCRIPT_BYTES = 20_000_000;
export const MAX_MAP_BYTES = 30_000_000;
/** Longest the reading of a script and its map takes, requests and bodies together (ms); then it is given up. */
export const READ_MS = 15_000;
/** Lines of a script whose starts go with its map (docs/mcp-tools.md: a long frame names a function by its offset). */
export const LINES_READ = 200_000;

/**
 * Finds a script's source map (the `SourceMap` header, else the last `//# sourceMappingURL=`
 * comment, inline `data:` maps included) and reads it. In the relay of the frame that ran the
 * script (`{origin}`: that frame's), from the frame's own origin and HTTP cache partition with its
 * credentials: the script comes from the cache the page filled (`force-cache`), so a page without
 * source maps costs no extra request; the map is requested with the page's cookies, as DevTools
 * would. Scripts and maps of other origins are the worker's (`{home}`), and the worker sends
 * cookies only to the page's own host (`carriesCookies`, docs/security.md): a script or map of another site
 * is read without them, whatever its `sourceMappingURL` says. Every read is bounded: at most
 * MAX_SCRIPT_BYTES of the script and MAX_MAP_BYTES of the map, all within READ_MS (`readBody`).
 * The parsing and mapping are the worker's.
 */
export async function readSourceMap(
  scriptUrl: string,
  reader: Reader,
  timers: ReadTimers = BROWSER_TIMERS,
): Promise<SourceAnswer> {
  if (!/^https?:/i.test(scriptUrl)) return { none: 'not an http(s) script' };
  const origin = 'origin' in reader ? reader.origin : undefined;
  // A page's fetch of another origin without CORS headers is an error in the developer's console:
  // those reads are the worker's (its host access needs no CORS), never the page's.
  if (origin !== undefined && new URL(scriptUrl).origin !== origin) return { none: 'another origin', elsewhere: true };
  const deadline = new ReadDeadline(timers, READ_MS);
  try {
    return await readWithin(scriptUrl, reader, origin, deadline);
  } catch {
    return { none: deadline.passed ? `no answer within ${READ_MS} ms` : 'the script or its map could not be read' };
  } finally {
    deadline.end();
  }
}

const CUT = { too_large: 'is too large to read', timed_out: 'took too long to read', failed: 'could not be read' } as const;

async function readWithin(
  scriptUrl: string,
  reader: Reader,
  origin: string | undefined,
  deadline: ReadDeadline,
): Promise<SourceAnswer> {
  const script = await get(scriptUrl, reader, deadline.signal, 'force-cache');
  if (!script.ok) {
    await script.body?.cancel().catch(() => undefined);
    return { none: `the script answered ${script.status}` };
  }
  let reference = script.headers.get('sourcemap') ?? script.headers.get('x-sourcemap') ?? undefined;
  // The text is read for its line starts too; past MAX_SCRIPT_BYTES only a header can name the map.
  const body = await readBody(script, MAX_SCRIPT_BYTES, deadline);
  if (deadline.passed) return { none: `the script ${CUT.timed_out}` };
  const text = 'text' in body ? body.text : undefined;
  if (reference === undefined) {
    if (!('text' in body)) return { none: `the script ${CUT[body.cut]}` };
    reference = /\/\/[#@]\s*sourceMappingURL=([^\s'"]+)\s*$/.exec(body.text.slice(-200_000).trimEnd())?.[1];
  }
  if (reference === undefined) return { none: 'the script names no source map' };
  const lines = text === undefined ? undefined : lineStarts(text);
  const mapUrl = new URL(reference, scriptUrl).href;
  const inline = mapUrl.startsWith('data:');
  if (!inline && !/^https?:/i.test(mapUrl)) return { none: 'the source map is not on http(s)' };
  if (origin !== undefined && !inline && new URL(mapUrl).origin !== origin) {
    return { none: 'the map is on another origin', elsewhere: true };
  }
  const answer = await get(mapUrl, reader, deadline.signal);
  if (!answer.ok) {
    await answer.body?.cancel().catch(() => undefined);
    return { none: `the source map answered ${answer.status}` };
  }
  const map = await readBody(answer, MAX_MAP_BYTES, deadline);
  if (!('text' in map)) return { none: `the source map ${CUT[map.cut]}` };
  return { map: map.text, url: inline ? scriptUrl : mapUrl, ...(lines === undefined ? {} : { lines }) };
}

/** Where each line of `text` starts (the first at 0); undefined past LINES_READ lines. */
export function lineStarts(text: string): number[] | undefined {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (starts.length >= LINES_READ) return undefined;
    starts.push(at + 1);
  }
  return starts;
}

/**
 * The relay's answer about `url`, a frame of a stack the page reported: nothing is read unless
 * this frame loaded the script (`loaded`, docs/security.md); a script or map of another origin is left to
 * the worker, told `home` (the frame's origin and its ancestors') for its cookie rule.
 */
export async function sourceFor(
  url: string,
  loaded: { has(url: string): boolean },
  frame: { readonly origin: string; readonly home: readonly string[] },
  timers: ReadTimers = BROWSER_TIMERS,
): Promise<SourceAnswer> {
  if (!loaded.has(url)) return { none: 'the frame did not load this script', notLoaded: true };
  const answer = await readSourceMap(url, { origin: frame.origin }, timers);
  return 'elsewhere' in answer ? { ...answer, home: frame.home } : answer;
}

/**
 * Whether the worker's read of `url` may carry cookies: only to the page's own host, the same
 * scheme and host (any port) as the frame and each of its ancestors. Stricter than "same site"
 * (no public-suffix list needed: `cdn.example.com` under `app.example.com` goes without cookies),
 * never looser.
 */
export function carriesCookies(url: string, home: readonly string[]): boolean {
  if (home.length === 0) return false;
  try {
    const target = new URL(url);
    return home.every((origin) => {
      const page = new URL(origin);
      return page.protocol === target.protocol && page.hostname === target.hostname;
    });
  } catch {
    return false;
  }
}

/**
 * A GET as `reader` may make it. The relay's carries its frame's cookies (the same origin); the
 * worker's carries cookies only where `carriesCookies` says, and never across a redirect: a
 * cookie-bearing read that is redirected is made again without cookies.
 */
async function get(url: string, reader: Reader, signal: AbortSignal, cache?: RequestCache): Promise<Response> {
  const options: RequestInit = cache === undefined ? { signal } : { signal, cache };
  if ('origin' in reader) return fetch(url, { ...options, credentials: 'include' });
  if (!url.startsWith('data:') && carriesCookies(url, reader.home)) {
    const answer = await fetch(url, { ...options, credentials: 'include', redirect: 'manual' });
    if (answer.type !== 'opaqueredirect' && !(answer.status >= 300 && answer.status < 400)) return answer;
    await answer.body?.cancel().catch(() => undefined);
  }
  return fetch(url, { ...options, credentials: 'omit' });
}
