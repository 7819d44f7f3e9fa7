import { expect } from 'chai';
import { CAPS } from '../../../../src/domain/wire/caps.js';
import { Sanitizer } from '../../../../src/domain/capture/sanitize.js';
import { Redactor } from '../../../../src/domain/privacy/Redactor.js';

describe('Sanitizer (caps and redaction at ingest)', () => {
  const sanitizer = new Sanitizer(new Redactor());
  const log = { level: 'error' as const, message: 'boom', source: 'console' as const, url: 'http://localhost/', ts: 1 };

  it('keeps a clean entry as it is, with no marks', () => {
    expect(sanitizer.log(log)).to.deep.equal(log);
  });

  it('caps a huge message and marks the entry truncated', () => {
    const out = sanitizer.log({ ...log, message: 'x'.repeat(CAPS.text + 500) });
    expect(out.message.length).to.be.below(CAPS.text + 40);
    expect(out.message).to.match(/…\[truncated 500 chars\]$/);
    expect(out.truncated).to.equal(true);
  });

  it('replaces console arguments larger than the cap by a note, keeping the entry', () => {
    const out = sanitizer.log({ ...log, args: [{ blob: 'y'.repeat(CAPS.args * 2) }] });
    expect(out.args).to.have.length(1);
    expect(String(out.args?.[0])).to.match(/^\[1 console arguments truncated: \d+ chars as JSON\]/);
    expect(out.truncated).to.equal(true);
  });

  it('keeps __proto__ keys in console arguments as plain data', () => {
    const args = JSON.parse('[{"__proto__":{"polluted":1},"y":2}]') as unknown[];
    const out = sanitizer.log({ ...log, args });
    expect(JSON.stringify(out.args)).to.equal('[{"__proto__":{"polluted":1},"y":2}]');
    expect(out.truncated).to.equal(undefined);
  });

  it('marks the entry truncated when console arguments nest past 20 levels', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 25; i++) deep = { d: deep };
    const out = sanitizer.log({ ...log, args: [deep] });
    expect(JSON.stringify(out.args)).to.contain('"[depth]"');
    expect(out.truncated).to.equal(true);
  });

  it('counts redactions on the entry', () => {
    expect(sanitizer.log({ ...log, message: 'password=hunter2', url: 'http://x/?token=t' }).redacted).to.equal(2);
  });

  it('splits bodies from a network entry, capping each at 16 KB', () => {
    const { entry, body } = sanitizer.network({
      url: 'http://x/api',
      method: 'post',
      status: 200,
      duration_ms: 3,
      ts: 1,
      response_body: 'z'.repeat(20_000),
    });
    expect(entry).to.deep.equal({ url: 'http://x/api', method: 'POST', status: 200, duration_ms: 3, ts: 1, has_body: true });
    expect(body?.response_body?.length).to.be.below(CAPS.body + 40);
    expect(body?.truncated).to.equal(true);
  });

  it('keeps at most 64 headers of 1 KB each', () => {
    const headers = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`x-h${i}`, 'v'.repeat(2_000)]));
    const { entry } = sanitizer.network({
      url: 'http://x/',
      method: 'GET',
      status: 200,
      duration_ms: 1,
      ts: 1,
      request_headers: headers,
    });
    expect(Object.keys(entry.request_headers ?? {})).to.have.length(64);
    expect(entry.request_headers?.['x-h0']?.length).to.be.below(1_100);
    expect(entry.truncated).to.equal(true);
  });

  it('keeps the extension’s own truncated flag', () => {
    expect(
      sanitizer.network({ url: 'http://x/', method: 'GET', status: 200, duration_ms: 1, ts: 1, truncated: true }).entry.truncated,
    ).to.equal(true);
  });

  it('caps WebSocket data at 4 KB and redacts it', () => {
    const out = sanitizer.webSocket({
      connection_id: 'c',
      url: 'ws://x/',
      event: 'message',
      data: `{"token":"t","pad":"${'p'.repeat(5_000)}"}`,
      ts: 1,
    });
    expect(out.data?.length).to.be.below(CAPS.wsData + 40);
    expect(out.redacted).to.equal(1);
  });

  it('redacts a command error and keeps it whole up to 16 384 characters, cutting one past it', () => {
    expect(sanitizer.commandError('Error: login failed for password=hunter2')).to.equal(
      'Error: login failed for password=[REDACTED]',
    );
    expect(sanitizer.commandError('e'.repeat(CAPS.commandError))).to.have.length(CAPS.commandError);
    expect(sanitizer.commandError('e'.repeat(CAPS.commandError + 1))).to.match(/…\[truncated 1 chars\]$/);
  });
});
