/**
 * Words that make a header, query parameter or JSON field name secret when they appear as a
 * whole segment of it (`access_token`, `apiKey`, `X-CSRF-Token`, `session_id`), but not inside
 * another word (`keyword`, `author`, `passenger`).
 */
const SECRET_WORDS = new Set([
  'token',
  'key',
  'apikey',
  'secret',
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'auth',
  'authorization',
  'bearer',
  'code',
  'session',
  'sessionid',
  'jsessionid',
  'phpsessid',
  'sessid',
  'sid',
  'cookie',
  'jwt',
  'signature',
  'sig',
  'credential',
  'credentials',
  'otp',
  'csrf',
  'xsrf',
]);

/** True when `name` (any casing, `-`/`_`/`.`/camelCase separated) names a secret. */
export function isSensitiveName(name: string): boolean {
  const segments = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return segments.some((segment) => SECRET_WORDS.has(segment));
}
