/** Worker → relay (top frame): `{type, url}`: the source map of a script the page ran. */
export const SOURCE_MESSAGE = 'browsertap:source-map';

/** What the relay answers: the map's JSON text and where it is, or why there is none. */
export type SourceAnswer = { map: string; url: string } | { none: string };

/** Largest script read to find its map comment, and largest map taken (bytes of text). */
const MAX_SCRIPT_CHARS = 20_000_000;
const MAX_MAP_CHARS = 30_000_000;

/**
 * Finds a script's source map (the `SourceMap` header, else the last `//# sourceMappingURL=`
 * comment, inline `data:` maps included) and reads it, from the page's own origin and HTTP cache
 * partition with its credentials: the script comes from the cache the page filled (`force-cache`),
 * so a page without source maps costs no extra request; the map is requested with the page's
 * cookies, as DevTools would. Runs in the relay; the parsing and mapping are the worker's.
 */
export async function readSourceMap(scriptUrl: string): Promise<SourceAnswer> {
  if (!/^https?:/i.test(scriptUrl)) return { none: 'not an http(s) script' };
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
  const answer = await fetch(mapUrl, { credentials: 'include' });
  if (!answer.ok) return { none: `the source map answered ${answer.status}` };
  const map = await answer.text();
  if (map.length > MAX_MAP_CHARS) return { none: 'the source map is too large' };
  return { map, url: mapUrl.startsWith('data:') ? scriptUrl : mapUrl };
}
