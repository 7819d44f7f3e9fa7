import { actionNamed } from '../browserActions/table.js';
import type { ResultStatus } from '../wire/commands.js';
import type { Command } from './Command.js';
import type { LifecycleRules } from './LifecycleRules.js';

export interface ReportStatus {
  readonly status: ResultStatus;
  readonly bootId?: string;
}

export type RejectReason =
  'unknown_correlation_id' | 'not_delivered' | 'not_lease_holder' | 'already_acknowledged' | 'already_final';

/**
 * When the command's current state runs out: pickup from queuing, acknowledgement from
 * delivery, the execution backstop from delivery (the extension's clock starts there), the
 * result TTL from completion.
 */
export function deadlineOf(command: Command, rules: LifecycleRules): number {
  const { queuedAt, deliveredAt = queuedAt, finishedAt = queuedAt } = command.timeline;
  switch (command.state) {
    case 'queued':
      return queuedAt + rules.pickupTimeoutMs;
    case 'delivered':
      return deliveredAt + rules.ackTimeoutMs;
    case 'running':
      return deliveredAt + command.executionLimitMs + rules.backstopMs;
    default:
      return finishedAt + rules.resultTtlMs;
  }
}

/**
 * Why an extension report cannot apply to `command`, or undefined when it can. A claim (`pending`
 * with a boot id) applies only from the worker start the command is leased to, and a second
 * claim from that same start is answered as the first was (its answer may have been lost).
 * A final status applies from any worker: a late result of a replaced worker is still what
 * happened.
 */
export function rejectionOf(command: Command | undefined, report: ReportStatus): RejectReason | undefined {
  if (command === undefined) return 'unknown_correlation_id';
  const claim = report.status === 'pending' ? report.bootId : undefined;
  switch (command.state) {
    case 'queued':
      return 'not_delivered';
    case 'delivered':
      return claim === undefined || command.isLeasedTo(claim) ? undefined : 'not_lease_holder';
    case 'running':
      if (report.status !== 'pending') return undefined;
      if (claim === undefined) return 'already_acknowledged';
      if (!command.isLeasedTo(claim)) return 'not_lease_holder';
      // A resumed command is never claimed again: its one run already started.
      return command.timeline.resumedAt === undefined ? undefined : 'already_acknowledged';
    default:
      return 'already_final';
  }
}

/** A command's execution limit when none is given, and the largest one it may have (ms). */
export function executionLimits(action: string, rules: LifecycleRules): { readonly defaultMs: number; readonly maxMs: number } {
  return actionNamed(action)?.person === true
    ? { defaultMs: rules.pickDefaultLimitMs, maxMs: rules.pickMaxLimitMs }
    : { defaultMs: rules.defaultExecutionLimitMs, maxMs: rules.maxExecutionLimitMs };
}
