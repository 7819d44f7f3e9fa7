import type { ExtensionApi } from './ExtensionApi.js';

/** Proves who this daemon is to a client holding its token (docs/security.md). */
export interface IdentityProver {
  /**
   * `proof` = hex HMAC-SHA256(token, `browsertap-identity-v2\n<nonce>\n<port>\n<pid>`), with
   * the port the daemon is bound to and the `pid` it reports (for `browsertap stop`).
   */
  prove(nonce: string): Promise<{ readonly proof: string; readonly pid: number }>;
}

const NONCE = /^[A-Za-z0-9_-]{16,128}$/;

/** Whether `challenge` is a nonce `/health?challenge=` takes. */
export const validChallenge = (challenge: string): boolean => NONCE.test(challenge);

/** What `GET /health` answers: the daemon's health, and with a valid `challenge` its identity proof and pid. */
export async function healthAnswer(api: ExtensionApi, identity: IdentityProver, challenge: string | undefined): Promise<object> {
  const health = api.health.execute();
  return challenge === undefined ? health : { ...health, ...(await identity.prove(challenge)) };
}
