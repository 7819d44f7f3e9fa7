import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  readonly port: number;
  readonly server: Server;
  /** Cuts every connection and stops listening. */
  close(): Promise<void>;
}

/** A plain HTTP server on 127.0.0.1 (a free port unless one is given), for tests that play another program. */
export async function listenLocal(handler: RequestListener, port = 0): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A server that offers each request to `take`, a handler served beside the daemon's Koa app
 * (mcpPosts.ts, healthGets.ts), and answers what it leaves with 599, counted by `left()`.
 */
export async function besideTheApp(
  take: (req: IncomingMessage, res: ServerResponse) => boolean,
): Promise<LocalServer & { left(): number }> {
  let left = 0;
  const local = await listenLocal((req, res) => {
    if (take(req, res)) return;
    left++;
    req.resume();
    res.writeHead(599).end();
  });
  return { ...local, left: () => left };
}
