/**
 * Inputs that made backtracking patterns super-linear (the reproductions and the shapes
 * found while rewriting the redactor), each about `size` characters. Every built-in pattern
 * must get through each of them in linear time.
 */
export function redosInputs(size = 1 << 20): ReadonlyArray<{ readonly name: string; readonly text: string }> {
  const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  return [
    { name: 'eyJ-eyJ-… (JWT prefix runs)', text: fill('eyJ-') },
    { name: 'eyJ then one long run', text: `eyJ${fill('a')}` },
    { name: 'eyJa.-segments without a third part', text: fill('eyJaaaaa.aaaaa ') },
    { name: 'BEGIN PRIVATE KEY headers with no END', text: fill('-----BEGIN PRIVATE KEY-----') },
    { name: 'one BEGIN and a huge body', text: `-----BEGIN PRIVATE KEY-----\n${fill('A')}` },
    { name: 'Bearer then spaces', text: `Bearer ${fill(' ')}` },
    { name: 'Bearer Bearer …', text: fill('Bearer ') },
    { name: 'password= password= …', text: fill('password=') },
    { name: 'a=a=a=…', text: fill('a=') },
    { name: 'a:a:a:…', text: fill('a:') },
    { name: 'unclosed quoted secret', text: `"password":"${fill('x')}` },
    { name: 'many unclosed quoted secrets', text: fill('"token":"abc ') },
    { name: 'secret name then blanks', text: `password:${fill(' ')}` },
    { name: 'a long name before =', text: `token${fill('_')}=x` },
    { name: 'scheme:// runs without @', text: fill(`a://${'b'.repeat(300)}:${'c'.repeat(300)}`) },
    { name: 'x://: …', text: fill('x://:') },
    { name: 'AWS key ids in a row', text: fill('AKIAAAAAAAAAAAAAAAAA ') },
    { name: 'AWS key id then separators', text: fill(`AKIAAAAAAAAAAAAAAAAA${' '.repeat(63)}`) },
    { name: 'ghp_ ghp_ …', text: fill('ghp_') },
    { name: 'xoxb- runs', text: fill('xoxb-') },
    { name: 'sk- then dashes', text: `sk-${fill('-')}` },
    { name: 'sk_live_ repeated', text: fill('sk_live_') },
    { name: '?a?a (params without =)', text: fill('?a') },
    { name: '&=&= …', text: fill('&=') },
    { name: 'one huge query value', text: `?token=${fill('a')}` },
    { name: 'a long word then =', text: `${fill('a')}=` },
    { name: 'deep JSON nesting', text: `${'['.repeat(size / 2)}${']'.repeat(size / 2)}` },
    { name: 'every trigger mixed', text: mixed(size) },
  ];
}

const TRIGGERS = [
  'eyJ',
  'eyJhbGciOi.',
  'Bearer ',
  'Token ',
  '-----BEGIN ',
  'PRIVATE KEY-----',
  '-----END ',
  'AKIA',
  'ghp_',
  'xoxb-',
  'sk_live_',
  'sk-',
  'AIza',
  'ya29.',
  'npm_',
  'hooks.slack.com/services/',
  'password',
  'token',
  'key',
  'code',
  '=',
  ':',
  '"',
  "'",
  '://',
  '@',
  '&',
  '?',
  ' ',
  'a',
  '1',
  '-',
  '_',
  '.',
];

/** A deterministic jumble of every pattern's trigger text. */
function mixed(size: number): string {
  let seed = 42;
  const parts: string[] = [];
  let length = 0;
  while (length < size) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const part = TRIGGERS[seed % TRIGGERS.length] as string;
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, size);
}
