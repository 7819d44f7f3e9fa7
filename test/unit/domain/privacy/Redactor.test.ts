import { expect } from 'chai';
import { REDACTED, RedactionTally, Redactor } from '../../../../src/domain/privacy/Redactor.js';
import { isSensitiveName } from '../../../../src/domain/privacy/sensitiveNames.js';

describe('Redactor', () => {
  const redactor = new Redactor();
  const run = <T>(fn: (tally: RedactionTally) => T): [T, number] => {
    const tally = new RedactionTally();
    const out = fn(tally);
    return [out, tally.count];
  };

  describe('secret names', () => {
    for (const name of [
      'Authorization',
      'Cookie',
      'Set-Cookie',
      'Proxy-Authorization',
      'X-Api-Key',
      'apiKey',
      'access_token',
      'client-secret',
      'sessionId',
      'PHPSESSID',
      'JSESSIONID',
      'session_id',
      'password',
      'x-csrf-token',
      'code',
      'jwt',
      'X-Amz-Signature',
    ]) {
      it(`treats ${name} as secret`, () => expect(isSensitiveName(name)).to.equal(true));
    }
    for (const name of ['Content-Type', 'keyword', 'author', 'passenger', 'monkey', 'zipcode', 'x-request-id', 'theme']) {
      it(`leaves ${name} alone`, () => expect(isSensitiveName(name)).to.equal(false));
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

  it('redacts session ids in matrix parameters when named so', () => {
    const [out] = run((t) => redactor.url('http://x.test/a;session_id=abc?x=1', t));
    expect(out).to.equal(`http://x.test/a;session_id=${REDACTED}?x=1`);
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
      redactor.json({ user: 'ann', auth: { password: 'p', nested: [{ refresh_token: 'r' }] }, note: 'Bearer zzzzzzzzzzzz' }, t),
    );
    expect(out).to.deep.equal({ user: 'ann', auth: REDACTED, note: `Bearer ${REDACTED}` });
    expect(count).to.equal(2);
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
