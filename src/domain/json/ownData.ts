/**
 * Sets `key` on `out` as an own, enumerable data property, whatever the key. A plain
 * `out.__proto__ = value` would replace `out`'s prototype instead (the key would vanish from
 * its JSON, and an object value would lend `out` its properties); `JSON.parse` keeps such a key
 * as data, and so does this.
 */
export function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
