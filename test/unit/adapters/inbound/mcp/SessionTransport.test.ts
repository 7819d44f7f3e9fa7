import { expect } from 'chai';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SessionTransport } from '../../../../../src/adapters/inbound/mcp/SessionTransport.js';
import { until } from '../../../../support/until.js';

describe('SessionTransport (MCP Streamable HTTP on node:http)', () => {
  let server: Server;
  let transport: SessionTransport;
  let port: number;

  beforeEach(async () => {
    transport = new SessionTransport('session-1', () => undefined, 20);
    server = createServer((req, res) => transport.handle(req, res, undefined));
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

  it('drops an answer whose request has no open stream (its client left) without failing the server', async () => {
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    await transport.send(
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } },
      { relatedRequestId: 1 },
    );
  });
});
