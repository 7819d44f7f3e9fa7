import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseHealth, probePort, type HealthSummary } from './probeHealth.js';

/** HMAC-SHA256(token, nonce) as hex: what a daemon answers to `GET /health?challenge=<nonce>` (SPEC 6). */
export function identityProof(token: string, nonce: string): string {
  return createHmac('sha256', token).update(nonce).digest('hex');
}

export type Identity =
  | { readonly outcome: 'proven'; readonly health: HealthSummary; readonly pid: number }
  | { readonly outcome: 'foreign'; readonly health: HealthSummary | undefined }
  | { readonly outcome: 'absent' };

/**
 * Asks whatever answers on the port to prove it is the daemon holding `token`: a fresh nonce
 * goes out, `proof` must come back as HMAC-SHA256(token, nonce). The token itself is never sent,
 * so a program squatting on the port learns nothing. `foreign`: something answered without the
 * proof (another program, or a browsertap daemon of another state dir); `absent`: nothing did.
 */
export async function challengeDaemon(port: number, token: string, timeoutMs = 1_000): Promise<Identity> {
  const nonce = randomBytes(24).toString('base64url');
  const answer = await probePort(port, `/health?challenge=${nonce}`, timeoutMs);
  if (answer === undefined) return { outcome: 'absent' };
  const health = parseHealth(answer);
  const proof = typeof health?.proof === 'string' ? health.proof : '';
  const expected = identityProof(token, nonce);
  const proven = proof.length === expected.length && timingSafeEqual(Buffer.from(proof), Buffer.from(expected));
  const pid = health?.pid;
  if (health === undefined || !proven || typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) {
    return { outcome: 'foreign', health };
  }
  return { outcome: 'proven', health, pid };
}

/** The sentence a user reads when something else answers on the port. */
export function foreignMessage(port: number): string {
  return `another program holds port ${port}: it answered but could not prove it is this browsertap daemon (no token was sent to it). Stop that program, or use another port (--port / BROWSERTAP_PORT); a browsertap daemon started with another --state-dir also fails this check`;
}
