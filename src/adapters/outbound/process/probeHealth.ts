import { get } from 'node:http';

/** The part of `GET /health` a launcher and `browsertap status` rely on. */
export interface HealthSummary {
  readonly status: 'ok';
  readonly version: string;
  readonly [key: string]: unknown;
}

/** What answered on a port: its status and body, or undefined when nothing answered in time. */
export async function probePort(
  port: number,
  path: string,
  timeoutMs = 1_000,
): Promise<{ readonly status: number; readonly body: string } | undefined> {
  const answer = await askPort(port, path, timeoutMs);
  return answer === 'refused' ? undefined : answer;
}

/** `probePort`, telling apart a connection refused (nothing listens on the port) as `refused`. */
function askPort(
  port: number,
  path: string,
  timeoutMs: number,
): Promise<{ readonly status: number; readonly body: string } | 'refused' | undefined> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path, timeout: timeoutMs, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > 1_000_000) req.destroy();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve(undefined));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : undefined));
  });
}

/** Parses a `/health` answer; undefined when it is not a browsertap daemon's. */
export function parseHealth(answer: { readonly status: number; readonly body: string } | undefined): HealthSummary | undefined {
  if (answer === undefined || answer.status !== 200) return undefined;
  try {
    const health = JSON.parse(answer.body) as Partial<HealthSummary>;
    return health.status === 'ok' && typeof health.version === 'string' ? (health as HealthSummary) : undefined;
  } catch {
    return undefined;
  }
}

/** `/health`, with `?challenge=<nonce>` when a nonce is given (docs/security.md). */
export function healthPath(challenge: string | undefined): string {
  return challenge === undefined ? '/health' : `/health?challenge=${challenge}`;
}

/**
 * Asks `http://127.0.0.1:<port>/health` (plain `node:http`: the bridge never needs fetch), with
 * `challenge` when given; undefined when nothing answers in time or what answers is not a
 * browsertap daemon. This proves nothing about who answers: a challenge's answer is checked
 * with `identityOf` (or `challengeDaemon` asks and checks) before it is trusted.
 */
export async function probeHealth(port: number, timeoutMs = 1_000, challenge?: string): Promise<HealthSummary | undefined> {
  return parseHealth(await probePort(port, healthPath(challenge), timeoutMs));
}

/** `probeHealth`, or `refused` when nothing listens on the port at all (the connection was refused). */
export async function probeHealthOrRefused(
  port: number,
  timeoutMs = 1_000,
  challenge?: string,
): Promise<HealthSummary | 'refused' | undefined> {
  const answer = await askPort(port, healthPath(challenge), timeoutMs);
  return answer === 'refused' ? answer : parseHealth(answer);
}
