import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { initializeResult } from '../serverIdentity.js';
import { DaemonConnection, type Exchange } from './DaemonConnection.js';
import { isAnswerTo, type Sink } from './DaemonMessage.js';
import { DaemonSession } from './DaemonSession.js';
import { DaemonStream } from './DaemonStream.js';
import { Drop } from './Drop.js';
import { ExchangeError } from './httpExchange.js';
import { isReadOnlyCall } from './readOnlyCalls.js';
import { DAEMON_UNAVAILABLE, describe, errorFor, refused, unanswered } from './upstreamErrors.js';
import type { UpstreamSettings } from './UpstreamSettings.js';

/**
 * The bridge's connection to the daemon's `/mcp`: every client message becomes one POST whose
 * response carries that request's own answer (so concurrent requests cannot be mixed up: the
 * answer is matched by the HTTP exchange, not by shared state), and server-initiated messages
 * arrive on the session's GET stream (`DaemonStream`). A lost daemon or session is recovered once
 * per request (`DaemonSession`): the daemon is restarted if needed and the session re-initialized
 * with the client's own `initialize` parameters. A request that cannot be answered gets a JSON-RPC
 * error; none hangs.
 */
export class DaemonUpstream {
  private readonly connection: DaemonConnection;
  private readonly stream: DaemonStream;
  private readonly session: DaemonSession;
  private ready: Promise<void> = Promise.resolve();
  /** Settles when the client's `initialize` has its answer; later messages need its session. */
  private initializing: Promise<void> = Promise.resolve();
  private clientVersion: string | undefined;
  /** Client requests not answered yet, to drop one the client cancels (or all at close). */
  private readonly inFlight = new Map<RequestId, Drop>();

  constructor(
    private readonly settings: UpstreamSettings,
    private readonly sink: Sink,
  ) {
    this.connection = new DaemonConnection(settings);
    this.stream = new DaemonStream(this.connection, sink, settings.logger, (reinitialize) => this.session.recover(reinitialize));
    this.session = new DaemonSession(settings, this.connection, this.stream);
  }

  /** The protocol version agreed with the client (the bridge's answer to its `initialize`), once it asked. */
  get negotiatedVersion(): string | undefined {
    return this.clientVersion;
  }

  /** Starts (or finds) the daemon ahead of the first request. */
  start(): void {
    this.ready = this.session
      .recover(false)
      .catch((error: Error) =>
        this.settings.logger.error('could not reach or start the browsertap daemon', { error: error.message }),
      );
  }

  /**
   * Forwards one client message. A request gets exactly one response, on `reply` (the sink
   * unless given: a batch collects its answers), unless the client cancels it
   * (`notifications/cancelled`): then the daemon is told, so the call ends there too, and the
   * request is never answered (MCP: the canceller ignores any answer). Resolves once the request
   * is answered or dropped; other messages the daemon sends meanwhile go to the sink.
   */
  async forward(message: JSONRPCMessage, reply: Sink = this.sink): Promise<void> {
    if ('method' in message && 'id' in message) {
      if (message.method === 'initialize') return this.initialize(message, reply);
      const drop = new Drop();
      this.inFlight.set(message.id, drop);
      try {
        await this.ready;
        await this.initializing;
        if (!drop.dropped) await this.request(message, drop, reply);
      } finally {
        this.inFlight.delete(message.id);
      }
      return;
    }
    if ('method' in message && message.method === 'notifications/cancelled') return this.cancel(message.params);
    await this.ready;
    await this.initializing;
    try {
      await this.exchange(message, true);
    } catch (error) {
      this.settings.logger.warn('could not forward a notification to the daemon', { error: (error as Error).message });
    }
    if ('method' in message && message.method === 'notifications/initialized') this.session.clientReady();
  }

  /**
   * Ends the session on the daemon (DELETE, best effort, briefly: `DaemonConnection.close`), drops what
   * is in flight and the notification stream, and lets go of every socket: the bridge process
   * can exit at once.
   */
  async close(): Promise<void> {
    this.stream.close();
    for (const drop of this.inFlight.values()) drop.drop();
    await this.connection.close();
  }

