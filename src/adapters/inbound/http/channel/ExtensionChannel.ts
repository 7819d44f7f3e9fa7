import type { RawData, WebSocket } from 'ws';
import type { ClockPort, Cancel } from '../../../../application/ports/ClockPort.js';
import type { LoggerPort } from '../../../../application/ports/LoggerPort.js';
import { MAX_POLL_WAIT_MS } from '../../../../application/commands/WaitForCommands.js';
import { DomainError } from '../../../../domain/DomainError.js';
import { CHANNEL_CLOSE, CHANNEL_LIMITS, MAX_MESSAGE_ID, type DaemonMessage } from '../../../../domain/wire/channel.js';
import type { Query } from '../../../../domain/wire/commands.js';
import type { ErrorCode } from '../../../../domain/wire/errorCodes.js';
import type { ExtensionApi } from '../ExtensionApi.js';
import { QueryResultDto } from '../dto/QueryResultDto.js';
import { reportOf } from '../dto/reportOf.js';
import { validateDto } from '../dto/validateDto.js';
import { scanJson } from '../middleware/cutJsonDepth.js';
import { MAX_BODY_DEPTH } from '../middleware/jsonBody.js';
import type { OpenChannel } from './ChannelRegistry.js';

/** The worker start a channel serves, from the query string it was opened with. */
export interface ChannelLease {
  readonly instanceId: string;
  readonly bootId: string;
  readonly claims: boolean;
  /** The daemon claims each command for this start as it pushes it (`claim_on_delivery`, with `claims`). */
  readonly claimOnDelivery?: boolean;
  readonly version?: string;
}

export interface ChannelDeps {
  readonly api: ExtensionApi;
  readonly clock: ClockPort;
  readonly logger: LoggerPort;
}

/**
 * One worker's channel (docs/extension-protocol.md, "The channel"): the long poll, held for as
 * long as the socket is open, pushes each command the moment it is handed to this worker start
 * (the same `WaitForCommands` the HTTP poll runs, under the same lease rules), with the recording
 * settings; each `result` message is `POST /query-result` (the same DTO, the same use case) and
 * is answered by its id. Hostile input is refused in the one error shape and changes nothing;
 * a channel silent for `idleMs`, or whose send buffer passes `maxBufferedBytes`, is closed.
 */
