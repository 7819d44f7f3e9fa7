import { inject, injectable } from 'inversify';
import { actionNamed } from '../../domain/browserActions/table.js';
import { DomainError } from '../../domain/DomainError.js';
import type { CommandView } from '../../domain/command/Command.js';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import type { ClockPort } from '../ports/ClockPort.js';
import type { IdGeneratorPort } from '../ports/IdGeneratorPort.js';
import { ClientTabs } from '../shared/ClientTabs.js';
import type { Waiters } from '../shared/Waiters.js';
import { TYPES } from '../tokens.js';
import { CommandDeadlines } from './CommandDeadlines.js';
import { PICKUP_KEY, slotKey } from './commandKeys.js';

export interface QueueCommandInput {
  readonly clientId: string;
  /** An action of the action table that agents may queue; its params already validated by the inbound adapter. */
  readonly action: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly tabId?: number;
  /** Execution limit (ms), 1 to the configured maximum; the default limit when absent. */
  readonly timeoutMs?: number;
}

/** Ids are random; a collision with a live id is retried this many times before giving up. */
const ID_ATTEMPTS = 3;

/**
 * Queues a browser command for the extension and returns at once.
 * @throws DomainError `unknown_action` for an action the action table does not offer agents,
 *   `queue_full` (with `retry_after_ms`) or `invalid_params`.
 */
@injectable()
export class QueueCommand {
  constructor(
    @inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker,
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
    @inject(TYPES.IdGeneratorPort) private readonly ids: IdGeneratorPort,
    @inject(CommandDeadlines) private readonly deadlines: CommandDeadlines,
    @inject(TYPES.Waiters) private readonly waiters: Waiters,
    @inject(ClientTabs) private readonly tabs: ClientTabs,
  ) {}

  execute(input: QueueCommandInput): CommandView {
    if (actionNamed(input.action)?.agent !== true) {
      throw new DomainError('unknown_action', `${JSON.stringify(input.action.slice(0, 60))} is not an action agents may queue`);
    }
    const now = this.clock.now();
    const command = this.tracker.enqueue(
      {
        clientId: input.clientId,
        action: input.action,
        params: input.params,
        weight: JSON.stringify(input.params).length,
        ...(input.tabId === undefined ? this.lastTab(input.clientId) : { tabId: input.tabId }),
        ...(input.timeoutMs === undefined ? {} : { executionLimitMs: input.timeoutMs }),
      },
      { correlationId: this.freshCorrelationId(now), queryId: this.ids.queryId() },
      now,
    );
    this.deadlines.reschedule();
    this.waiters.notify(PICKUP_KEY);
    return command;
  }

  /**
   * Queues like `execute`, but when the client already has its maximum of commands in flight,
   * waits (up to `waitMs`, on the daemon clock) for one of them to finish instead of failing at
   * once (docs/mcp-tools.md, bursts). Returns the command and what is left of the wait.
   * @throws DomainError `queue_full` when no slot frees within `waitMs` (or the call is
   *   cancelled), and whatever `execute` throws.
   */
  async admit(
    input: QueueCommandInput,
    waitMs: number,
    signal?: AbortSignal,
  ): Promise<{ readonly command: CommandView; readonly remainingMs: number }> {
    const until = this.clock.now() + waitMs;
    for (;;) {
      try {
        const command = this.execute(input);
        return { command, remainingMs: Math.max(0, Math.floor(until - this.clock.now())) };
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'queue_full') throw error;
        const remaining = until - this.clock.now();
        if (remaining <= 0) throw error;
        const outcome = await this.waiters.wait(slotKey(input.clientId), remaining, signal);
        if (outcome === 'closed' || outcome === 'aborted') throw error;
      }
    }
  }

  private lastTab(clientId: string): { defaultTabId?: number } {
    const tab = this.tabs.get(clientId);
    return tab === undefined ? {} : { defaultTabId: tab };
  }

  private freshCorrelationId(now: number): string {
    for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
      const id = this.ids.correlationId(now);
      if (!this.tracker.has(id)) return id;
    }
    throw new DomainError('internal_error', `could not draw an unused correlation id in ${ID_ATTEMPTS} attempts`);
  }
}
