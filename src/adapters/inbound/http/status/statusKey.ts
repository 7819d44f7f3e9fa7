import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The status page's key: hex HMAC-SHA256(token, "status-page"). It is what a person's browser
 * shows to read the status page in full (docs/security.md), so the token itself never travels in an
 * address or a cookie; it unlocks nothing else, and changes when the token does.
 */
export function statusKey(token: string): string {
  return createHmac('sha256', token).update('status-page').digest('hex');
}

/** The address that unlocks the status page of the daemon on `port` (what `status --open` opens). */
export function statusPageUrl(port: number, token: string): string {
  return `http://127.0.0.1:${port}/?key=${statusKey(token)}`;
}

/**
 * The cookie that holds the key for the daemon on `port`. Browsers send a host's cookies to
 * every port of it, so each port has its own name: two daemons do not overwrite each other's.
 */
export function statusCookieName(port: string): string {
  return `browsertap_status_${port}`;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `presented` equals `expected`, compared in constant time whatever their lengths. */
export function sameSecret(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}
