import {
  CHANNEL_LIMITS,
  type ChannelRecording,
  type DaemonMessage,
  type WorkerMessage,
} from '../../../src/domain/wire/channel.js';
import type { Query, ResultBody } from '../shared/commands.js';
import { DaemonRefused } from './DaemonRefused.js';

/** What the channel needs of a WebSocket: the browser's own API (`new WebSocket(url)`), or `ws`'s in tests. */
export interface ChannelSocket {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

export interface ChannelPorts {
  connect(url: string): ChannelSocket;
  onQueries(queries: Query[]): void;
  onRecording(recording: ChannelRecording): void;
  /** Any extension API call (docs/extension.md): made with every heartbeat, beside the channel's own traffic. */
  keepAlive(): Promise<unknown>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const CHANNEL = Object.freeze({
  /** A channel not open this long after it was asked for is given up (the daemon answers in ms). */
  openTimeoutMs: 2_000,
});

/** The channel is not open (or too busy): the caller says the same over HTTP. */
export class ChannelUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChannelUnavailable';
  }
}

const OPEN = 1;

interface Waiting {
  readonly resolve: (message: DaemonMessage) => void;
  readonly reject: (error: Error) => void;
}

/**
 * The worker's side of the command channel (docs/extension-protocol.md, "The channel"): one
 * WebSocket to the daemon, on which commands arrive as they are queued and claims and results
 * leave, each answered by its id. It pings every `heartbeatMs` (with an extension API call:
 * together they keep the service worker alive) and takes a pong missing for `pongTimeoutMs` as a
 * dead channel. A request it cannot carry (not open, too many waiting, closed before its answer)
 * rejects with `ChannelUnavailable`: the caller sends it over HTTP instead.
 */
export class DaemonChannel {
  private socket: ChannelSocket | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  constructor(private readonly ports: ChannelPorts) {}

  get open(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /**
   * Opens the channel at `url` and serves it until it closes or `signal` aborts. Resolves true
   * when it had opened (`opened` was called then), false when it never did.
   */
  run(url: string, signal: AbortSignal, opened: () => void): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      let socket: ChannelSocket;
      try {
        socket = this.ports.connect(url);
      } catch {
        resolve(false);
        return;
      }
      this.socket = socket;
      let wasOpen = false;
      let finished = false;
      let heartbeat: unknown;
      const finish = () => {
        if (finished) return;
        finished = true;
        this.ports.clearTimeout(openTimer);
        if (heartbeat !== undefined) this.ports.clearTimeout(heartbeat);
        signal.removeEventListener('abort', stop);
        if (this.socket === socket) this.socket = undefined;
        socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
        for (const [id, waiting] of this.waiting) {
          this.waiting.delete(id);
          waiting.reject(new ChannelUnavailable('the channel closed before the daemon answered'));
        }
        resolve(wasOpen);
      };
      const stop = () => {
        try {
          socket.close(1000, 'the worker stopped');
        } catch {
          // already closing
        }
        finish();
      };
      const openTimer = this.ports.setTimeout(stop, CHANNEL.openTimeoutMs);
      const beat = () => {
        heartbeat = this.ports.setTimeout(() => {
          void this.ports.keepAlive().catch(() => undefined);
          this.request({ type: 'ping' }, CHANNEL_LIMITS.pongTimeoutMs).then(beat, stop);
        }, CHANNEL_LIMITS.heartbeatMs);
      };
      socket.onopen = () => {
        wasOpen = true;
        this.ports.clearTimeout(openTimer);
        beat();
        opened();
      };
      socket.onmessage = (event) => this.receive(event.data);
      socket.onclose = finish;
      socket.onerror = () => undefined; // a close follows
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
    });
  }

  /** `POST /query-result` over the channel: the daemon's answer, or a rejection (`DaemonRefused` is final). */
  async postResult(body: ResultBody, timeoutMs: number): Promise<{ accepted: boolean; reason?: string }> {
    const answer = await this.request({ type: 'result', body }, timeoutMs);
    if (answer.type !== 'answer') throw new ChannelUnavailable(`the daemon answered a result with '${answer.type}'`);
    return answer.reason === undefined ? { accepted: answer.accepted } : { accepted: answer.accepted, reason: answer.reason };
  }

  private request(message: { type: 'result'; body: ResultBody } | { type: 'ping' }, timeoutMs: number): Promise<DaemonMessage> {
    const socket = this.socket;
    if (socket === undefined || socket.readyState !== OPEN)
      return Promise.reject(new ChannelUnavailable('the channel is not open'));
    if (this.waiting.size >= CHANNEL_LIMITS.maxPending)
      return Promise.reject(new ChannelUnavailable(`${this.waiting.size} requests already wait for the daemon`));
    const id = this.nextId;
    this.nextId = id >= 2 ** 31 - 1 ? 1 : id + 1;
    return new Promise<DaemonMessage>((resolve, reject) => {
      const timer = this.ports.setTimeout(() => {
        if (this.waiting.delete(id)) reject(new ChannelUnavailable(`the daemon did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const settle =
        <T>(then: (value: T) => void) =>
        (value: T) => {
          this.ports.clearTimeout(timer);
          then(value);
        };
      this.waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
      try {
        socket.send(JSON.stringify({ ...message, id } satisfies WorkerMessage));
      } catch (error) {
        this.waiting.delete(id);
        this.ports.clearTimeout(timer);
        reject(new ChannelUnavailable(`the channel could not send: ${(error as Error).message}`));
      }
    });
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: Partial<DaemonMessage> & { type?: unknown; id?: unknown };
    try {
      message = JSON.parse(data) as typeof message;
    } catch {
      return; // not the daemon's: nothing to act on
    }
    if (message === null || typeof message !== 'object') return;
    if (message.type === 'queries') {
      const { queries, recording } = message as { queries?: unknown; recording?: Partial<ChannelRecording> };
      if (typeof recording?.actions === 'boolean' && typeof recording.values === 'boolean')
        this.ports.onRecording({ actions: recording.actions, values: recording.values });
      if (Array.isArray(queries) && queries.length > 0) this.ports.onQueries(queries as Query[]);
      return;
    }
    const waiting = typeof message.id === 'number' ? this.waiting.get(message.id) : undefined;
    if (waiting === undefined) return;
    this.waiting.delete(message.id as number);
    if (message.type === 'error') {
      const { error, message: sentence } = message as { error?: unknown; message?: unknown };
      waiting.reject(new DaemonRefused(400, `channel: ${String(error)}: ${String(sentence)}`));
    } else waiting.resolve(message as DaemonMessage);
  }
}