  /**
   * Answers `initialize` at once, as the daemon would (docs/install.md: within 100 ms even when the
   * daemon has to be started), and opens the daemon session behind it; every later message
   * waits for that session. A session that could not be opened is retried by the next request.
   */
  private initialize(message: JSONRPCRequest, reply: Sink): void {
    this.session.initializeWith(message.params);
    const requested = (message.params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
    const result = initializeResult(requested, this.settings.bridgeVersion);
    this.clientVersion = result.protocolVersion as string;
    reply({ jsonrpc: '2.0', id: message.id, result } as JSONRPCMessage);
    this.initializing = this.ready
      .then(() => (this.connection.verified ? this.session.reinitialize() : this.session.recover(true)))
      .catch((error: Error) =>
        this.settings.logger.warn('could not open a session on the daemon yet; the next request retries', {
          error: error.message,
        }),
      );
  }

  /** `notifications/cancelled`: the daemon ends the call (its wait stops), then the exchange is dropped. */
  private async cancel(params: unknown): Promise<void> {
    const id = (params as { requestId?: RequestId } | undefined)?.requestId;
    const drop = id === undefined ? undefined : this.inFlight.get(id);
    if (drop === undefined || drop.dropped) return;
    if (this.connection.sessionId !== undefined && this.connection.verified) {
      const notice = { jsonrpc: '2.0' as const, method: 'notifications/cancelled', params: params as never };
      await this.connection.post(notice as JSONRPCMessage).catch(() => undefined);
    }
    drop.drop();
  }

  private async request(message: JSONRPCRequest, drop: Drop, reply: Sink): Promise<void> {
    if (message.method === 'initialize') this.session.initializeWith(message.params);
    try {
      const { messages } = await this.exchange(message, message.method !== 'tools/call' || isReadOnlyCall(message), drop);
      if (drop.dropped) return;
      let answered = false;
      for (const answer of messages) {
        if (isAnswerTo(answer, message.id)) {
          answered = true;
          this.stream.remember(message, answer);
          reply(answer);
        } else if (!isAnswerTo(answer, null)) this.sink(answer); // a bare HTTP-level error is re-addressed below
      }
      if (!answered) reply(unanswered(message.id, messages));
    } catch (error) {
      if (drop.dropped) return; // cancelled by the client, or the bridge is closing: no answer
      reply(errorFor(message.id, DAEMON_UNAVAILABLE, `browsertap daemon unavailable: ${(error as Error).message}`));
    }
  }

  /**
   * POSTs one message and returns what the daemon answered. Recovers once: a refused
   * connection (daemon gone) or an unknown session is recovered and retried; a wrong token is
   * re-read and retried; a connection lost after sending is recovered but retried only when
   * `retryable` (never for a browser command, which may already have run). A request the daemon
   * did not answer in time is never repeated, and its session is kept: the daemon is alive, and
   * the call may still be running there.
   */
  private async exchange(message: JSONRPCMessage, retryable: boolean, drop?: Drop): Promise<Exchange> {
    const isInitialize = 'method' in message && message.method === 'initialize';
    // Never talk MCP to whatever else may hold the port: only to a daemon that proved itself.
    if (!this.connection.verified) await this.session.recover(false);
    // The session opened behind the bridge's own `initialize` answer failed: open it now.
    if (!isInitialize && this.connection.sessionId === undefined && this.session.hasInitParams) await this.session.recover(true);
    for (let attempt = 0; ; attempt++) {
      let outcome: Exchange;
      try {
        if (drop?.dropped === true) throw new ExchangeError('dropped by the bridge', false, false, true);
        outcome = await this.connection.post(message, drop);
      } catch (error) {
        if (error instanceof ExchangeError && error.dropped) throw error;
        if (error instanceof ExchangeError && error.timedOut) throw new Error(describe(error, true, this.settings.remote));
        const sent = !refused(error);
        this.connection.distrust();
        if (attempt > 0 || (sent && !retryable)) {
          if (sent) void this.session.recover(!isInitialize).catch(() => undefined);
          throw new Error(describe(error, sent, this.settings.remote));
        }
        await this.session.recover(!isInitialize);
        continue;
      }
      if (attempt === 0 && outcome.status === 404 && !isInitialize) {
        await this.session.recover(true);
        continue;
      }
      if (attempt === 0 && outcome.status === 401) {
        // The daemon proved it holds the token we read, then refused it: it was restarted with
        // a new one. Prove and read again.
        await this.session.recover(false);
        continue;
      }
      if (outcome.status === 401) throw new Error('the daemon refused the bearer token in <state-dir>/token');
      return outcome;
    }
  }
}
