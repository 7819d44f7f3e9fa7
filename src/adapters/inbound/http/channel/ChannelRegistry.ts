import { CHANNEL_CLOSE, CHANNEL_LIMITS } from '../../../../domain/wire/channel.js';

/** What the registry needs of an open channel. */
export interface OpenChannel {
  /** Starts the closing handshake; `end` runs once the socket is gone. */
  close(code: number, reason: string): void;
  /** Cuts the socket at once (a peer that does not answer the closing handshake). */
  terminate(): void;
  /** Resolves when the socket is gone. */
  readonly ended: Promise<void>;
}

/**
 * The channels open now (docs/extension-protocol.md, "The channel"): at most one per browser
 * profile (`instance_id`; a newer one takes an older one's place, which is closed 4000) and
 * `maxChannels` in all. Kept by the server for the daemon's life, so shutdown closes every one.
 */
export class ChannelRegistry {
  private readonly open = new Map<string, OpenChannel>();

  constructor(private readonly max = CHANNEL_LIMITS.maxChannels) {}

  get size(): number {
    return this.open.size;
  }

  /** Whether a channel for `instanceId` would be one too many (its own replaces its older one). */
  full(instanceId: string): boolean {
    return !this.open.has(instanceId) && this.open.size >= this.max;
  }

  add(instanceId: string, channel: OpenChannel): void {
    const older = this.open.get(instanceId);
    this.open.set(instanceId, channel);
    older?.close(CHANNEL_CLOSE.replaced, 'a newer channel of this browser profile took its place');
    void channel.ended.then(() => {
      if (this.open.get(instanceId) === channel) this.open.delete(instanceId);
    });
  }

  /** Closes every channel (1001: the daemon is going away); those that do not answer within `graceMs` are cut. */
  async closeAll(graceMs: number): Promise<void> {
    const channels = [...this.open.values()];
    for (const channel of channels) channel.close(1001, 'the daemon is shutting down');
    let timer: NodeJS.Timeout | undefined;
    const cut = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        for (const channel of channels) channel.terminate();
        resolve();
      }, graceMs);
    });
    await Promise.race([Promise.all(channels.map((channel) => channel.ended)), cut]);
    clearTimeout(timer);
  }
}
