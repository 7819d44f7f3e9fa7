import { inject, injectable } from 'inversify';
import type { CommandView } from '../../domain/command/Command.js';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import type { LifecycleRules } from '../../domain/command/LifecycleRules.js';
import { DEFAULT_SETTLE_MS } from '../../domain/browserActions/args.js';
import { ACTIONS } from '../../domain/browserActions/table.js';
import { LOAD_STEPS, REPLAY, type ReplayStep } from '../../domain/wire/replay.js';
import { DomainError } from '../../domain/DomainError.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import { TYPES } from '../tokens.js';
import { QueueCommand, type QueueCommandInput } from './QueueCommand.js';
import { errorsOfRange, logsCursor } from './replayErrors.js';
import { type ReplayPlan, ReplayPlans } from './ReplayPlans.js';
import { resolveRange } from '../shared/actionRange.js';
import { replaySteps } from './replaySteps.js';
import { KIND } from '../../domain/wire/entries.js';

export interface QueueReplayInput {
  readonly clientId: string;
  /** The first action of the range (`a12`). */
  readonly from: string;
  /** The last one; the tab's latest when absent. */
  readonly to?: string;
  /** Text for fills and selects whose value was not recorded, by action id. */
  readonly values?: Readonly<Record<string, string>>;
  /** Each step's settle (docs/mcp-tools.md, ms). */
  readonly settleMs?: number;
  readonly tabId?: number;
  /** The replay's execution limit (ms); derived from its steps when absent. */
  readonly timeoutMs?: number;
}

/**
 * `interact {action:"replay", from, to?}` (docs/mcp-tools.md): resolves the range into steps and queues
 * ONE `replay` command that the extension runs step by step with the handlers of the other
 * actions, so a replay takes one of the client's in-flight slots, has one correlation id and
 * one result. Remembers the range's errors to say, when the result comes, whether they happened
 * again (AnnotateReplayResult). Bad input changes nothing: every check runs before queueing.
 * @throws DomainError as `resolveRange` and `replaySteps` do, `invalid_params` for a `values`
 *   key that names no fill or select of the range, and as `QueueCommand` does.
 */
@injectable()
export class QueueReplay {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(QueueCommand) private readonly queue: QueueCommand,
    @inject(ReplayPlans) private readonly plans: ReplayPlans,
    @inject(TYPES.LifecycleRules) private readonly rules: LifecycleRules,
    @inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker,
  ) {}

  execute(input: QueueReplayInput): CommandView {
    const plan = this.plan(input);
    const command = this.queue.execute(plan.queued);
    this.plans.add(command.correlationId, plan.kept);
    return command;
  }

  /** As `execute`, waiting up to `waitMs` for an in-flight slot (QueueCommand.admit). */
  async admit(
    input: QueueReplayInput,
    waitMs: number,
    signal?: AbortSignal,
  ): Promise<{ readonly command: CommandView; readonly remainingMs: number }> {
    const plan = this.plan(input);
    const admitted = await this.queue.admit(plan.queued, waitMs, signal);
    // The errors before the replay began are not its own: counted from when it is queued.
    this.plans.add(admitted.command.correlationId, { ...plan.kept, logsCursor: logsCursor(this.store) });
    return admitted;
  }

  private plan(input: QueueReplayInput): { queued: QueueCommandInput; kept: ReplayPlan } {
    const range = resolveRange(this.store, input.from, input.to, (entry) => this.plans.isReplay(entry.correlation_id));
    const values = input.values ?? {};
    for (const id of Object.keys(values)) {
      const action = range.actions.find((candidate) => candidate.id === id);
      if (action === undefined || (action.entry.type !== KIND.fill && action.entry.type !== KIND.select)) {
        throw new DomainError('invalid_params', `values names ${id}, which is not a fill or select of the range`);
      }
    }
    const steps = replaySteps(range.actions, values);
    // Each step waits at most the actions' own settle when the replay names none (docs/mcp-tools.md).
    const settle = input.settleMs ?? DEFAULT_SETTLE_MS;
    return {
      queued: {
        clientId: input.clientId,
        action: ACTIONS.replay.name,
        params: { steps, ...(input.settleMs === undefined ? {} : { settle_ms: input.settleMs }) },
        ...(input.tabId === undefined ? {} : { tabId: input.tabId }),
        timeoutMs: input.timeoutMs ?? replayLimitMs(steps, settle, this.rules.maxExecutionLimitMs),
      },
      kept: {
        errors: errorsOfRange(this.store, range, (id) => this.tracker.finishedAt(id)),
        logsCursor: logsCursor(this.store),
      },
    };
  }
}

/**
 * A replay's execution limit (ms): what its steps take at most — an element step its target's
 * wait and the action (REPLAY.elementStepMs), a navigation its load (REPLAY.loadStepMs), each
 * its settle; a `caused` step nothing — plus the drain and result, capped at the longest a
 * command may run. Most steps take a fraction of their bound (a click that settles ~0.3 s);
 * when the bound is over the cap the extension stops before the limit and says how far it came.
 */
export function replayLimitMs(steps: readonly ReplayStep[], settleMs: number, maxMs: number): number {
  const total = steps.reduce((sum: number, step) => {
    if (step.type === 'caused') return sum;
    return sum + (LOAD_STEPS.has(step.type) ? REPLAY.loadStepMs : REPLAY.elementStepMs) + settleMs;
  }, REPLAY.overheadMs);
  return Math.min(maxMs, total);
}
