import { inject, injectable } from 'inversify';
import { RecordingSwitch } from '../capture/RecordingSwitch.js';
import { DomainError } from '../../domain/DomainError.js';
import type { ClockPort } from '../ports/ClockPort.js';
import { ExtensionPresence, type ExtensionChannelKind } from '../shared/ExtensionPresence.js';
import type { Waiters } from '../shared/Waiters.js';
import { TYPES } from '../tokens.js';
import type { DeliveryPayload } from './CommandPayloads.js';
import { PICKUP_KEY } from './commandKeys.js';
import { PollCommands, type PollCommandsInput } from './PollCommands.js';

export interface WaitForCommandsInput extends PollCommandsInput {
  /** Hold the poll up to this long (ms, 0–25 000) until a command is queued. */
  readonly waitMs: number;
  /** Aborted when the extension's request goes away: nothing is handed to a closed connection. */
  readonly signal?: AbortSignal;
  /** The extension's version, as it announced it. */
  readonly version?: string;
  /** How the worker holds this wait: its WebSocket channel, or (by default) an HTTP long poll. */
  readonly channel?: ExtensionChannelKind;
}

export const MAX_POLL_WAIT_MS = 25_000;

/**
 * The extension's long poll (`GET /pending-queries`): returns at once when there is work,
 * otherwise as soon as a command is queued or the recording settings change (docs/mcp-tools.md: the
 * extension learns them from the answer), or empty when the wait ends, the request is aborted,
 * or the daemon shuts down.
 * @throws DomainError `invalid_params` for a bad wait.
 */
@injectable()
export class WaitForCommands {
  constructor(
    @inject(PollCommands) private readonly poll: PollCommands,
    @inject(TYPES.Waiters) private readonly waiters: Waiters,
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
    @inject(ExtensionPresence) private readonly presence: ExtensionPresence,
    @inject(RecordingSwitch) private readonly recording: RecordingSwitch,
  ) {}

  async execute(input: WaitForCommandsInput): Promise<DeliveryPayload[]> {
    if (!Number.isInteger(input.waitMs) || input.waitMs < 0 || input.waitMs > MAX_POLL_WAIT_MS) {
      throw new DomainError(
        'invalid_params',
        `wait_ms must be an integer from 0 to ${MAX_POLL_WAIT_MS}, got ${String(input.waitMs)}`,
      );
    }
    const lease = { instanceId: input.instanceId, bootId: input.bootId, ...(input.claims === true ? { claims: true } : {}) };
    const until = this.clock.now() + input.waitMs;
    const settings = this.recording.version;
    this.presence.pollStarted(lease.instanceId, lease.bootId, this.clock.now(), input.version, input.channel ?? 'poll');
    try {
      for (;;) {
        if (input.signal?.aborted === true) return [];
        const deliveries = this.poll.execute(lease);
        const remaining = until - this.clock.now();
        if (deliveries.length > 0 || remaining <= 0 || this.recording.version !== settings) return deliveries;
        const outcome = await this.waiters.wait(PICKUP_KEY, remaining, input.signal);
        if (outcome === 'aborted' || outcome === 'closed') return [];
      }
    } finally {
      this.presence.pollEnded(lease.instanceId, this.clock.now());
    }
  }
}
