/**
 * docs/extension.md development origins, tracked without asking: localhost, loopback and private-network
 * addresses, and the reserved development names `*.localhost`, `*.test`, `*.local`.
 */
export function isDevelopmentUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return isDevelopmentHost(parsed.hostname);
}

export function isDevelopmentHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.test') || host.endsWith('.local')) return true;
  if (host === '::1' || /^f[cd][0-9a-f]{2}:/.test(host)) return true; // loopback, unique local
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4 === null) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/**
 * The development origins a manifest match pattern can name (it ignores the port; a host may
 * only start with `*.`): the extension's static content scripts load there, from the first line,
 * and nowhere else. The other development addresses (private networks, the rest of 127/8, IPv6)
 * are registered once a tracked page shows one (worker/PageScripts.ts). extension/manifest.json
 * lists the same patterns (a unit test holds the two together).
 */
export const STATIC_DEV_PATTERNS = [
  '*://localhost/*',
  '*://*.localhost/*',
  '*://127.0.0.1/*',
  '*://*.test/*',
  '*://*.local/*',
] as const;

/** Whether the manifest's content scripts load at `url` (one of STATIC_DEV_PATTERNS). */
export function isStaticDevUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  const host = parsed.hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host === '127.0.0.1' ||
    host.endsWith('.localhost') ||
    host.endsWith('.test') ||
    host.endsWith('.local')
  );
}
