/** Worker → relay (of the frame that ran the script): `{type, url}`: the source map of a script. */
export const SOURCE_MESSAGE = 'browsertap:source-map';

/**
 * What the relay answers: the map's JSON text and where it is, or why there is none; `elsewhere`
 * when the script or its map is on another origin than the page's (the worker reads those).
 */
export type SourceAnswer = { map: string; url: string } | { none: string; elsewhere?: true };

/** Largest script read to find its map comment, and largest map taken (bytes of text). */
export const MAX_SCRIPT_CHARS = 20_000_000;
export const MAX_MAP_CHARS = 30_000_000;

/**
 * Finds a script's source map (the `SourceMap` header, else the last `//# sourceMappingURL=`
 * comment, inline `data:` maps included) and reads it, from the page's own origin and HTTP cache
 * partition with its credentials: the script comes from the cache the page filled (`force-cache`),
 * so a page without source maps costs no extra request; the map is requested with the page's
 * cookies, as DevTools would. Runs in the relay of the frame that ran the script (`origin`: that
 * frame's), and in the worker for scripts and maps of other origins; the parsing and mapping are
 * the worker's.
 */
export async function readSourceMap(scriptUrl: string, origin?: string): Promise<SourceAnswer> {
  if (!/^https?:/i.test(scriptUrl)) return { none: 'not an http(s) script' };
  // A page's fetch of another origin without CORS headers is an error in the developer's console:
  // those reads are the worker's (its host access needs no CORS), never the page's.
  if (origin !== undefined && new URL(scriptUrl).origin !== origin) return { none: 'another origin', elsewhere: true };
  const script = await fetch(scriptUrl, { cache: 'force-cache', credentials: 'include' });
  if (!script.ok) return { none: `the script answered ${script.status}` };
  let reference = script.headers.get('sourcemap') ?? script.headers.get('x-sourcemap') ?? undefined;
  if (reference === undefined) {
    const text = await script.text();
    if (text.length > MAX_SCRIPT_CHARS) return { none: 'the script is too large to read' };
    reference = /\/\/[#@]\s*sourceMappingURL=([^\s'"]+)\s*$/.exec(text.slice(-200_000).trimEnd())?.[1];
  } else {
    await script.body?.cancel();
  }
  if (reference === undefined) return { none: 'the script names no source map' };
  const mapUrl = new URL(reference, scriptUrl).href;
  if (origin !== undefined && !mapUrl.startsWith('data:') && new URL(mapUrl).origin !== origin) {
    return { none: 'the map is on another origin', elsewhere: true };
  }
  const answer = await fetch(mapUrl, { credentials: 'include' });
  if (!answer.ok) return { none: `the source map answered ${answer.status}` };
  const map = await answer.text();
  if (map.length > MAX_MAP_CHARS) return { none: 'the source map is too large' };
  return { map, url: mapUrl.startsWith('data:') ? scriptUrl : mapUrl };
}
