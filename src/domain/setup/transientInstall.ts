/**
 * Where npm keeps what `npx <package>` runs: `<npm cache>/_npx/<hash>/node_modules/…`. npm
 * clears that folder when it likes (a cache clean, another npx run), so a client configured with
 * a path inside it stops starting browsertap one day with nothing to say why.
 */
const NPX_CACHE = /[\\/]_npx[\\/]/;

/**
 * The npx cache folder a path lies in (up to and including `_npx/<hash>`), or undefined when the
 * path is a lasting installation.
 */
export function npxCacheOf(path: string): string | undefined {
  const match = NPX_CACHE.exec(path);
  if (match === null) return undefined;
  const after = path.slice(match.index + match[0].length);
  const hash = /^[^\\/]*/.exec(after)?.[0] ?? '';
  return path.slice(0, match.index + match[0].length + hash.length);
}
