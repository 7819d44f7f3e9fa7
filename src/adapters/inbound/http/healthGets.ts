import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerPort } from '../../../application/ports/LoggerPort.js';
import type { ExtensionApi } from './ExtensionApi.js';
import { healthAnswer, validChallenge, type IdentityProver } from './healthAnswer.js';
import { writeJson } from './json.js';
import { problemAnswer, writeProblem } from './middleware/errorHandler.js';
import { refusalOf, type GuardSettings } from './middleware/securityGuard.js';

export interface HealthGetSettings {
  readonly guard: GuardSettings;
  readonly api: ExtensionApi;
  readonly identity: IdentityProver;
  readonly logger: LoggerPort;
}

const CHALLENGE_QUERY = '/health?challenge=';

/**
 * `GET /health`, plain or with `?challenge=`, served on Node's own request and response, as
 * `mcpPosts` serves `POST /mcp`: it is what a launcher waits for after a spawn, and the Koa app
 * loads only after the daemon's first answer (KoaDaemonServer.ts), so a spawn → `/health`
 * never waits for Koa (docs/install.md, start-up). The same functions as the Koa route decide
 * and answer — the guard (`refusalOf`), `healthAnswer`, the error answers — and only a request
 * they let through without a body, with no other query than one valid challenge, is taken here:
 * anything else returns false and goes to the Koa app, which answers it as it always has.
 */
export function healthGets(settings: HealthGetSettings): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    let challenge: string | undefined;
    if (url.startsWith(CHALLENGE_QUERY)) {
      challenge = url.slice(CHALLENGE_QUERY.length);
      if (!validChallenge(challenge)) return false;
    } else if (url !== '/health') return false;
    const length = req.headers['content-length'];
    if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined) return false;
    const request = { method: 'GET', path: '/health', headers: req.headers, localAddress: req.socket.localAddress };
    if (refusalOf(request, settings.guard) !== undefined) return false;
    void serve(res, settings, challenge);
    return true;
  };
}

async function serve(res: ServerResponse, settings: HealthGetSettings, challenge: string | undefined): Promise<void> {
  let text: string;
  try {
    text = JSON.stringify(await healthAnswer(settings.api, settings.identity, challenge));
  } catch (error) {
    writeProblem(res, problemAnswer(error, settings.logger, 'GET', '/health'));
    return;
  }
  writeJson(res, 200, text);
}
