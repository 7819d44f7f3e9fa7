import { inject, injectable } from 'inversify';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import { MAX_INLINE_WAIT_MS } from '../../domain/browserActions/commandArgs.js';
import { DomainError } from '../../domain/DomainError.js';
import type { ClockPort } from '../ports/ClockPort.js';
import type { Waiters } from '../shared/Waiters.js';
import { TYPES } from '../tokens.js';
import type { CommandResultPayload } from './CommandPayloads.js';
import { commandKey } from './commandKeys.js';
import { presentResult } from './presentCommand.js';

const FINAL = new Set(['complete', 'error', 'timeout', 'expired']);

/**
 * `interact` with `wait_ms`: waits up to `waitMs` for the client's command to reach a final
 * state and returns its `command_result` payload (which marks it retrieved), or undefined when
 * it is still running at the end of the wait or when `signal` aborts (the client cancelled the call).
 * @throws DomainError `invalid_params` for a bad wait, `unknown_correlation_id`.
 */
@injectable()
export class AwaitCommandResult {
  constructor(
    @inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker,
    @inject(TYPES.Waiters) private readonly waiters: Waiters,
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
  ) {}

  async execute(input: {
    readonly clientId: string;
    readonly correlationId: string;
    readonly waitMs: number;
    readonly signal?: AbortSignal;
  }): Promise<CommandResultPayload | undefined> {
    if (!Number.isInteger(input.waitMs) || input.waitMs < 0 || input.waitMs > MAX_INLINE_WAIT_MS) {
      throw new DomainError(
        'invalid_params',
        `wait_ms must be an integer from 0 to ${MAX_INLINE_WAIT_MS}, got ${String(input.waitMs)}`,
      );
    }
    const until = this.clock.now() + input.waitMs;
    for (;;) {
      const command = this.tracker.retrieve(input.clientId, input.correlationId);
      if (FINAL.has(command.state)) return presentResult(command);
      const remaining = until - this.clock.now();
      if (remaining <= 0) return undefined;
      if (input.signal?.aborted === true) return undefined;
      const outcome = await this.waiters.wait(commandKey(input.correlationId), remaining, input.signal);
      if (outcome === 'closed' || outcome === 'aborted') return undefined;
    }
  }
}
