import { expect } from 'chai';
import { DEPTH_MARK, MAX_DEPTH, REDACTED, RedactionTally, Redactor } from '../../../../src/domain/privacy/Redactor.js';
import { classifyName } from '../../../../src/domain/privacy/secretNames.js';
import { looksSecret } from '../../../../src/domain/privacy/secretValues.js';

describe('Redactor', () => {
  const redactor = new Redactor();
  const run = <T>(fn: (tally: RedactionTally) => T): [T, number] => {
    const tally = new RedactionTally();
    const out = fn(tally);
    return [out, tally.count];
  };

  describe('names', () => {
    for (const name of [
      'Authorization',
      'Cookie',
      'Set-Cookie',
      'Proxy-Authorization',
      'X-Api-Key',
      'apiKey',
      'access_token',
      'client-secret',
      'PHPSESSID',
      'JSESSIONID',
      'password',
      'x-csrf-token',
      'jwt',
      'X-Amz-Signature',
      'connect.sid',
      'private_key',
    ]) {
      it(`treats ${name} as a secret name`, () => expect(classifyName(name)).to.equal('secret'));
    }
    for (const name of ['code', 'key', 'session', 'sessionId', 'session_id', 'statusCode', 'sid']) {
      it(`treats ${name} as ambiguous (the value decides)`, () => expect(classifyName(name)).to.equal('ambiguous'));
    }
    for (const name of [
      'Content-Type',
      'keyword',
      'author',
      'passenger',
      'monkey',
      'zipcode',
      'x-request-id',
      'theme',
      'token_type',
      'passCount',
      'passwordMinLength',
    ]) {
      it(`treats ${name} as a plain name`, () => expect(classifyName(name)).to.equal('plain'));
    }
  });

  describe('values under ambiguous names', () => {
    for (const value of ['4/0AX4XfWjYxZ9kL2mN8pQ1rS4tU7vW0xY3zA6bC9dE', '5f2b9c1e8a7d4f3b2a1c0d9e', 'PAGETOKENSECRET0018']) {
      it(`hides ${value}`, () => expect(looksSecret(value)).to.equal(true));
    }
    for (const value of [
      'DB_TIMEOUT',
      'checkout.submit',
      'ABC123',
      'sort_by_date',
      'aaaaaaaaaaaaaaaaaaaa1',
      'a b c d e f g h 1 2 3',
    ]) {
      it(`keeps ${value}`, () => expect(looksSecret(value)).to.equal(false));
    }
  });

  it('replaces secret headers whole and counts them', () => {
    const [out, count] = run((t) =>
      redactor.headers({ Authorization: 'Bearer abc', 'Content-Type': 'text/html', 'X-Api-Key': 'k' }, t),
    );
    expect(out).to.deep.equal({ Authorization: REDACTED, 'Content-Type': 'text/html', 'X-Api-Key': REDACTED });
    expect(count).to.equal(2);
  });

  it('redacts query and fragment parameters and url passwords, keeping the rest', () => {
    const [out, count] = run((t) =>
      redactor.url('https://ann:hunter2@x.test/p;jsessionid=S1?q=shoes&api_key=K1&page=2#access_token=T1&state=ok', t),
    );
    expect(out).to.equal(
      `https://ann:${REDACTED}@x.test/p;jsessionid=${REDACTED}?q=shoes&api_key=${REDACTED}&page=2#access_token=${REDACTED}&state=ok`,
    );
    expect(count).to.equal(4);
  });

  it('hides an ambiguous parameter only when its value looks like a secret', () => {
    expect(run((t) => redactor.url('http://x.test/a;session_id=abc?x=1', t))).to.deep.equal([
      'http://x.test/a;session_id=abc?x=1',
      0,
    ]);
    const [out, count] = run((t) => redactor.url('http://x.test/a;session_id=5f2b9c1e8a7d4f3b2a1c?x=1', t));
    expect(out).to.equal(`http://x.test/a;session_id=${REDACTED}?x=1`);
    expect(count).to.equal(1);
  });

  it('finds bearer tokens, JWTs, private keys and name=value secrets in free text', () => {
    const text = [
      'Authorization: Bearer abcdefgh12345678',
      'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcdefghij',
      '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----',
      'retry with password=hunter2 and "api_key": "k-123"',
    ].join('\n');
    const [out, count] = run((t) => redactor.text(text, t));
    for (const secret of ['abcdefgh12345678', 'eyJhbGci', 'MIIE', 'hunter2', 'k-123']) expect(out).not.to.contain(secret);
    expect(out).to.contain(`Bearer ${REDACTED}`);
    expect(count).to.equal(5);
  });

  it('leaves ordinary text untouched and uncounted', () => {
    const text = 'Used 5 tokens: fine. Keyword search for author=ann returned 3 results.';
    expect(run((t) => redactor.text(text, t))).to.deep.equal([text, 0]);
  });

  it('redacts JSON fields by name at any depth, and secrets inside strings', () => {
    const [out, count] = run((t) =>
      redactor.json({ user: 'ann', auth: { password: 'p', nested: [{ refresh_token: 'r' }] }, note: 'Bearer zzzzzzzz1zzzz' }, t),
    );
    expect(out).to.deep.equal({
      user: 'ann',
      auth: { password: REDACTED, nested: [{ refresh_token: REDACTED }] },
      note: `Bearer ${REDACTED}`,
    });
    expect(count).to.equal(3);
  });

  it(`cuts JSON nested deeper than ${MAX_DEPTH} levels and marks the cut`, () => {
    let deep: unknown = { password: 'p' };
    for (let i = 0; i < MAX_DEPTH + 5; i++) deep = [deep];
    let out = redactor.json(deep, new RedactionTally());
    let levels = 0;
    while (Array.isArray(out)) {
      out = out[0];
      levels++;
    }
    expect(levels).to.equal(MAX_DEPTH);
    expect(out).to.equal(DEPTH_MARK);
  });

  it('counts the values it cut for depth in the tally, apart from redactions', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_DEPTH + 1; i++) deep = { d: deep };
    const tally = new RedactionTally();
    redactor.json({ a: deep, b: deep }, tally);
    expect(tally).to.include({ cut: 2, count: 0 });
  });

  it('keeps __proto__ keys as own data in JSON values and bodies, polluting no prototype', () => {
    const value = JSON.parse('{"__proto__":{"isAdmin":true},"n":{"__proto__":"x","password":"p"}}') as unknown;
    const [out, count] = run((t) => redactor.json(value, t));
    expect(JSON.stringify(out)).to.equal(`{"__proto__":{"isAdmin":true},"n":{"__proto__":"x","password":"${REDACTED}"}}`);
    expect(count).to.equal(1);
    expect((out as { isAdmin?: unknown }).isAdmin).to.equal(undefined);
    expect(({} as { isAdmin?: unknown }).isAdmin).to.equal(undefined);
    expect(run((t) => redactor.body('{"__proto__":{"a":1},"b":2}', t))[0]).to.equal('{"__proto__":{"a":1},"b":2}');
  });

  it('treats bodies as JSON, form data or text as they look', () => {
    expect(run((t) => redactor.body('{"password":"p","a":1}', t))).to.deep.equal([`{"password":"${REDACTED}","a":1}`, 1]);
    expect(run((t) => redactor.body('a=1&token=t&b=2', t))).to.deep.equal([`a=1&token=${REDACTED}&b=2`, 1]);
    expect(run((t) => redactor.body('{broken json password=p', t))[0]).to.equal(`{broken json password=${REDACTED}`);
  });

  it('does not count a value twice when redacting already-redacted text', () => {
    const [once] = run((t) => redactor.text('password=secret', t));
    expect(run((t) => redactor.text(once, t))).to.deep.equal([once, 0]);
  });
});
