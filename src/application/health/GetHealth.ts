import { inject, injectable } from 'inversify';
import type { BufferStats } from '../../domain/buffer/RingBuffer.js';
import type { BufferName } from '../../domain/wire/entries.js';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import type { ClockPort } from '../ports/ClockPort.js';
import type { PerformanceStorePort } from '../ports/PerformanceStorePort.js';
import type { DaemonInfo } from '../shared/DaemonInfo.js';
import { ExtensionPresence, type PresenceStatus } from '../shared/ExtensionPresence.js';
import type { Waiters } from '../shared/Waiters.js';
import { TYPES } from '../tokens.js';

export interface HealthPayload {
  readonly status: 'ok';
  readonly version: string;
  readonly extension: PresenceStatus;
  readonly uptime_s: number;
  /** The capture buffers, and `performance`: the pages whose newest performance record is kept. */
  readonly buffers: Readonly<Record<BufferName | 'performance', BufferStats>>;
  readonly commands: {
    readonly clients: number;
    readonly in_flight: number;
    readonly completed: number;
    readonly failed: number;
  };
  /** Calls being held right now: observe waits, interact waits and the extension's long polls. */
  readonly held_waits: number;
  /** Only for an MCP client: its own commands. */
  readonly client?: { readonly pending: number; readonly completed: number; readonly failed: number };
  /** Only for an MCP client: daemon and bridge versions, and whether they differ. */
  readonly versions?: { readonly daemon: string; readonly bridge: string | null; readonly mismatch: boolean };
}

export interface GetHealthInput {
  readonly clientId?: string;
  /** The version a stdio bridge announced for this client, if it came through one. */
  readonly bridgeVersion?: string;
}

/** `GET /health` and `configure health`: is the extension connected, how full is everything, versions. */
@injectable()
export class GetHealth {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker,
    @inject(ExtensionPresence) private readonly presence: ExtensionPresence,
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
    @inject(TYPES.DaemonInfo) private readonly daemon: DaemonInfo,
    @inject(TYPES.Waiters) private readonly waiters: Waiters,
    @inject(TYPES.PerformanceStorePort) private readonly performance: PerformanceStorePort,
  ) {}

  execute(input: GetHealthInput = {}): HealthPayload {
    const now = this.clock.now();
    const totals = this.tracker.totals();
    const health: HealthPayload = {
      status: 'ok',
      version: this.daemon.version,
      extension: this.presence.status(now),
      uptime_s: Math.floor((now - this.daemon.startedAt) / 1000),
      buffers: { ...this.store.stats(), performance: this.performance.stats() },
      commands: { clients: totals.clients, in_flight: totals.inFlight, completed: totals.completed, failed: totals.failed },
      held_waits: this.waiters.size,
    };
    if (input.clientId === undefined) return health;
    const mine = this.tracker.list(input.clientId);
    const bridge = input.bridgeVersion ?? null;
    return {
      ...health,
      client: { pending: mine.inFlight.length, completed: mine.completed.length, failed: mine.failed.length },
      versions: { daemon: this.daemon.version, bridge, mismatch: bridge !== null && bridge !== this.daemon.version },
    };
  }
}
