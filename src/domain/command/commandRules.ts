import type { Command } from './Command.js';
import type { LifecycleRules } from './LifecycleRules.js';

export interface ReportStatus {
  readonly status: 'pending' | 'complete' | 'error' | 'timeout';
}

export type RejectReason = 'unknown_correlation_id' | 'not_delivered' | 'already_acknowledged' | 'already_final';

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

/** Why an extension report cannot apply to `command`, or undefined when it can. */
export function rejectionOf(command: Command | undefined, report: ReportStatus): RejectReason | undefined {
  if (command === undefined) return 'unknown_correlation_id';
  switch (command.state) {
    case 'queued':
      return 'not_delivered';
    case 'delivered':
      return undefined;
    case 'running':
      return report.status === 'pending' ? 'already_acknowledged' : undefined;
    default:
      return 'already_final';
  }
}
