import type Router from '@koa/router';
import { exactRouter } from '../exactRouter.js';
import type { ExtensionApi } from '../ExtensionApi.js';
import { HttpProblem } from '../HttpProblem.js';
import { sendJson } from '../json.js';
import { healthAnswer, validChallenge, type IdentityProver } from '../healthAnswer.js';

/**
 * `GET /health`: no token needed (it reveals no captured data), so the extension and launcher
 * can probe. With `?challenge=<nonce>` the answer also carries `proof` and `pid`: a bridge checks
 * the proof before it sends its token, and `stop` before it signals the pid. (`healthGets.ts`
 * serves the same answers beside the Koa app.)
 */
export function healthRoutes(api: ExtensionApi, identity: IdentityProver): Router {
  const router = exactRouter();
  router.get('/health', async (ctx) => {
    const challenge = ctx.query.challenge;
    if (challenge !== undefined && (typeof challenge !== 'string' || !validChallenge(challenge))) {
      throw new HttpProblem(400, 'invalid_query', 'challenge must be 16-128 characters of A-Z, a-z, 0-9, _ or -');
    }
    sendJson(ctx, await healthAnswer(api, identity, challenge));
  });
  return router;
}