export class ExtensionChannel implements OpenChannel {
  readonly ended: Promise<void>;
  private readonly abort = new AbortController();
  private lastHeard: number;
  private cancelIdle: Cancel = () => undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly lease: ChannelLease,
    private readonly deps: ChannelDeps,
  ) {
    this.lastHeard = deps.clock.now();
    this.ended = new Promise((resolve) =>
      socket.once('close', () => {
        this.abort.abort();
        this.cancelIdle();
        resolve();
      }),
    );
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('error', (error) => deps.logger.debug('extension channel error', { error: error.message }));
    this.watchIdle(CHANNEL_LIMITS.idleMs);
    void this.push();
  }

  close(code: number, reason: string): void {
    this.abort.abort();
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.abort.abort();
    this.socket.terminate();
  }

  /** Hands this worker its commands as they come: at once when the channel opens, then each time some are queued. */
  private async push(): Promise<void> {
    const { api, clock } = this.deps;
    let sent: string | undefined;
    for (let first = true; !this.abort.signal.aborted; first = false) {
      const waitMs = first ? 0 : MAX_POLL_WAIT_MS;
      const until = clock.now() + waitMs;
      let queries: readonly unknown[];
      try {
        queries = await api.waitForCommands.execute({
          instanceId: this.lease.instanceId,
          bootId: this.lease.bootId,
          ...(this.lease.claims ? { claims: true } : {}),
          ...(this.lease.version === undefined ? {} : { version: this.lease.version }),
          channel: 'websocket',
          waitMs,
          signal: this.abort.signal,
        });
      } catch (error) {
        this.deps.logger.error('the extension channel could not poll', { error: String((error as Error)?.stack ?? error) });
        this.close(1011, 'the daemon failed to hand out commands; see its log');
        return;
      }
      if (this.abort.signal.aborted) return;
      const recording = api.recording.current();
      const said = `${recording.actions},${recording.values}`;
      if (queries.length === 0 && said === sent && !first && clock.now() < until) {
        // Neither commands nor a change nor the wait's end: the daemon closed its waits (shutting down).
        this.close(1001, 'the daemon is shutting down');
        return;
      }
      if (first || queries.length > 0 || said !== sent) {
        this.send({ type: 'queries', queries: this.claimed(queries), recording });
        sent = said;
      }
    }
  }

  /**
   * Each command claimed for this worker's start as it is pushed, when the worker takes claims on
   * delivery: the claim's two messages leave the path of every command. Claimed only while the
   * socket is open (a command pushed to no one stays unclaimed, and never started); a resumed
   * command is never claimed again, and one whose claim is refused goes as it is (the worker's own
   * claim then hears why).
   */
  private claimed(queries: readonly unknown[]): readonly unknown[] {
    if (this.lease.claimOnDelivery !== true || this.socket.readyState !== this.socket.OPEN) return queries;
    return queries.map((query) => {
      const { correlation_id, resume } = query as Query;
      if (resume === true) return query;
      const answer = this.deps.api.recordResult.execute({
        correlationId: correlation_id,
        status: 'pending',
        bootId: this.lease.bootId,
      });
      return answer.accepted ? { ...(query as Query), claimed: true } : query;
    });
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    this.lastHeard = this.deps.clock.now();
    if (isBinary) {
      this.refuse(undefined, 'invalid_message', 'the channel carries JSON text messages; this one was binary');
      return;
    }
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as Buffer).toString('utf8');
    let message: unknown;
    try {
      message = JSON.parse(scanJson(text, MAX_BODY_DEPTH).text);
    } catch (error) {
      this.refuse(undefined, 'invalid_json', `message is not valid JSON: ${(error as Error).message}`);
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      this.refuse(undefined, 'invalid_message', 'a message is a JSON object {type, id, …}');
      return;
    }
    const { type, id, body } = message as { type?: unknown; id?: unknown; body?: unknown };
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_MESSAGE_ID) {
      this.refuse(undefined, 'invalid_message', `id must be an integer from 1 to ${MAX_MESSAGE_ID}`);
      return;
    }
    if (type === 'ping') {
      this.send({ type: 'pong', id });
    } else if (type === 'result') {
      this.result(id, body);
    } else {
      const named = typeof type === 'string' ? `'${type.slice(0, 40)}'` : 'missing';
      this.refuse(id, 'unknown_message', `message type ${named}: the channel takes 'result' and 'ping'`);
    }
  }

  /** `POST /query-result`. A claim is answered at once (its worker waits to start); a final status after the agent's own answer is out. */
  private result(id: number, body: unknown): void {
    const checked = validateDto(QueryResultDto, body);
    if (!checked.ok) {
      this.refuse(id, 'invalid_body', `result body ${checked.message}`);
      return;
    }
    let answer: { accepted: boolean; reason?: string };
    try {
      answer = this.deps.api.recordResult.execute(reportOf(checked.value));
    } catch (error) {
      if (error instanceof DomainError) this.refuse(id, error.code, error.message);
      else {
        this.deps.logger.error('unexpected error recording a result', { error: String((error as Error)?.stack ?? error) });
        this.refuse(id, 'internal_error', 'the daemon failed to record this result; see its log');
      }
      return;
    }
    const reply: DaemonMessage = { type: 'answer', id, ...answer };
    // The agent waiting for this result is answered in this turn's microtasks; its answer leaves first.
    if (checked.value.status === 'pending') this.send(reply);
    else setImmediate(() => this.send(reply));
  }

  private refuse(id: number | undefined, error: ErrorCode, message: string): void {
    this.send({ type: 'error', ...(id === undefined ? {} : { id }), error, message });
  }

  private send(message: DaemonMessage): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > CHANNEL_LIMITS.maxBufferedBytes) {
      this.close(CHANNEL_CLOSE.stuck, 'the extension is not reading its channel');
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  /** Closes the channel once nothing was heard for `idleMs` (the worker pings every `heartbeatMs`). */
  private watchIdle(delayMs: number): void {
    this.cancelIdle = this.deps.clock.schedule(delayMs, () => {
      const quiet = this.deps.clock.now() - this.lastHeard;
      if (quiet >= CHANNEL_LIMITS.idleMs) this.close(CHANNEL_CLOSE.idle, `nothing heard for ${CHANNEL_LIMITS.idleMs} ms`);
      else this.watchIdle(CHANNEL_LIMITS.idleMs - quiet);
    });
  }
}
