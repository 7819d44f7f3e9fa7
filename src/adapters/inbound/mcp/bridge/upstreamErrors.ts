import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { isAnswerTo, messageOf, type Outgoing } from './DaemonMessage.js';
import { ExchangeError } from './httpExchange.js';

export const DAEMON_UNAVAILABLE = -32000;
/** JSON-RPC's internal error: the bridge's own answer when the daemon's was not a message. */
export const INTERNAL_ERROR = -32603;

export function errorFor(id: RequestId, code: number, message: string): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/**
 * The error answer to request `id` when the daemon's `messages` hold none: a bare HTTP-level error
 * (id null) re-addressed to it, else an internal error.
 */
export function unanswered(id: RequestId, messages: readonly Outgoing[]): JSONRPCMessage {
  const found = messages.find((answer) => isAnswerTo(answer, null));
  const bare = (found === undefined ? undefined : messageOf(found)) as { error?: { code: number; message: string } } | undefined;
  return errorFor(
    id,
    bare?.error?.code ?? INTERNAL_ERROR,
    bare?.error?.message ?? 'browsertap: the daemon sent no answer to this request',
  );
}

/** The connection was refused: nothing reached the daemon, so retrying cannot repeat anything. */
export function refused(error: unknown): boolean {
  return error instanceof ExchangeError && error.refused;
}

/** What the client is told of a failed exchange: whether anything was `sent`, and what to do about it. */
export function describe(error: unknown, sent: boolean, remote?: string): string {
  if (error instanceof ExchangeError && error.timedOut) {
    return 'no answer from the daemon in time; the call was not repeated (it may still be running in the daemon)';
  }
  const detail = (error as Error).message;
  if (remote !== undefined) {
    // Nothing here can start the daemon: say where to look.
    const check = `check it on the browser's machine and the forward with 'browsertap doctor --daemon-url ${remote}'`;
    return sent
      ? `the connection to the daemon at ${remote} was lost while handling this request (${detail}); the next call connects again — repeat this one if it is safe to run twice; if calls keep failing, ${check}`
      : `cannot connect to the daemon at ${remote} (${detail}); ${check}`;
  }
  return sent
    ? `the connection to the daemon was lost while handling this request (${detail}); the daemon is being restarted — repeat the call if it is safe to run twice`
    : `cannot connect to the daemon (${detail})`;
}
