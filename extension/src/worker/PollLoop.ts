import type { Query } from '../shared/commands.js';

export interface PollPorts {
  /** One long poll; rejects when the daemon cannot be reached or refuses. */
  poll(waitMs: number, signal: AbortSignal): Promise<Query[]>;
  /** Any extension API call: it is what keeps an MV3 service worker alive (docs/extension.md). */
  keepAlive(): Promise<unknown>;
  onQueries(queries: Query[]): void;
  /**
   * A poll succeeded after none had, or after the daemon was unreachable: the daemon may be a
   * new one that knows nothing the extension told the last (its tracked tabs).
   */
  onConnected?(): void;
  /**
   * The command channel (DaemonChannel), tried before every HTTP poll: served until it closes;
   * `opened` is called once it is open. Resolves true when it had opened, false when it could not
   * (an older daemon, or none): then the loop polls over HTTP as before.
   */
  channel?(signal: AbortSignal, opened: () => void): Promise<boolean>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
}

export const POLL = Object.freeze({
  /** How long the daemon holds a poll (its maximum). */
  waitMs: 25_000,
  /** Backoff after failures, ms: the daemon is picked up again within half a second of coming back... */
  backoffMs: [100, 250, 500] as readonly number[],
  /**
   * ...for the first minute of an outage; after that every second, however long it lasts, so a
   * daemon that comes back is reached within 1.5 s (docs/install.md; it was 3 s, and the first command
   * after a cold start waited 2.8 s). A refused connection to 127.0.0.1 costs about a millisecond.
   */
  patientAfterMs: 60_000,
  patientBackoffMs: 1_000,
  /** A channel that closes sooner than this after opening counts as a failure (backoff, no hot loop). */
  channelMinOpenMs: 1_000,
});

export interface PollStatus {
  connected: boolean;
  lastOkAt?: number;
  lastError?: string;
  failingSince?: number;
  polls: number;
}

/**
 * The extension's connection to the daemon: its channel (a WebSocket on which commands are pushed)
 * while the daemon serves one, else long polls of `/pending-queries`, back to back, each handing
 * its commands to `onQueries`. When the daemon is unreachable it backs off (≤ 0.5 s for a minute,
 * then 1 s) and keeps calling an extension API, so the service worker is not stopped meanwhile.
 */
export class PollLoop {
  readonly status: PollStatus = { connected: false, polls: 0 };
  private running = false;
  private abort = new AbortController();

  constructor(private readonly ports: PollPorts) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.abort = new AbortController();
    void this.loop(this.abort.signal);
  }

  stop(): void {
    this.running = false;
    this.abort.abort();
  }

  /** Drops the poll in flight and starts over (the daemon port changed). */
  restart(): void {
    this.stop();
    this.status.connected = false;
    this.start();
  }

  get isRunning(): boolean {
    return this.running;
  }

  private async loop(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      void this.ports.keepAlive().catch(() => undefined);
      if (this.ports.channel !== undefined) {
        let openedAt: number | undefined;
        const wasOpen = await this.ports.channel(signal, () => {
          openedAt = this.ports.now();
          this.succeeded();
        });
        if (signal.aborted) break;
        if (wasOpen) {
          this.status.connected = false;
          if (this.ports.now() - (openedAt as number) >= POLL.channelMinOpenMs) {
            failures = 0;
            continue; // it served, then closed (the daemon went away): open the next at once
          }
          failures++;
          await this.ports
            .sleep(POLL.backoffMs[Math.min(failures - 1, POLL.backoffMs.length - 1)] as number, signal)
            .catch(() => undefined);
          continue;
        }
      }
      try {
        // Until a poll has succeeded, ask without holding: the status (and the popup) knows at once.
        const queries = await this.ports.poll(this.status.connected ? POLL.waitMs : 0, signal);
        if (signal.aborted) break;
        failures = 0;
        this.succeeded();
        if (queries.length > 0) this.ports.onQueries(queries);
      } catch (error) {
        if (signal.aborted) break;
        this.status.connected = false;
        this.status.lastError = (error as Error)?.message ?? String(error);
        this.status.failingSince ??= this.ports.now();
        const patient = this.ports.now() - this.status.failingSince > POLL.patientAfterMs;
        const delay = patient ? POLL.patientBackoffMs : (POLL.backoffMs[Math.min(failures, POLL.backoffMs.length - 1)] as number);
        failures++;
        await this.ports.sleep(delay, signal).catch(() => undefined);
      }
    }
  }

  /** A poll answered, or the channel opened: connected (and told so when it was not). */
  private succeeded(): void {
    this.status.polls++;
    const reconnected = !this.status.connected;
    this.status.connected = true;
    this.status.lastOkAt = this.ports.now();
    delete this.status.lastError;
    delete this.status.failingSince;
    if (reconnected) this.ports.onConnected?.();
  }
}
