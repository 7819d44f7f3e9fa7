import { DaemonRefused, type IngestAnswer } from './DaemonClient.js';

export type ForwardKind = 'logs' | 'network' | 'websocket' | 'vitals' | 'page' | 'performance' | 'actions' | 'picks';

export interface ForwarderPorts {
  /** Posts entries of one kind; rejects with `DaemonRefused` when retrying cannot help. */
  send(kind: ForwardKind, entries: readonly object[]): Promise<IngestAnswer>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const FORWARD = Object.freeze({
  /** An ordinary entry waits this long for company (ms) while entries keep coming; urgent ones (errors) go at once. */
  delayMs: 50,
  /**
   * The first entry after a quiet spell (nothing sent for `delayMs`) waits only this long: a page
   * that logs now and then is readable within 50 ms (docs/mcp-tools.md), a burst is still batched.
   */
  idleDelayMs: 5,
  maxBatch: 100,
  /** JSON characters per request, well under the daemon's 1 MB body limit. */
  maxBatchChars: 400_000,
  /** Entries held while the daemon is unreachable; past it the oldest go, and a note says how many. */
  maxHeld: 5_000,
  retryMs: [250, 500, 1_000, 2_000, 3_000] as readonly number[],
});

interface Held {
  readonly kind: ForwardKind;
  readonly entry: object;
  readonly chars: number;
}

export interface ForwarderStats {
  readonly sent: Record<ForwardKind, number>;
  rejected: number;
  dropped: number;
  held: number;
  lastError?: string;
}

/**
 * Worker → daemon delivery of captured entries: batched per kind (≤ 100 entries, ≤ 50 ms while
 * entries keep coming, 5 ms after a quiet spell, urgent entries at once), kept in order and retried with backoff while the daemon is unreachable, in a
 * bounded buffer whose evictions are reported to the daemon as a warning log entry.
 */
export class Forwarder {
  private readonly held: Held[] = [];
  private timer: unknown;
  private timerDue = Infinity;
  private sending = false;
  private current: Promise<void> = Promise.resolve();
  private attempt = 0;
  private unreported = 0;
  private lastSentAt = -Infinity;
  readonly stats: ForwarderStats = {
    sent: { logs: 0, network: 0, websocket: 0, vitals: 0, page: 0, performance: 0, actions: 0, picks: 0 },
    rejected: 0,
    dropped: 0,
    held: 0,
  };

  constructor(private readonly ports: ForwarderPorts) {}

  add(kind: ForwardKind, entry: object, urgent = false): void {
    this.held.push({ kind, entry, chars: JSON.stringify(entry).length });
    if (this.held.length > FORWARD.maxHeld) {
      this.held.shift();
      this.stats.dropped++;
      this.unreported++;
    }
    this.stats.held = this.held.length;
    if (this.attempt > 0) return; // retrying: the backoff timer sends everything
    const quiet = this.ports.now() - this.lastSentAt >= FORWARD.delayMs;
    this.schedule(urgent || this.held.length >= FORWARD.maxBatch ? 0 : quiet ? FORWARD.idleDelayMs : FORWARD.delayMs);
  }

  private schedule(ms: number): void {
    const due = this.ports.now() + ms;
    if (this.timer !== undefined && this.timerDue <= due) return;
    if (this.timer !== undefined) this.ports.clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = this.ports.setTimeout(() => {
      this.timer = undefined;
      this.timerDue = Infinity;
      void this.flush();
    }, ms);
  }

  /**
   * Sends everything held, batch by batch; on a network failure keeps the rest and retries later.
   * While a send is under way, returns that send (which takes what arrives meanwhile too).
   */
  flush(): Promise<void> {
    if (this.sending) return this.current;
    this.sending = true;
    this.current = this.sendHeld();
    return this.current;
  }

  /**
   * Resolves once everything held now has reached the daemon (read after act: a command's result
   * is posted after what its page logged). Returns at once while the daemon is unreachable: the
   * retries own the entries then.
   */
  async drain(): Promise<void> {
    for (let round = 0; round < 100 && this.attempt === 0; round++) {
      await this.flush();
      if (this.held.length === 0) return;
    }
  }

  private async sendHeld(): Promise<void> {
    try {
      while (this.held.length > 0) {
        this.noteDrops();
        const batch = this.takeBatch();
        this.lastSentAt = this.ports.now();
        try {
          const answer = await this.ports.send(batch.kind, batch.entries);
          this.stats.sent[batch.kind] += batch.kind === 'page' ? batch.entries.length : answer.received + (answer.filtered ?? 0);
          this.stats.rejected += answer.rejected ?? 0;
          this.attempt = 0;
          delete this.stats.lastError;
        } catch (error) {
          this.stats.lastError = (error as Error).message;
          if (error instanceof DaemonRefused) {
            this.stats.rejected += batch.entries.length; // the daemon said no: sending it again cannot help
            continue;
          }
          this.held.unshift(...batch.items);
          const delay = FORWARD.retryMs[Math.min(this.attempt, FORWARD.retryMs.length - 1)] as number;
          this.attempt++;
          this.schedule(delay);
          return;
        }
      }
    } finally {
      this.sending = false;
      this.stats.held = this.held.length;
    }
    // Entries that arrived while sending already have a timer, or go with the next add.
  }

  /** The kind of the oldest entry, with every held entry of that kind that fits one request. */
  private takeBatch(): { kind: ForwardKind; entries: object[]; items: Held[] } {
    const kind = (this.held[0] as Held).kind;
    const max = kind === 'page' ? 1 : FORWARD.maxBatch;
    const items: Held[] = [];
    let chars = 0;
    for (let i = 0; i < this.held.length && items.length < max;) {
      const item = this.held[i] as Held;
      if (item.kind !== kind) {
        i++;
        continue;
      }
      if (items.length > 0 && chars + item.chars > FORWARD.maxBatchChars) break;
      items.push(item);
      chars += item.chars;
      this.held.splice(i, 1);
    }
    return { kind, entries: items.map((item) => item.entry), items };
  }

  private noteDrops(): void {
    if (this.unreported === 0) return;
    const message = `browsertap dropped the ${this.unreported} oldest captured entries: more than ${FORWARD.maxHeld} waited while the daemon was unreachable`;
    const note = { level: 'warn', message, source: 'console', url: 'chrome-extension://browsertap', ts: this.ports.now() };
    this.held.unshift({ kind: 'logs', entry: note, chars: message.length + 100 });
    this.unreported = 0;
  }
}
