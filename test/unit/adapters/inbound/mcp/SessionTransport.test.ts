import { expect } from 'chai';
import { createServer, get, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { HEADERS_AFTER_MS, SessionTransport } from '../../../../../src/adapters/inbound/mcp/SessionTransport.js';
import { FakeClock } from '../../../../../src/adapters/outbound/clock/FakeClock.js';
import { until } from '../../../../support/until.js';

/** The keep-alive period of the tests' streams (real time). */
const KEEP_ALIVE = 20;

describe('SessionTransport (MCP Streamable HTTP on node:http)', () => {
  let server: Server;
  let transport: SessionTransport;
  let port: number;
  let clock: FakeClock;
  /** The body each POST carries, as the daemon's router parses it. */
  let body: unknown;
  /** Socket writes (system calls) of each response, counted on the server's side. */
  let writes: number[];

  beforeEach(async () => {
    clock = new FakeClock();
    body = undefined;
    writes = [];
    transport = new SessionTransport('session-1', () => undefined, clock, KEEP_ALIVE);
    server = createServer((req, res) => {
      const index = writes.push(0) - 1;
      const count = () => (writes[index] = (writes[index] ?? 0) + 1);
      const socket = res.socket as Socket & { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void };
      const write = socket._write.bind(socket);
      const writev = socket._writev.bind(socket);
      socket._write = (...a) => (count(), write(...a));
      socket._writev = (...a) => (count(), writev(...a));
      transport.handle(req, res, body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    await transport.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Opens the GET stream and collects what it carries. */
  const openStream = () =>
    new Promise<{ text: () => string; ended: Promise<void> }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/mcp', headers: { accept: 'text/event-stream' } }, (res) => {
        expect(res.statusCode).to.equal(200);
        expect(res.headers['mcp-session-id']).to.equal('session-1');
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        resolve({ text: () => text, ended: new Promise((done) => res.once('end', () => done())) });
      }).on('error', reject);
    });

  it('keeps a quiet stream alive with SSE comments, and sends server messages on it', async () => {
    const stream = await openStream();
    await until(() => stream.text().startsWith(': keepalive\n\n: keepalive\n\n'), 'two keep-alives');
    expect(stream.text()).to.match(/^(: keepalive\n\n){2,}$/);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } });
    await until(() => stream.text().includes('event: message'), 'the message on the stream');
    expect(stream.text()).to.contain('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message"');
  });

  it('on close ends the stream, stops its keep-alive and tells its owner once', async () => {
    let closed = 0;
    transport.onclose = () => closed++;
    const stream = await openStream();
    await transport.close();
    await transport.close();
    await stream.ended;
    const after = stream.text();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(stream.text()).to.equal(after);
    expect(closed).to.equal(1);
  });

  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  };
  /** A transport whose keep-alives come long after the headers' bound. */
  const quietTransport = async () => {
    await transport.close();
    transport = new SessionTransport('session-1', () => undefined, clock, 60_000);
  };
  /** POSTs `initialize` (held by the test's onmessage); `head()` is its response once its head arrived. */
  const postInitialize = () => {
    body = initialize;
    let head: IncomingMessage | undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      },
      (res) => (head = res),
    );
    req.end(JSON.stringify(initialize));
    return { head: () => head };
  };
  const answer: JSONRPCMessage = {
    jsonrpc: '2.0',
    id: 1,
    result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'x', version: '1' } },
  };
  const textOf = (res: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('end', () => resolve(text));
    });

  it(`sends the headers of an answer not ready within ${HEADERS_AFTER_MS} ms then, and not before`, async () => {
    await quietTransport();
    let received = 0;
    transport.onmessage = () => received++;
    const call = postInitialize();
    await until(() => received === 1, 'the request delivered');
    // Real time passes, the clock does not: no head yet.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(call.head()).to.equal(undefined);
    await clock.tickAsync(HEADERS_AFTER_MS - 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(call.head()).to.equal(undefined);
    await clock.tickAsync(1);
    await until(() => call.head() !== undefined, 'the head, once the clock reached the bound');
    expect(call.head()!.statusCode).to.equal(200);
    expect(call.head()!.headers['content-type']).to.equal('text/event-stream');
    const text = textOf(call.head()!);
    await transport.send(answer);
    expect(await text).to.contain('event: message\ndata: {"jsonrpc":"2.0","id":1,"result"');
  });

  it(`sends an answer ready within ${HEADERS_AFTER_MS} ms whole, headers, event and end, in one socket write with its length`, async () => {
    await quietTransport();
    // A few real milliseconds and turns later, as a command answered inline is.
    transport.onmessage = () => void setTimeout(() => void transport.send(answer), 5);
    const call = postInitialize();
    await until(() => call.head() !== undefined, 'the answer');
    const text = await textOf(call.head()!);
    expect(text).to.contain('"id":1');
    expect(writes).to.deep.equal([1]);
    // Its length said, not chunked: the client reads one body, not a chunk and an end.
    expect(call.head()!.headers['content-length']).to.equal(String(Buffer.byteLength(text)));
    expect(call.head()!.headers['transfer-encoding']).to.equal(undefined);
    expect(call.head()!.headers['content-type']).to.equal('text/event-stream');
    // Its headers' task was cancelled with the response.
    expect(clock.pendingTasks()).to.equal(0);
  });

  it('drops an answer whose request has no open stream (its client left) without failing the server', async () => {
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    await transport.send(
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } },
      { relatedRequestId: 1 },
    );
  });
});
