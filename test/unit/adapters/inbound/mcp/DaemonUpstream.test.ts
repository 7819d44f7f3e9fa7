import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { messageOf } from '../../../../../src/adapters/inbound/mcp/bridge/DaemonMessage.js';
import { DaemonUpstream } from '../../../../../src/adapters/inbound/mcp/bridge/DaemonUpstream.js';
import { StderrLogger } from '../../../../../src/adapters/outbound/logging/StderrLogger.js';
import { listenLocal } from '../../../../support/servers.js';
import { until } from '../../../../support/until.js';

/** A daemon's /mcp that answers initialize and ping, and never answers a tool call (`drop`: an interact call loses its connection). */
async function startSilentDaemon(drop = false) {
  const seen: Array<{ method: string; body: any }> = [];
  const server = await listenLocal((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = text === '' ? undefined : JSON.parse(text);
      seen.push({ method: req.method ?? '', body });
      if (req.method === 'DELETE') return res.writeHead(200).end();
      if (body?.method === 'tools/call' && body.params?.name === 'interact' && drop) return void req.socket.destroy();
      if (body?.method === 'tools/call') return; // held forever
      if (body?.id === undefined) return res.writeHead(202).end();
      const result =
        body.method === 'initialize'
          ? { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'x', version: '1' } }
          : {};
      res
        .writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'session-1' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }));
    });
  });
  return { port: server.port, seen, close: server.close };
}

/** Starts the bridge's side, initializes its session, and makes call 2 to `tool`. */
async function openAndCall(upstream: DaemonUpstream, tool: string, args: Record<string, unknown>): Promise<void> {
  upstream.start();
  await upstream.forward({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  });
  await upstream.forward({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: tool, arguments: args } });
}

