import { expect } from 'chai';
import { createServer, type Server, type Socket } from 'node:net';
import { ExchangeError, LoopbackHttp } from '../../../../../src/adapters/inbound/mcp/bridge/httpExchange.js';

/**
 * A minimal HTTP/1.1 server on raw sockets: each connection answers its first request and
 * then behaves as `second` says for the next request on the same connection.
 */
function rawServer(second: 'reset' | 'answer'): Promise<{ server: Server; port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket: Socket) => {
    connections++;
    let requests = 0;
    socket.on('data', () => {
      requests++;
      if (requests === 2 && second === 'reset') {
        socket.resetAndDestroy(); // the server closed the idle connection as it was reused
        return;
      }
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: keep-alive\r\n\r\n{"ok":true}',
      );
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as { port: number }).port, connections: () => connections }),
    ),
  );
}

describe('LoopbackHttp (the bridge’s HTTP to the daemon)', () => {
  it('retries, on a fresh connection, a request whose reused keep-alive socket was reset before any answer', async () => {
    const { server, port, connections } = await rawServer('reset');
    const http = new LoopbackHttp(`http://127.0.0.1:${port}/mcp`);
    try {
      expect((await http.send('POST', {}, '{}', 1_000)).body.toString()).to.equal('{"ok":true}');
      expect((await http.send('POST', {}, '{}', 1_000)).body.toString()).to.equal('{"ok":true}');
      expect(connections()).to.equal(2);
    } finally {
      http.close();
      server.close();
    }
  });

  it('reuses the connection when nothing goes wrong', async () => {
    const { server, port, connections } = await rawServer('answer');
    const http = new LoopbackHttp(`http://127.0.0.1:${port}/mcp`);
    try {
      for (let i = 0; i < 3; i++) await http.send('POST', {}, '{}', 1_000);
      expect(connections()).to.equal(1);
    } finally {
      http.close();
      server.close();
    }
  });

  it('says a refused connection was refused (so the caller knows nothing was sent)', async () => {
    const { server, port } = await rawServer('answer');
    await new Promise((resolve) => server.close(resolve));
    const http = new LoopbackHttp(`http://127.0.0.1:${port}/mcp`);
    const error = await http.send('POST', {}, '{}', 1_000).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(ExchangeError);
    expect(error).to.include({ refused: true, message: 'ECONNREFUSED' });
    http.close();
  });
});
