/**
 * The shared redaction corpus (docs/security.md): what must be hidden and what must be kept, in every
 * place a secret turns up — free text (console messages, stacks, errors), urls, headers, JSON
 * fields and bodies. The unit test runs the Redactor over each sample; a miss (a `secret` still
 * present) or a false hit (a `keep` sample changed) fails it.
 */
export type Where = 'text' | 'url' | 'headers' | 'json' | 'body';

export interface MustHide {
  readonly name: string;
  readonly where: Where;
  readonly input: unknown;
  /** Substrings that must not survive. */
  readonly secrets: readonly string[];
  /** Substrings that must survive (context around the secret). */
  readonly context?: readonly string[];
}

export interface MustKeep {
  readonly name: string;
  readonly where: Where;
  readonly input: unknown;
}

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
const AWS_ID = 'AKIAIOSFODNN7EXAMPLE';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const PEM_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj';
/** A remember-me cookie value: 70 random base64url characters. */
const REMEMBER = 'pQko0LJ_a7Wr-XCAGLRHyUmWW8aJkpDUESwBqPJYvdUuljgddNDvwmVl9jGFW2pgb-E51d';

let deep: unknown = { password: 'DEEPNESTEDSECRET25' };
for (let i = 0; i < 25; i++) deep = { level: i, child: deep };