describe('DaemonUpstream (the bridge’s side of /mcp)', () => {
  it('never re-runs a request the daemon did not answer in time, and keeps its session (it re-initialized and ran it again)', async () => {
    const daemon = await startSilentDaemon();
    const sent: JSONRPCMessage[] = [];
    const upstream = new DaemonUpstream(
      {
        endpoint: `http://127.0.0.1:${daemon.port}/mcp`,
        ensureDaemon: async () => ({ version: '0.1.0', token: 't' }),
        bridgeVersion: '0.1.0',
        logger: new StderrLogger('silent', { write: () => undefined }),
        requestTimeoutMs: 300,
      },
      (message) => sent.push(messageOf(message)),
    );
    try {
      await openAndCall(upstream, 'observe', { what: 'errors' });
      const methods = daemon.seen.map((r) => r.body?.method ?? r.method);
      expect(methods.filter((m) => m === 'initialize')).to.have.length(1);
      expect(methods.filter((m) => m === 'tools/call')).to.have.length(1);
      const answer = sent.find((m) => 'id' in m && m.id === 2) as { error?: { message: string } };
      expect(answer.error?.message).to.contain('not repeated');
      await upstream.forward({ jsonrpc: '2.0', id: 3, method: 'ping' });
      expect(sent.find((m) => 'id' in m && m.id === 3)).to.deep.include({ result: {} });
    } finally {
      await upstream.close();
      await daemon.close();
    }
  });

  it('for a daemon on another machine, a lost connection says where to look, not that the daemon is being restarted', async () => {
    const daemon = await startSilentDaemon(true);
    const sent: JSONRPCMessage[] = [];
    const warnings: string[] = [];
    const remote = `http://127.0.0.1:${daemon.port}`;
    const upstream = new DaemonUpstream(
      {
        endpoint: `${remote}/mcp`,
        ensureDaemon: async () => ({ version: '0.0.9', token: 't' }),
        bridgeVersion: '0.1.0',
        logger: new StderrLogger('warn', { write: (line: string) => void warnings.push(line) }),
        remote,
      },
      (message) => sent.push(messageOf(message)),
    );
    try {
      await openAndCall(upstream, 'interact', { action: 'click' });
      const answer = sent.find((m) => 'id' in m && m.id === 2) as { error?: { message: string } };
      expect(answer.error?.message).to.contain(`the connection to the daemon at ${remote} was lost while handling this request`);
      expect(answer.error?.message).to.contain(`browsertap doctor --daemon-url ${remote}`);
      expect(answer.error?.message).not.to.contain('being restarted');
      expect(warnings.join('')).to.contain(
        "install the same version on both machines, then on the browser's machine run 'browsertap stop'",
      );
    } finally {
      await upstream.close();
      await daemon.close();
    }
  });

  it('sends the token to nothing that has not proved itself since the connection was lost: not the stream, not the close', async () => {
    let squatting = false;
    let proofsAsked = 0;
    const sawToken: string[] = [];
    const streams: Array<{ destroy(): void }> = [];
    const server = await listenLocal((req, res) => {
      if (squatting && req.headers.authorization !== undefined) sawToken.push(`${req.method} ${req.url}`);
      if (req.method === 'GET') {
        if (squatting) return void res.writeHead(200, { 'content-type': 'text/event-stream' }).end();
        res.writeHead(200, { 'content-type': 'text/event-stream' }).write(': open\n\n');
        streams.push(req.socket);
        return;
      }
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        const body = text === '' ? undefined : JSON.parse(text);
        if (body?.id === undefined) return void res.writeHead(202).end();
        const result = { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'x', version: '1' } };
        res
          .writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'session-1' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }));
      });
    });
    const upstream = new DaemonUpstream(
      {
        endpoint: `http://127.0.0.1:${server.port}/mcp`,
        // The daemon proves itself once; what holds the port after it cannot.
        ensureDaemon: async () => {
          if (squatting) proofsAsked++;
          if (squatting) throw new Error('something answers, but it is no browsertap daemon');
          return { version: '0.1.0', token: 'the-token' };
        },
        bridgeVersion: '0.1.0',
        logger: new StderrLogger('silent', { write: () => undefined }),
      },
      () => undefined,
    );
    try {
      upstream.start();
      await upstream.forward({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      });
      await upstream.forward({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await until(() => streams.length > 0, 'the stream opened');
      expect(streams, 'the stream opened').to.have.length(1);
      squatting = true; // the daemon went away and something else took its port
      for (const socket of streams) socket.destroy();
      // The stream's retries (after 250 ms, 500 ms): each asks for a proof first, or (the defect)
      // sends the token.
      await until(() => proofsAsked >= 3 || sawToken.length > 0, 'the retries of the stream');
      await upstream.close();
      expect(sawToken).to.deep.equal([]);
    } finally {
      await upstream.close();
      await server.close();
    }
  });

  it('answers a request the daemon refused with an error of no id with that error, under the request’s id', async () => {
    const server = await listenLocal((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        const body = text === '' ? undefined : JSON.parse(text);
        if (body?.method === 'initialize') {
          const result = { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'x', version: '1' } };
          return res
            .writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's' })
            .end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }));
        }
        if (body?.id === undefined) return res.writeHead(202).end();
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: no"}}');
      });
    });
    const sent: JSONRPCMessage[] = [];
    const upstream = new DaemonUpstream(
      {
        endpoint: `http://127.0.0.1:${server.port}/mcp`,
        ensureDaemon: async () => ({ version: '0.1.0', token: 't' }),
        bridgeVersion: '0.1.0',
        logger: new StderrLogger('silent', { write: () => undefined }),
      },
      (message) => sent.push(messageOf(message)),
    );
    try {
      await openAndCall(upstream, 'observe', { what: 'errors' });
      expect(sent.find((m) => 'id' in m && m.id === 2)).to.deep.equal({
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32600, message: 'Invalid Request: no' },
      });
    } finally {
      await upstream.close();
      await server.close();
    }
  });
});
