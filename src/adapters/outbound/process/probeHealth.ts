/** The part of `GET /health` a launcher and `browsertap status` rely on. */
export interface HealthSummary {
  readonly status: 'ok';
  readonly version: string;
  readonly [key: string]: unknown;
}

/**
 * Asks `http://127.0.0.1:<port>/health`; undefined when nothing answers in time or what answers
 * is not a browsertap daemon.
 */
export async function probeHealth(port: number, timeoutMs = 1_000): Promise<HealthSummary | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as Partial<HealthSummary>;
    return body.status === 'ok' && typeof body.version === 'string' ? (body as HealthSummary) : undefined;
  } catch {
    return undefined;
  }
}
