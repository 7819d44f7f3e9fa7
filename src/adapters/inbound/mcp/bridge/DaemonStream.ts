import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { LoggerPort } from '../../../../application/ports/LoggerPort.js';
import { parseKnown } from '../knownJson.js';
import type { DaemonConnection } from './DaemonConnection.js';
import { isAnswerTo, messageOf, type Outgoing, type Sink } from './DaemonMessage.js';
import { readSse } from './readSse.js';

/** Makes sure a daemon answers and, when asked and possible, re-opens the session on it (`DaemonSession.recover`). */
export type Recover = (reinitialize: boolean) => Promise<void>;

/**
 * The session's GET stream: server notifications and requests, forwarded to the sink as they come;
 * re-opened when it drops. It also keeps the client's `configure streaming` subscription, which
 * lives in the daemon session, to renew it on a new one.
 */
export class DaemonStream {
  private current: AbortController | undefined;
  private closed = false;
  /** Arguments of the client's active `configure streaming` subscription, if any. */
  private subscription: unknown;

  constructor(
    private readonly connection: DaemonConnection,
    private readonly sink: Sink,
    private readonly logger: LoggerPort,
    private readonly recover: Recover,
  ) {}

  /** Opens the stream, unless it is open, the bridge is closing or there is no session yet. */
  open(): void {
    if (this.closed || this.current !== undefined || this.connection.sessionId === undefined) return;
    const controller = new AbortController();
    this.current = controller;
    void this.run(controller);
  }

  /** Ends the stream of a session that is being replaced; `open` opens the new session's. */
  end(): void {
    this.current?.abort();
    this.current = undefined;
  }

  /** Ends the stream for good: the bridge is closing. */
  close(): void {
    this.closed = true;
    this.current?.abort();
  }

  /** Keeps the arguments of the client's last accepted `configure streaming`, to renew it on a new session. */
  remember(message: JSONRPCRequest, reply: Outgoing): void {
    const params = message.params as { name?: unknown; arguments?: { action?: unknown; enabled?: unknown } } | undefined;
    if (message.method !== 'tools/call' || params?.name !== 'configure' || params.arguments?.action !== 'streaming') return;
    const result = (messageOf(reply) as { result?: { isError?: boolean } }).result;
    if (result === undefined || result.isError === true) return;
    this.subscription = params.arguments.enabled === true ? params.arguments : undefined;
  }

  /**
   * Re-subscribes on a new session (the `reinit`th), so a daemon restart does not silently end the
   * client's stream. Resolves whether there was a subscription and the daemon took it again.
   */
  async renew(reinit: number): Promise<boolean> {
    if (this.subscription === undefined) return false;
    const call = {
      jsonrpc: '2.0' as const,
      id: `browsertap-bridge-resubscribe-${reinit}`,
      method: 'tools/call',
      params: { name: 'configure', arguments: this.subscription },
    };
    const { messages } = await this.connection.post(call as JSONRPCMessage);
    return messages.some(
      (reply) => isAnswerTo(reply, call.id) && (messageOf(reply) as { result?: { isError?: boolean } }).result?.isError !== true,
    );
  }

  private async run(controller: AbortController): Promise<void> {
    let backoff = 250;
    while (!this.closed && !controller.signal.aborted) {
      try {
        if (!this.connection.verified) await this.recover(false);
        const response = await this.connection.stream(controller.signal);
        if (response.statusCode === 405) return;
        if (response.statusCode === 200) {
          backoff = 250;
          await readSse(response, (data) => this.relay(data));
        } else {
          response.resume();
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (this.closed || controller.signal.aborted) return;
      // The stream ended: the daemon may be gone and its port another program's. Prove again first.
      this.connection.distrust();
      await sleep(backoff);
      backoff = Math.min(backoff * 2, 5_000);
      await this.recover(true).catch(() => undefined);
      if (this.current !== controller) return; // recovery opened a fresh stream
    }
  }

  private relay(data: string): void {
    if (data === '') return; // an event with no message (the daemon primes 2025-11-25 streams)
    try {
      this.sink(parseKnown(data) as JSONRPCMessage);
    } catch {
      this.logger.warn('ignored a malformed message on the daemon stream');
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
