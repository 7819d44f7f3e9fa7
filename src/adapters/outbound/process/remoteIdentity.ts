import { randomBytes, timingSafeEqual } from 'node:crypto';
import { request } from 'node:http';
import { identityProof } from './daemonIdentity.js';
import { parseHealth, type HealthSummary } from './probeHealth.js';
import { unbracketed } from '../../../domain/net/hostText.js';

/** How long a daemon elsewhere has to answer the challenge, connection included (ms). */
export const REMOTE_ANSWER_MS = 2_500;

/** Largest `/health` answer read from an address we do not control (bytes). */
const MAX_ANSWER_BYTES = 64 * 1024;

export type RemoteIdentity =
  /** It proved it holds the token; `host` is the Host header its guard accepts (`127.0.0.1:<its port>`). */
  | { readonly outcome: 'proven'; readonly health: HealthSummary; readonly pid: number; readonly host: string }
  /** Nothing answered in time (`reason`: ECONNREFUSED, ENOTFOUND, a timeout…). */
  | { readonly outcome: 'absent'; readonly reason: string }
  /** Something answered, but not as a browsertap daemon does. */
  | { readonly outcome: 'not_browsertap'; readonly detail: string }
  /** A browsertap daemon that answers no challenge: older than the proof of identity. */
  | { readonly outcome: 'too_old'; readonly version: string }
  /** It answered the challenge with a proof that is not this token's (another token, or a pretender). */
  | { readonly outcome: 'wrong_token'; readonly version: string };

/**
 * Asks the daemon at `url` (`http://HOST:PORT`, reached through a port forward, the Docker
 * bridge, WSL's interface…) to prove it holds `token` (docs/security.md, 14), sending nothing but a fresh
 * nonce. The daemon signs its own bound port and pid: across a forward that port is not the one
 * dialled, so the port checked is the one in the `Host` header its guard accepted
 * (`127.0.0.1:<port>`, which it accepts for its own bound port only). A guard that names
 * another port (`forbidden_host` … `expected 127.0.0.1:N`) is asked once more with that one.
 * Everything, connection included, within `timeoutMs`.
 */
export async function challengeRemote(url: URL, token: string, timeoutMs = REMOTE_ANSWER_MS): Promise<RemoteIdentity> {
  const deadline = Date.now() + timeoutMs;
  let port = Number(url.port);
  for (let attempt = 0; ; attempt++) {
    const nonce = randomBytes(24).toString('base64url');
    const host = `127.0.0.1:${port}`;
    const answer = await getOnce(url, `/health?challenge=${nonce}`, host, deadline - Date.now());
    if ('reason' in answer) {
      return {
        outcome: 'absent',
        reason: answer.reason === NO_ANSWER ? `no answer within ${timeoutMs / 1000} s` : answer.reason,
      };
    }
    const named = attempt === 0 ? portTheGuardExpects(answer) : undefined;
    if (named !== undefined && named !== port) {
      port = named;
      continue;
    }
    const health = parseHealth(answer);
    if (health === undefined) return { outcome: 'not_browsertap', detail: describeAnswer(answer) };
    const pid = health.pid;
    if (typeof health.proof !== 'string' || typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0) {
      return { outcome: 'too_old', version: health.version };
    }
    const expected = identityProof(token, { nonce, port, pid });
    const proven = health.proof.length === expected.length && timingSafeEqual(Buffer.from(health.proof), Buffer.from(expected));
    return proven ? { outcome: 'proven', health, pid, host } : { outcome: 'wrong_token', version: health.version };
  }
}

/** The reason `getOnce` gives when the deadline passed. */
const NO_ANSWER = 'no answer in time';

type Answer = { readonly status: number; readonly body: string } | { readonly reason: string };

/** One GET with its own Host header; every failure, the deadline included, becomes a `reason`. */
function getOnce(url: URL, path: string, host: string, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    if (timeoutMs <= 0) return resolve({ reason: NO_ANSWER });
    const req = request(
      {
        host: unbracketed(url.hostname),
        port: Number(url.port),
        path,
        method: 'GET',
        headers: { host },
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (body.length > MAX_ANSWER_BYTES) req.destroy(new Error('answer too large'));
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', (error) => resolve({ reason: reasonOf(error) }));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(NO_ANSWER)), timeoutMs);
    req.once('close', () => clearTimeout(timer));
    req.on('error', (error) => resolve({ reason: reasonOf(error) }));
    req.end();
  });
}

function reasonOf(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? error.message;
}

/** The port a browsertap guard names when it refuses our Host (a forward to another port number). */
function portTheGuardExpects(answer: { readonly status: number; readonly body: string }): number | undefined {
  if (answer.status !== 403) return undefined;
  try {
    const refusal = JSON.parse(answer.body) as { error?: unknown; message?: unknown };
    if (refusal.error !== 'forbidden_host' || typeof refusal.message !== 'string') return undefined;
    const port = /expected 127\.0\.0\.1:(\d{1,5})\b/.exec(refusal.message.slice(0, 500))?.[1];
    return port === undefined || Number(port) > 65_535 ? undefined : Number(port);
  } catch {
    return undefined;
  }
}

/** What answered, by its status only: its text is not ours to repeat. */
function describeAnswer(answer: { readonly status: number; readonly body: string }): string {
  return `it answered HTTP ${answer.status}`;
}