export const MUST_HIDE: readonly MustHide[] = [
  // Auth schemes and JWTs
  {
    name: 'bearer header in text',
    where: 'text',
    input: 'Authorization: Bearer abcdef0123456789abcdef',
    secrets: ['abcdef0123456789abcdef'],
    context: ['Authorization'],
  },
  {
    name: 'basic credentials in a curl line',
    where: 'text',
    input: 'curl -H "Authorization: Basic dXNlcjpwYXNzd29yZA==" http://localhost',
    secrets: ['dXNlcjpwYXNzd29yZA'],
    context: ['curl -H'],
  },
  { name: 'Token scheme', where: 'text', input: 'Authorization: Token 9f8e7d6c5b4a3f2e1d0c', secrets: ['9f8e7d6c5b4a3f2e1d0c'] },
  {
    name: 'JWT in free text',
    where: 'text',
    input: `session restored with ${JWT} ok`,
    secrets: [JWT.slice(0, 30), JWT.slice(-20)],
    context: ['session restored with', ' ok'],
  },
  {
    name: 'JWT in a JSON message',
    where: 'text',
    input: `{"id_token":"${JWT}","user":"ann"}`,
    secrets: [JWT.slice(0, 30)],
    context: ['"user":"ann"'],
  },
  {
    name: 'quoted bearer in JSON text',
    where: 'text',
    input: '{"Authorization":"Bearer abc123def456ghi789"}',
    secrets: ['abc123def456ghi789'],
  },
  // Private keys
  {
    name: 'PEM private key',
    where: 'text',
    input: `key:\n-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----\nloaded`,
    secrets: [PEM_BODY.slice(0, 20)],
    context: ['loaded'],
  },
  {
    name: 'PEM private key without its END line',
    where: 'text',
    input: `-----BEGIN PRIVATE KEY-----\n${PEM_BODY}\n${PEM_BODY}`,
    secrets: [PEM_BODY.slice(0, 20), PEM_BODY.slice(-20)],
  },
  {
    name: 'encrypted PEM with headers',
    where: 'text',
    input: `-----BEGIN ENCRYPTED PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0A1B2C\n\n${PEM_BODY}\n-----END ENCRYPTED PRIVATE KEY-----`,
    secrets: [PEM_BODY.slice(0, 20), 'AES-128-CBC'],
  },
  {
    name: 'PGP private key block',
    where: 'text',
    input: `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${PEM_BODY}\n-----END PGP PRIVATE KEY BLOCK-----`,
    secrets: [PEM_BODY.slice(0, 20)],
  },
  // Cloud keys
  {
    name: 'AWS access key id',
    where: 'text',
    input: `using access key ${AWS_ID} for s3`,
    secrets: [AWS_ID],
    context: ['for s3'],
  },
  { name: 'AWS key pair in text', where: 'text', input: `${AWS_ID} ${AWS_SECRET}`, secrets: [AWS_ID, AWS_SECRET] },
  {
    name: 'aws_secret_access_key=',
    where: 'text',
    input: `aws_secret_access_key=${AWS_SECRET}`,
    secrets: [AWS_SECRET],
    context: ['aws_secret_access_key='],
  },
  {
    name: 'aws_secret_access_key in ini style',
    where: 'text',
    input: `[default]\naws_access_key_id = ${AWS_ID}\naws_secret_access_key = ${AWS_SECRET}\nregion = eu-west-1`,
    secrets: [AWS_ID, AWS_SECRET],
    context: ['region = eu-west-1'],
  },
  {
    name: 'AWS keys as JSON fields',
    where: 'json',
    input: { AccessKeyId: AWS_ID, SecretAccessKey: AWS_SECRET, Expiration: '2026-11-23' },
    secrets: [AWS_ID, AWS_SECRET],
    context: ['2026-11-23'],
  },
  {
    name: 'Google API key',
    where: 'text',
    input: 'maps loaded with key AIzaSyA1234567890abcdefghijklmnopqrstuv',
    secrets: ['AIzaSyA1234567890abcdefghijklmnopqrstuv'],
  },
  {
    name: 'Google OAuth access token',
    where: 'text',
    input: 'token ya29.a0AfH6SMBxQ7yK2pL9mN3vR8tW1zC4eF6gH',
    secrets: ['ya29.a0AfH6SMBxQ7yK2pL9mN3vR8tW1zC4eF6gH'],
  },
  // Service tokens
  {
    name: 'GitHub personal token',
    where: 'text',
    input: 'GH_TOKEN ghp_1234567890abcdefghijklmnopqrstuvwxyzAB set',
    secrets: ['ghp_1234567890abcdefghijklmnopqrstuvwxyzAB'],
  },
  {
    name: 'GitHub OAuth token',
    where: 'text',
    input: 'oauth gho_16C7e42F292c6912E7710c838347Ae178B4a rejected',
    secrets: ['gho_16C7e42F292c6912E7710c838347Ae178B4a'],
  },
  {
    name: 'GitHub fine-grained token',
    where: 'text',
    input: 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01234567',
    secrets: ['github_pat_11ABCDEFG0123456789'],
  },
  {
    name: 'Slack bot token',
    where: 'text',
    input: 'slack: xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
    secrets: ['xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'],
  },
  {
    name: 'Slack webhook',
    where: 'text',
    input: 'posting to https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
    secrets: ['T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'],
  },
  {
    name: 'Stripe live secret key',
    where: 'text',
    input: 'Stripe(sk_live_51H8xYzABCdefGHIjklMNOpqrSTUvwxYZ0123456789)',
    secrets: ['sk_live_51H8xYzABCdefGHIjklMNOpqrSTUvwxYZ0123456789'],
  },
  {
    name: 'Stripe restricted test key',
    where: 'text',
    input: 'key rk_test_4eC39HqLyjWDarjtT1zdp7dc used',
    secrets: ['rk_test_4eC39HqLyjWDarjtT1zdp7dc'],
  },
  {
    name: 'Stripe webhook secret',
    where: 'text',
    input: 'STRIPE_WEBHOOK=whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    secrets: ['MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
  },
  {
    name: 'npm token',
    where: 'text',
    input: '//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789',
    secrets: ['npm_abcdefghijklmnopqrstuvwxyz0123456789'],
  },
  {
    name: 'OpenAI-style key',
    where: 'json',
    input: { provider: 'openai', apiKey: 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD' },
    secrets: ['sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD'],
    context: ['openai'],
  },
  // Passwords in urls and connection strings
  {
    name: 'user:pass@ in console text',
    where: 'text',
    input: 'connecting to postgres://admin:s3cr3tPa55@db.internal:5432/app',
    secrets: ['s3cr3tPa55'],
    context: ['postgres://admin:', '@db.internal:5432/app'],
  },
  {
    name: 'password with empty user',
    where: 'text',
    input: 'redis://:hunter2hunter2@localhost:6379/0 refused',
    secrets: ['hunter2hunter2'],
  },
  {
    name: 'DATABASE_URL env line',
    where: 'text',
    input: 'DATABASE_URL=mysql://app:Sup3rS3cret@db:3306/app',
    secrets: ['Sup3rS3cret'],
  },
  {
    name: 'url with a password',
    where: 'url',
    input: 'https://user:pa55word@example.com/path',
    secrets: ['pa55word'],
    context: ['https://user:', '@example.com/path'],
  },
  // Session cookies
  {
    name: 'connect.sid in text',
    where: 'text',
    input: 'cookie set: connect.sid=s%3AfX9k2LmQ7pR4tY8wZ1bN3cV6xJ0hG5dS.aB3dE6fG9h; Path=/; HttpOnly',
    secrets: ['fX9k2LmQ7pR4tY8wZ1bN3cV6xJ0hG5dS'],
    context: ['Path=/'],
  },
  {
    name: 'PHPSESSID',
    where: 'text',
    input: 'PHPSESSID=9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c',
    secrets: ['9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c'],
  },
  {
    name: 'JSESSIONID in a matrix parameter',
    where: 'url',
    input: 'http://x.test/app;jsessionid=1A2B3C4D?x=1',
    secrets: ['1A2B3C4D'],
    context: ['?x=1'],
  },
  {
    name: 'Cookie header line in text',
    where: 'text',
    input: 'Cookie: theme=dark; sessionid=abc123xyz789',
    secrets: ['abc123xyz789'],
  },
  {
    name: 'remember_me cookie in a Cookie line',
    where: 'text',
    input: `Cookie: remember_me=${REMEMBER}`,
    secrets: [REMEMBER.slice(0, 20), REMEMBER.slice(-20)],
    context: ['Cookie: '],
  },
  {
    name: 'remember_me cookie in free text',
    where: 'text',
    input: `restored login from remember_me=${REMEMBER} for bob`,
    secrets: [REMEMBER.slice(0, 20), REMEMBER.slice(-20)],
    context: ['restored login from remember_me=', ' for bob'],
  },
  {
    name: 'remember-me cookie in document.cookie',
    where: 'text',
    input: `theme=dark; remember-me=${REMEMBER}; lang=en`,
    secrets: [REMEMBER.slice(0, 20)],
    context: ['theme=dark', 'lang=en'],
  },
  {
    name: 'remember_me cookie in a Set-Cookie line',
    where: 'text',
    input: `Set-Cookie: remember_web_59ba36ad=${REMEMBER}; Path=/; HttpOnly`,
    secrets: [REMEMBER.slice(0, 20)],
  },
  {
    name: 'rememberMe cookie value as a JSON field',
    where: 'json',
    input: { rememberMe: REMEMBER, user: 'bob' },
    secrets: [REMEMBER.slice(0, 20)],
    context: ['bob'],
  },
  // Named secrets
  {
    name: 'password= in text',
    where: 'text',
    input: 'login failed: user=bob password=hunter2 retry=3',
    secrets: ['hunter2'],
    context: ['user=bob', 'retry=3'],
  },
  {
    name: 'password in JSON text',
    where: 'text',
    input: '{"user":"bob","password":"hunter2"}',
    secrets: ['hunter2'],
    context: ['"user":"bob"'],
  },
  {
    name: 'api_key in JS object notation',
    where: 'text',
    input: "config: { api_key: 'abc123def456', debug: true }",
    secrets: ['abc123def456'],
    context: ['debug: true'],
  },
  {
    name: 'session value that looks secret (message like its args)',
    where: 'text',
    input: '{"session":"9f2c1b7e4a8d3f6b5c0e1a2d","csrf":"a8Fk2Lp9","jwt":"x.y.z"}',
    secrets: ['9f2c1b7e4a8d3f6b5c0e1a2d', 'a8Fk2Lp9', 'x.y.z'],
  },
  {
    name: 'client_secret field',
    where: 'json',
    input: { client_id: 'web', client_secret: 'abc' },
    secrets: ['abc'],
    context: ['web'],
  },
  { name: 'refresh_token field', where: 'json', input: { refresh_token: 'r1', expires_in: 3600 }, secrets: ['r1'] },
  {
    name: 'password nested in an object',
    where: 'json',
    input: { auth: { username: 'bob', password: 'pw-1' } },
    secrets: ['pw-1'],
    context: ['bob'],
  },
  {
    name: 'tokens in an array',
    where: 'json',
    input: { tokens: ['tok_9f8e7d6c5b4a3f2e', 'tok_1a2b3c4d5e6f7a8b'] },
    secrets: ['tok_9f8e7d6c5b4a3f2e', 'tok_1a2b3c4d5e6f7a8b'],
  },
  { name: 'numeric password', where: 'json', input: { password: 123456 }, secrets: ['123456'] },
  {
    name: 'pass and pin fields in a JSON body',
    where: 'body',
    input: '{"user":"bob","pass":"Tr0ub4dor&3","pin":"4921"}',
    secrets: ['Tr0ub4dor', '4921'],
    context: ['"user":"bob"'],
  },
  {
    name: 'pass and pin fields in JSON text',
    where: 'text',
    input: 'login {"user":"bob","pass":"Tr0ub4dor&3","pin":"4921"}',
    secrets: ['Tr0ub4dor', '4921'],
    context: ['"user":"bob"'],
  },
  { name: 'pass field', where: 'json', input: { pass: 'Tr0ub4dor&3' }, secrets: ['Tr0ub4dor'] },
  { name: 'numeric pin field', where: 'json', input: { pin: 4921 }, secrets: ['4921'] },
  {
    name: 'passwd, passcode and pinCode fields',
    where: 'json',
    input: { passwd: 'letmein', passcode: '314159', pinCode: '0000' },
    secrets: ['letmein', '314159', '0000'],
  },
  {
    name: 'pin= in a form body',
    where: 'body',
    input: 'card=visa&pin=4921&remember_me=1',
    secrets: ['4921'],
    context: ['remember_me=1'],
  },
  {
    name: 'key field holding a known token shape',
    where: 'json',
    input: { key: 'sk_live_51H8xYzABCdefGHIjklMNOpq' },
    secrets: ['sk_live_51H8xYzABCdefGHIjklMNOpq'],
  },
  { name: 'secret nested deeper than 20 levels', where: 'json', input: deep, secrets: ['DEEPNESTEDSECRET25'] },
  // Urls and forms
  {
    name: 'access_token query parameter',
    where: 'url',
    input: 'http://localhost:3000/cb?access_token=abc123&x=1',
    secrets: ['abc123'],
    context: ['x=1'],
  },
  {
    name: 'OAuth code (ambiguous name, secret value)',
    where: 'url',
    input: 'http://localhost:3000/cb?code=4/0AX4XfWjYxZ9kL2mN8pQ1rS4tU7vW0xY3zA6bC9dE&state=ok',
    secrets: ['4/0AX4XfWjYxZ9kL2mN8pQ1rS4tU7vW0xY3zA6bC9dE'],
    context: ['state=ok'],
  },
  { name: 'api_key query parameter', where: 'url', input: 'http://localhost:3000/data?api_key=shortkey', secrets: ['shortkey'] },
  {
    name: 'session_id with a secret-looking value',
    where: 'url',
    input: 'http://localhost:3000/a?session_id=5f2b9c1e8a7d4f3b2a1c0d9e',
    secrets: ['5f2b9c1e8a7d4f3b2a1c0d9e'],
  },
  {
    name: 'token in a fragment',
    where: 'url',
    input: 'http://localhost:3000/#id_token=abc.def.ghi&state=1',
    secrets: ['abc.def.ghi'],
  },
  {
    name: 'form body password',
    where: 'body',
    input: 'username=bob&password=hunter2&remember=1',
    secrets: ['hunter2'],
    context: ['remember=1'],
  },
  {
    name: 'JSON body with a private key string',
    where: 'body',
    input: JSON.stringify({ name: 'svc', private_key: `-----BEGIN PRIVATE KEY-----\n${PEM_BODY}\n-----END PRIVATE KEY-----\n` }),
    secrets: [PEM_BODY.slice(0, 20)],
    context: ['svc'],
  },
  // Headers
  {
    name: 'Authorization header',
    where: 'headers',
    input: { Authorization: 'Bearer abc', Accept: 'text/html' },
    secrets: ['abc'],
    context: ['text/html'],
  },
  { name: 'Cookie header', where: 'headers', input: { Cookie: 'a=b; sessionid=xyz' }, secrets: ['sessionid=xyz'] },
  { name: 'Set-Cookie header', where: 'headers', input: { 'Set-Cookie': 'refresh=r; HttpOnly' }, secrets: ['refresh=r'] },
  {
    name: 'Proxy-Authorization header',
    where: 'headers',
    input: { 'Proxy-Authorization': 'Basic Zm9vOmJhcg==' },
    secrets: ['Zm9vOmJhcg'],
  },
  { name: 'X-Api-Key header', where: 'headers', input: { 'X-Api-Key': '12345abcde' }, secrets: ['12345abcde'] },
  { name: 'X-Auth-Token header', where: 'headers', input: { 'X-Auth-Token': 'tkn' }, secrets: ['tkn'] },
  { name: 'X-CSRF-Token header', where: 'headers', input: { 'X-CSRF-Token': 'csrf-1' }, secrets: ['csrf-1'] },
  // One-time codes and payment cards, by the name of their field
  {
    name: 'one-time codes under their names in a JSON body',
    where: 'json',
    input: { verification_code: '482913', smsCode: '551203', mfa_code: '730044', totp: '118822' },
    secrets: ['482913', '551203', '730044', '118822'],
  },
  { name: 'an SMS code in a form body', where: 'body', input: 'phone=%2B33600000000&sms_code=482913', secrets: ['482913'] },
  {
    name: 'a 2FA code in free text',
    where: 'text',
    input: 'verify failed: 2fa_code=730044 attempt=2',
    secrets: ['730044'],
    context: ['attempt=2'],
  },
  {
    name: 'card number and CVC fields',
    where: 'json',
    input: { card_number: '4111111111111111', cvc: '123', cardCvv: '4321', exp_month: 12 },
    secrets: ['4111111111111111', '"123"', '4321'],
    context: ['exp_month'],
  },
];

export const MUST_KEEP: readonly MustKeep[] = [
  // Codes, keys and counts that are not secrets
  { name: 'error code string', where: 'json', input: { error: 'timeout', code: 'DB_TIMEOUT' } },
  { name: '"code":"DB_TIMEOUT" in a 500 body', where: 'body', input: '{"error":"Internal","code":"DB_TIMEOUT","retry":true}' },
  { name: 'statusCode number in text', where: 'text', input: 'request failed, statusCode: 503' },
  { name: 'statusCode field', where: 'json', input: { statusCode: 503, message: 'Service Unavailable' } },
  { name: 'errorCode field', where: 'json', input: { errorCode: 'E_CONN_REFUSED' } },
  { name: 'errorCode in text', where: 'text', input: 'errorCode=E42 while saving' },
  { name: 'i18n key field', where: 'json', input: { key: 'checkout.submit', defaultValue: 'Pay now' } },
  { name: 'i18n key in text', where: 'text', input: 'missing translation key: "checkout.submit"' },
  { name: 'passCount in text', where: 'text', input: 'test run finished, passCount: 4, failCount: 1' },
  { name: 'passCount field', where: 'json', input: { passCount: 4 } },
  {
    name: 'words around pass and pin',
    where: 'json',
    input: { pinned: true, spinner: 'dots', passed: 12, passes: 3, bypass: true, compass: 'N', pin_length: 4 },
  },
  { name: 'pinned and spinner in text', where: 'text', input: 'tab pinned: true, spinner: dots, pass_count: 3' },
  { name: 'remember me checkbox in a form body', where: 'body', input: 'user=bob&remember_me=1&rememberMe=on' },
  { name: 'rememberMe flag', where: 'json', input: { rememberMe: true, remember_me_days: 30, rememberedUser: 'bob' } },
  { name: 'remember-me cookie with a short value', where: 'text', input: 'Set remember-me=yes for 30 days' },
  { name: 'token_type', where: 'json', input: { token_type: 'Bearer', expires_in: 3600 } },
  { name: 'tokenCount', where: 'json', input: { tokenCount: 1234, model: 'gpt' } },
  { name: 'passwordMinLength', where: 'json', input: { passwordMinLength: 8 } },
  { name: 'sessionTimeout', where: 'json', input: { sessionTimeout: 1800 } },
  { name: 'password_reset_url path', where: 'json', input: { password_reset_url: 'https://example.com/reset' } },
  { name: 'booleans under secret names', where: 'json', input: { hasToken: false, secretsManagerEnabled: true, password: null } },
  { name: 'numeric code', where: 'json', input: { code: 200, status: 'ok' } },
  { name: 'short promo code', where: 'json', input: { code: 'ABC123' } },
  { name: 'primaryKey', where: 'json', input: { primaryKey: 'id' } },
  // Words that merely contain a secret word
  {
    name: 'keyboard, author, monkey, keyword, passenger',
    where: 'json',
    input: { keyboard: 'qwerty', author: 'Jane', monkey: 'banana', keyword: 'shoes', passenger: 'Alice' },
  },
  { name: 'tokenizer', where: 'json', input: { tokenizer: 'cl100k_base' } },
  {
    name: 'a sentence about tokens',
    where: 'text',
    input: 'Used 5 tokens: fine. Keyword search for author=ann returned 3 results.',
  },
  { name: 'authorName', where: 'json', input: { authorName: 'Jane Doe' } },
  {
    name: 'ids and hashes without secret names',
    where: 'json',
    input: {
      id: '550e8400-e29b-41d4-a716-446655440000',
      request_id: 'req_9f8e7d6c5b4a',
      sha: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0',
    },
  },
  // Prose
  { name: 'React key warning', where: 'text', input: 'Warning: Each child in a list should have a unique "key" prop.' },
  { name: 'session expiry sentence', where: 'text', input: 'The session expired at 12:00, please sign in again' },
  { name: 'Token expired sentence', where: 'text', input: 'Token refreshing after expiry' },
  { name: 'Bearer authentication sentence', where: 'text', input: 'Bearer authentication required for /api' },
  { name: 'Basic usage sentence', where: 'text', input: 'Basic usage: npm start' },
  { name: 'password field required', where: 'text', input: 'password field is required' },
  { name: 'empty password value', where: 'text', input: 'Password: ' },
  { name: 'TypeError reading token', where: 'text', input: "TypeError: Cannot read properties of undefined (reading 'token')" },
  { name: 'ECONNREFUSED', where: 'text', input: 'Error: connect ECONNREFUSED 127.0.0.1:5432' },
  { name: 'git commit hash', where: 'text', input: 'commit a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0 deployed' },
  { name: 'one JWT-like segment', where: 'text', input: 'header eyJhbGciOiJIUzI1NiJ9 decoded' },
  {
    name: 'public key and certificate',
    where: 'text',
    input: '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqh\n-----END PUBLIC KEY-----\n-----BEGIN CERTIFICATE-----',
  },
  { name: 'email address', where: 'text', input: 'sent to jane@example.com at 10:42' },
  { name: 'ftp url with a user only', where: 'text', input: 'mirror ftp://anonymous@ftp.example.com/pub' },
  // Urls and headers
  { name: 'search for the word token', where: 'url', input: 'http://localhost:3000/search?q=token&page=2' },
  { name: 'key parameter with an identifier', where: 'url', input: 'http://localhost:3000/items?key=sort_by_date' },
  { name: 'short code parameter', where: 'url', input: 'https://example.com/cb?state=xyz&code=ok' },
  { name: 'vite client url', where: 'url', input: 'http://localhost:5173/@vite/client' },
  { name: 'user without password', where: 'url', input: 'http://user@example.com/' },
  {
    name: 'codes that are not one-time codes',
    where: 'json',
    input: { promo_code: 'SAVE20', postal_code: '75001', country_code: 'FR', verificationCodeLength: 6, cardNumberMaxLength: 19 },
  },
  {
    name: 'ordinary headers',
    where: 'headers',
    input: { 'Content-Type': 'application/json', 'X-Request-Id': '9f8e7d6c', 'Cache-Control': 'no-cache' },
  },
];
