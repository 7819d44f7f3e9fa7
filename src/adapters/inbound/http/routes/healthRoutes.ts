import type Router from '@koa/router';
import { exactRouter } from '../routeTable.js';
import type { ExtensionApi } from '../ExtensionApi.js';
import { HttpProblem } from '../HttpProblem.js';
import { sendJson } from '../json.js';

/** Proves who this daemon is to a client holding its token (docs/security.md). */
export interface IdentityProver {
  /**
   * `proof` = hex HMAC-SHA256(token, `browsertap-identity-v2\n<nonce>\n<port>\n<pid>`), with
   * the port the daemon is bound to and the `pid` it reports (for `browsertap stop`).
   */
  prove(nonce: string): Promise<{ readonly proof: string; readonly pid: number }>;
}

const NONCE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * `GET /health`: no token needed (it reveals no captured data), so the extension and launcher
 * can probe. With `?challenge=<nonce>` the answer also carries `proof` and `pid`: a bridge checks
 * the proof before it sends its token, and `stop` before it signals the pid.
 */
export function healthRoutes(api: ExtensionApi, identity: IdentityProver): Router {
  const router = exactRouter();
  router.get('/health', async (ctx) => {
    const challenge = ctx.query.challenge;
    if (challenge === undefined) {
      sendJson(ctx, api.health.execute());
      return;
    }
    if (typeof challenge !== 'string' || !NONCE.test(challenge)) {
      throw new HttpProblem(400, 'invalid_query', 'challenge must be 16-128 characters of A-Z, a-z, 0-9, _ or -');
    }
    sendJson(ctx, { ...api.health.execute(), ...(await identity.prove(challenge)) });
  });
  return router;
}
