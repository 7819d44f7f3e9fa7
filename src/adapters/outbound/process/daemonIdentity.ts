import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { healthPath, parseHealth, probePort, type HealthSummary } from './probeHealth.js';

/** What a proof vouches for: the client's nonce, the port the daemon is bound to, the pid it reports. */
export interface ProofClaims {
  /** 16-128 characters of `A-Z a-z 0-9 _ -` (the daemon refuses any other challenge). */
  readonly nonce: string;
  readonly port: number;
  readonly pid: number;
}

/** First line of every signed message; a new message format gets a new tag, so two never collide. */
export const PROOF_CONTEXT = 'browsertap-identity-v2';

/**
 * The message a proof signs: `browsertap-identity-v2\n<nonce>\n<port>\n<pid>`, port and pid in
 * decimal. No field can hold a newline (the nonce is base64url characters, the others integers),
 * so one message names exactly one (nonce, port, pid).
 */
export function proofMessage({ nonce, port, pid }: ProofClaims): string {
  return `${PROOF_CONTEXT}\n${nonce}\n${port}\n${pid}`;
}

/**
 * HMAC-SHA256(token, proofMessage(claims)) as hex: what a daemon answers to
 * `GET /health?challenge=<nonce>` (docs/security.md), with its own bound port and pid. Covering the port
 * means an answer relayed from a daemon on another port proves nothing; covering the pid means
 * the pid `stop` signals is the one the token holder named.
 */
export function identityProof(token: string, claims: ProofClaims): string {
  return createHmac('sha256', token).update(proofMessage(claims)).digest('hex');
}

export type Identity =
  | { readonly outcome: 'proven'; readonly health: HealthSummary; readonly pid: number }
  | { readonly outcome: 'foreign'; readonly health: HealthSummary | undefined }
  | { readonly outcome: 'absent' };

/**
 * Asks whatever answers on the port to prove it is the daemon holding `token`, bound to that
 * very port: a fresh nonce goes out, `proof` must come back as `identityProof(token, {nonce,
 * port, pid})` for the port asked and the `pid` in the answer. The token itself is never sent,
 * so a program squatting on the port learns nothing, and one relaying the challenge to a daemon
 * on another port gets a proof for that other port. `foreign`: something answered without the
 * proof (another program, a relay, or a browsertap daemon of another state dir); `absent`:
 * nothing did.
 */
export async function challengeDaemon(port: number, token: string, timeoutMs = 1_000): Promise<Identity> {
  const nonce = newNonce();
  const answer = await probePort(port, healthPath(nonce), timeoutMs);
  if (answer === undefined) return { outcome: 'absent' };
  return identityOf(parseHealth(answer), token, { nonce, port });
}

/** A challenge's nonce: 24 random bytes as base64url (32 characters). */
export function newNonce(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * What an answer to `GET /health?challenge=<nonce>` on `port` proves (see `challengeDaemon`):
 * `proven` only when its `proof` is `identityProof(token, {nonce, port, pid})` for the `pid` it
 * names. For an answer another part asked for already (the launcher's own probes carry a
 * challenge), so that it need not be asked twice.
 */
export function identityOf(
  health: HealthSummary | undefined,
  token: string,
  asked: { readonly nonce: string; readonly port: number },
): Exclude<Identity, { outcome: 'absent' }> {
  const pid = health?.pid;
  if (health === undefined || typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) {
    return { outcome: 'foreign', health };
  }
  const proof = typeof health.proof === 'string' ? health.proof : '';
  const expected = identityProof(token, { ...asked, pid });
  const proven = proof.length === expected.length && timingSafeEqual(Buffer.from(proof), Buffer.from(expected));
  return proven ? { outcome: 'proven', health, pid } : { outcome: 'foreign', health };
}

/** The sentence a user reads when something else answers on the port. */
export function foreignMessage(port: number): string {
  return `another program holds port ${port}: it answered but could not prove it is this browsertap daemon (no token was sent to it). Stop that program, or use another port (--port / BROWSERTAP_PORT); a browsertap daemon started with another --state-dir also fails this check`;
}
