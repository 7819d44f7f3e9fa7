import { injectable } from 'inversify';

/** How a worker reaches the daemon: its WebSocket channel, or HTTP long polls (docs/extension-protocol.md). */
export type ExtensionChannelKind = 'websocket' | 'poll';

export interface PresenceStatus {
  readonly connected: boolean;
  /** ISO 8601 time of the last poll seen, or null when none was ever seen. */
  readonly last_seen: string | null;
  readonly instance_id?: string;
  /** The extension's version, as its latest poll announced it. */
  readonly version?: string;
  /** How the latest worker is connected: `websocket` (its channel) or `poll` (HTTP long polls). */
  readonly channel?: ExtensionChannelKind;
  /** ISO 8601 time the latest worker start (its `boot_id`) first reached the daemon: a stopped and restarted worker changes it. */
  readonly since?: string;
}

interface Instance {
  held: number;
  lastSeen: number;
  bootId: string;
  /** When this boot id was first seen. */
  since: number;
  version: string | undefined;
  channel: ExtensionChannelKind | undefined;
}

/** Extensions that speak the daemon's API shorter than this ago still count as connected (docs/extension-protocol.md). */
export const CONNECTED_WINDOW_MS = 5_000;
const MAX_INSTANCES = 16;

/**
 * Which extension workers are polling. Connected means a poll is held now or one ended less
 * than 5 s ago.
 */
@injectable()
export class ExtensionPresence {
  private readonly instances = new Map<string, Instance>();

  pollStarted(instanceId: string, bootId: string, now: number, version?: string, channel?: ExtensionChannelKind): void {
    const known = this.instances.get(instanceId);
    this.instances.delete(instanceId);
    this.instances.set(instanceId, {
      held: (known?.held ?? 0) + 1,
      lastSeen: now,
      bootId,
      since: known?.bootId === bootId ? known.since : now,
      version: version ?? known?.version,
      channel: channel ?? known?.channel,
    });
    if (this.instances.size > MAX_INSTANCES) this.instances.delete(this.instances.keys().next().value as string);
  }

  pollEnded(instanceId: string, now: number): void {
    const known = this.instances.get(instanceId);
    if (known === undefined) return;
    known.held = Math.max(0, known.held - 1);
    known.lastSeen = now;
  }

  status(now: number): PresenceStatus {
    let latest: [string, Instance] | undefined;
    let connected = false;
    for (const entry of this.instances) {
      const [, instance] = entry;
      if (instance.held > 0 || now - instance.lastSeen < CONNECTED_WINDOW_MS) connected = true;
      if (latest === undefined || instance.lastSeen >= latest[1].lastSeen) latest = entry;
    }
    if (latest === undefined) return { connected: false, last_seen: null };
    const { version, channel, since } = latest[1];
    return {
      connected,
      last_seen: new Date(latest[1].lastSeen).toISOString(),
      instance_id: latest[0],
      ...(version === undefined ? {} : { version }),
      ...(channel === undefined ? {} : { channel }),
      since: new Date(since).toISOString(),
    };
  }
}
