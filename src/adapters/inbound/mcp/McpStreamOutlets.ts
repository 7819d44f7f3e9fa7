import type { ServerResponse } from 'node:http';
import type { OutletState, StreamMessage, StreamOutletPort } from '../../../application/ports/StreamOutletPort.js';

/** Notifications held per session while its stream is away or backed up. */
export const MAX_HELD = 100;

type Send = (message: StreamMessage) => Promise<void>;

/**
 * One session's notification outlet. Messages go out on the session's GET stream when it is
 * attached and draining; otherwise they are held (bounded, oldest dropped and counted) and
 * flushed when it attaches or drains. A backed-up stream (the client stopped reading) pauses the
 * outlet with a `streaming_paused` notice, so nothing piles up without bound behind it.
 */
class SessionOutlet {
  private held: StreamMessage[] = [];
  private dropped = 0;
  private stream: ServerResponse | undefined;
  private paused = false;

  constructor(private readonly send: Send) {}

  state(): OutletState {
    return { attached: this.stream !== undefined, paused: this.paused, held: this.held.length, dropped: this.dropped };
  }

  attach(stream: ServerResponse): void {
    this.stream = stream;
    this.paused = false;
    stream.once('close', () => {
      if (this.stream === stream) this.stream = undefined;
    });
    this.flush();
  }

  deliver(message: StreamMessage): void {
    const stream = this.stream;
    if (stream === undefined || this.paused) return this.hold(message);
    if (stream.writableNeedDrain) {
      this.paused = true;
      this.emit({
        level: 'warning',
        data: { event_type: 'streaming_paused', held: this.held.length + 1, timestamp: new Date().toISOString() },
      });
      this.hold(message);
      stream.once('drain', () => {
        if (this.stream !== stream) return;
        this.paused = false;
        this.flush();
      });
      return;
    }
    this.emit(message);
  }

  discard(): void {
    this.held = [];
    this.dropped = 0;
  }

  private hold(message: StreamMessage): void {
    this.held.push(message);
    if (this.held.length > MAX_HELD) {
      this.held.shift();
      this.dropped++;
    }
  }

  private flush(): void {
    if (this.dropped > 0) {
      this.emit({
        level: 'warning',
        data: { event_type: 'buffer_full', dropped: this.dropped, timestamp: new Date().toISOString() },
      });
      this.dropped = 0;
    }
    const held = this.held;
    this.held = [];
    for (const message of held) this.deliver(message);
  }

  private emit(message: StreamMessage): void {
    void this.send(message).catch(() => undefined);
  }
}

/** The stream outlets of every MCP session: the `StreamOutletPort` the dispatcher delivers through. */
export class McpStreamOutlets implements StreamOutletPort {
  private readonly outlets = new Map<string, SessionOutlet>();

  /** A session opened: its notifications go through `send`. */
  open(clientId: string, send: Send): void {
    this.outlets.set(clientId, new SessionOutlet(send));
  }

  /** A session ended. */
  close(clientId: string): void {
    this.outlets.delete(clientId);
  }

  /** The session's GET stream is being served on `stream`. */
  attach(clientId: string, stream: ServerResponse): void {
    this.outlets.get(clientId)?.attach(stream);
  }

  deliver(clientId: string, message: StreamMessage): void {
    this.outlets.get(clientId)?.deliver(message);
  }

  state(clientId: string): OutletState {
    return this.outlets.get(clientId)?.state() ?? { attached: false, paused: false, held: 0, dropped: 0 };
  }

  discard(clientId: string): void {
    this.outlets.get(clientId)?.discard();
  }
}
