import { Agent, request } from 'node:http';

/**
 * JSON over keep-alive `node:http` to one loopback port: what the benches' simulated extensions
 * and lean MCP clients send with, the same for browsertap and its peers (`fetch` costs the
 * sender more CPU than the daemons it measures, on the same 2 cores).
 */
export class JsonHttp {
  private readonly agent: Agent;

  constructor(
    private readonly port: number,
    sockets = 1,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  post(
    path: string,
    message: unknown,
    headers: Readonly<Record<string, string>> = {},
    signal?: AbortSignal,
  ): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
    const text = JSON.stringify(message);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          method: 'POST',
          path,
          agent: this.agent,
          headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
          ...(signal === undefined ? {} : { signal }),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
