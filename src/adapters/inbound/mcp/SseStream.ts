import type { ServerResponse } from 'node:http';
import { messageBytes } from './messageBytes.js';

/** An SSE comment this often keeps a quiet stream from being taken for dead (ms). */
export const KEEP_ALIVE_MS = 15_000;
/** The SSE `retry` every stream announces: how long a client waits before reconnecting one it lost (ms). */
export const SSE_RETRY_MS = 1_000;

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
};

/** The parts of an SSE event id: `<stream>-<event>`. */
export interface EventId {
  readonly stream: number;
  readonly event: number;
}

/** Reads a `Last-Event-ID` this daemon wrote (`<stream>-<event>`, digits only); anything else is undefined. */
export function parseEventId(text: string | undefined): EventId | undefined {
  const match = /^(\d{1,15})-(\d{1,15})$/.exec(text ?? '');
  return match === null ? undefined : { stream: Number(match[1]), event: Number(match[2]) };
}

/**
 * One SSE stream of an MCP session. Every event carries an id `<stream>-<event>`, unique in the
 * session and naming its stream (MCP "Resumability": stream 0 is the session's GET stream, POST
 * streams count from 1); the first thing written announces `retry`. With `prime`, the stream
 * opens with an event of an id and empty data (MCP 2025-11-25). Once it has begun (something
 * written, or `begin`), a keep-alive comment goes out every `keepAliveMs` until it ends; a
 * stream that is finished with its one event before it began (`finish`) is one write with its
 * length known, and never keeps alive.
 */
export class SseStream {
  /** Something was written (which sent the headers along), or the headers were sent. */
  begun = false;
  private retrySent = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly res: ServerResponse,
    readonly stream: number,
    /** The next event number of this stream. */
    private readonly nextEvent: () => number,
    private readonly keepAliveMs: number,
    prime: boolean,
  ) {
    if (prime) this.write(`id: ${this.id()}\nretry: ${SSE_RETRY_MS}\ndata: \n\n`, true);
  }

  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  /** Sends the headers now (an answer is not ready yet, or the stream is the session's GET stream). */
  begin(): void {
    if (!this.open) return;
    if (!this.begun) this.res.flushHeaders();
    this.began();
  }

  /** Writes one JSON-RPC message as an event; false when the stream is gone. */
  send(message: unknown): boolean {
    if (!this.open) return false;
    this.write(this.event(message), true);
    return true;
  }

  /**
   * Sends `message` as the stream's last event and ends it. Before anything was written, the
   * headers, the event and the end go out as one write with a `Content-Length`.
   */
  finish(message: unknown): void {
    if (!this.open) return;
    if (this.begun) {
      this.send(message);
      this.end();
      return;
    }
    this.begun = true;
    this.res.end(this.event(message));
  }

  end(): void {
    clearInterval(this.timer);
    if (this.open) this.res.end();
  }

  private event(message: unknown): Buffer {
    const retry = this.retrySent ? '' : `retry: ${SSE_RETRY_MS}\n`;
    this.retrySent = true;
    return messageBytes(`${retry}id: ${this.id()}\nevent: message\ndata: `, message, '\n\n');
  }

  private id(): string {
    return `${this.stream}-${this.nextEvent()}`;
  }

  private write(text: string | Buffer, event = false): void {
    if (!this.open) return;
    if (event) this.retrySent = true;
    this.began();
    this.res.write(text);
  }

  /** Keeps the stream alive from now on. */
  private began(): void {
    this.begun = true;
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => this.write(': keepalive\n\n'), this.keepAliveMs).unref();
    this.res.once('close', () => clearInterval(this.timer));
  }
}
