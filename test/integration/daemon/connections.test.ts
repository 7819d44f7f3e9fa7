import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { CONNECTION_LIMITS } from '../../../src/adapters/inbound/http/KoaDaemonServer.js';
import { startHarness, type Harness } from '../../support/daemonHarness.js';
import { HANG_MS, until } from '../../support/until.js';

/** A raw TCP connection to the daemon, with what it received and whether the daemon closed it. */
function open(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const opened = Date.now();
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

/**
 * 'timeout' after `ms`. The deadlines below are Node's own (its HTTP server checks them on its
 * real clock, every `connectionsCheckingInterval`), shrunk to under a second; a test waits for
 * the close far longer (HANG_MS), so only a deadline that never fires can fail it.
 */
const within = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

/** docs/security.md "Bounded everything" for connections, with the deadlines shrunk so the test is quick. */
describe('connection bounds (headers and body deadlines, connection cap)', function () {
  this.timeout(20_000);
  let h: Harness;
  const limits = { headersTimeoutMs: 400, requestTimeoutMs: 800, maxConnections: 8 };

  beforeEach(async () => {
    h = await startHarness({ connectionLimits: limits });
  });
  afterEach(async () => h.stop());

  it('uses the docs/security.md limits by default: headers in 10 s, a request in 30 s, 256 connections', () => {
    expect(CONNECTION_LIMITS).to.deep.equal({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 256 });
  });

  it('closes a connection whose headers never finish, at the headers deadline', async () => {
    const c = await open(h.port);
    c.socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\n`);
    const closedAfter = await Promise.race([c.closed, within(HANG_MS)]);
    expect(closedAfter).to.be.a('number');
    expect(closedAfter as number).to.be.at.least(limits.headersTimeoutMs - 50);
  });

  it('cuts a body that never completes at the request deadline (500 partial 1 MB bodies were held for 300 s)', async () => {
    const c = await open(h.port);
    c.socket.write(
      `POST /logs HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"entries":[`,
    );
    c.socket.write('x'.repeat(100_000));
    const closedAfter = await Promise.race([c.closed, within(HANG_MS)]);
    expect(closedAfter).to.be.a('number');
    expect(c.received()).to.not.contain('200 OK');
  });

  it('closes connections past the cap at once and keeps serving the open ones', async () => {
    const held = await Promise.all(Array.from({ length: limits.maxConnections }, () => open(h.port)));
    const ask = (c: { socket: Socket }) => c.socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\n\r\n`);
    ask(held[0]!);
    const extra = await open(h.port);
    ask(extra);
    // Closed unanswered: a connection the cap let in would be answered (and kept alive).
    expect(await Promise.race([extra.closed, within(HANG_MS)])).to.be.a('number');
    expect(extra.received()).to.equal('');
    await until(() => held[0]!.received().includes('"status":"ok"'), 'the held connection answered');
    for (const c of held) c.socket.destroy();
    // The daemon learns of those closes a moment later; a connection that comes before is
    // still past the cap and closed, and fetch can wait on it for ever: each try is abandoned
    // after a second and made again.
    await until(
      () =>
        fetch(`${h.base}/health`, { signal: AbortSignal.timeout(1_000) }).then(
          (answer) => answer.status === 200,
          () => false,
        ),
      'the daemon serving new connections once the others closed',
    );
  });
});
