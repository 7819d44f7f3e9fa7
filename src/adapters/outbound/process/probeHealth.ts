import { get } from 'node:http';

/** The part of `GET /health` a launcher and `browsertap status` rely on. */
export interface HealthSummary {
  readonly status: 'ok';
  readonly version: string;
  readonly [key: string]: unknown;
}

/**
 * Asks `http://127.0.0.1:<port>/health` (plain `node:http`: the bridge never needs fetch);
 * undefined when nothing answers in time or what answers is not a browsertap daemon.
 */
export function probeHealth(port: number, timeoutMs = 1_000): Promise<HealthSummary | undefined> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/health', timeout: timeoutMs, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        try {
          const health = JSON.parse(body) as Partial<HealthSummary>;
          resolve(
            res.statusCode === 200 && health.status === 'ok' && typeof health.version === 'string'
              ? (health as HealthSummary)
              : undefined,
          );
        } catch {
          resolve(undefined);
        }
      });
      res.on('error', () => resolve(undefined));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
  });
}
