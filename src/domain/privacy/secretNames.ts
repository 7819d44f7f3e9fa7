/**
 * What a field, header or parameter name says about its value (docs/security.md):
 * - `secret`: the name alone makes the value secret (`password`, `api_key`, `X-CSRF-Token`);
 * - `ambiguous`: the value is secret only if it looks like one (`code`, `key`, `session_id`);
 * - `plain`: the name says nothing (the value is still scanned as text).
 */
export type NameClass = 'secret' | 'ambiguous' | 'plain';

/** A name segment that is a secret word on its own. */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'passcode',
  'passphrase',
  'pin',
  'pincode',
  'secret',
  'token',
  'apikey',
  'authorization',
  'cookie',
  'cookies',
  'credential',
  'credentials',
  'jwt',
  'bearer',
  'csrf',
  'xsrf',
  'csrftoken',
  'xsrftoken',
  'otp',
  'totp',
  'hotp',
  '2fa',
  'tfa',
  'privatekey',
  'phpsessid',
  'jsessionid',
  'sessionid',
  'sessid',
  'signature',
  // A payment card's number and its security code (CVC, CVV, CSC).
  'cardnumber',
  'ccnumber',
  'ccnum',
  'creditcard',
  'cvc',
  'cvc2',
  'cvv',
  'cvv2',
  'csc',
  // A wallet's recovery phrase.
  'mnemonic',
]);

/** Two segments in a row that name a secret together (`api_key`, `private-key`, `connect.sid`). */
const SECRET_PAIRS = new Set([
  'api key',
  'private key',
  'access key',
  'secret key',
  'connect sid',
  'laravel session',
  'card number',
  'card num',
  'card no',
  'cc number',
  'cc num',
  'card code',
  'recovery phrase',
  'seed phrase',
]);

/**
 * Words before `code` that make it a one-time or secret code (`verification_code`, `smsCode`,
 * `2fa-code`, `security code`, `one-time code`), while `code` alone, `promo_code`, `postal_code`
 * or `country_code` stay ambiguous: their value decides.
 */
const SECRET_CODE_KINDS = new Set([
  'verification',
  'verify',
  'sms',
  'otp',
  'mfa',
  '2fa',
  'tfa',
  'factor',
  'step',
  'authentication',
  'authenticator',
  'auth',
  'security',
  'confirmation',
  'recovery',
  'backup',
  'login',
  'signin',
  'activation',
  'reset',
  'access',
  'digit',
  'onetime',
]);

/**
 * Segments that may name a secret or something harmless; the value decides. `remember`
 * (`remember_me`, `remember-me`, `remember_web_…`) names the long-lived login cookies: their
 * value is a credential, while a form's `remember_me=1` is a checkbox.
 */
const AMBIGUOUS_WORDS = new Set([
  'key',
  'code',
  'session',
  'sid',
  'auth',
  'sig',
  'tokens',
  'secrets',
  'keys',
  'remember',
  'rememberme',
]);

/**
 * A last segment that says the value describes a secret rather than being one
 * (`token_type`, `passCount`, `passwordMinLength`, `sessionTimeout`, `password_reset_url`).
 */
const DESCRIPTORS = new Set([
  'type',
  'types',
  'count',
  'length',
  'len',
  'size',
  'min',
  'max',
  'limit',
  'expires',
  'expiry',
  'expiration',
  'ttl',
  'timeout',
  'age',
  'enabled',
  'disabled',
  'required',
  'valid',
  'invalid',
  'url',
  'uri',
  'endpoint',
  'name',
  'field',
  'header',
  'param',
  'format',
  'version',
  'status',
  'policy',
  'mode',
  'kind',
  'label',
  'hint',
  'placeholder',
  'path',
  'prefix',
  'location',
  'strategy',
  'provider',
  'scheme',
]);

/** The lower-case segments of a name in any casing (`X-Api-Key`, `apiKey`, `access_token`, `connect.sid`). */
export function nameSegments(name: string): string[] {
  return name
    .slice(0, 128)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((segment) => segment !== '');
}

/** Names seen recently and their class: the same few names repeat across entries. Bounded. */
const known = new Map<string, NameClass>();
const MAX_KNOWN = 512;

export function classifyName(name: string): NameClass {
  let found = known.get(name);
  if (found === undefined) {
    found = classify(name);
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(name, found);
  }
  return found;
}

function classify(name: string): NameClass {
  const segments = nameSegments(name);
  if (segments.length === 0 || DESCRIPTORS.has(segments.at(-1) as string)) return 'plain';
  let ambiguous = false;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (SECRET_WORDS.has(segment)) return 'secret';
    if (i > 0 && SECRET_PAIRS.has(`${segments[i - 1]} ${segment}`)) return 'secret';
    if (i > 0 && (segment === 'code' || segment === 'codes') && secretCodeKind(segments, i - 1)) return 'secret';
    if (AMBIGUOUS_WORDS.has(segment)) ambiguous = true;
  }
  return ambiguous ? 'ambiguous' : 'plain';
}

/** The segment before `code` names a one-time or secret code (`one time` counts as one word). */
function secretCodeKind(segments: readonly string[], at: number): boolean {
  const kind = segments[at] as string;
  return SECRET_CODE_KINDS.has(kind) || (kind === 'time' && segments[at - 1] === 'one');
}

/** Header-like names whose value in free text runs to the end of the line (`Cookie: a=1; b=2`). */
export function valueRunsToLineEnd(name: string): boolean {
  return LINE_VALUE_NAME.test(name);
}

const LINE_VALUE_NAME = /(?:cookie|authorization)$/i;
