import type { CommandView } from '../../domain/command/Command.js';
import type {
  CommandResultPayload,
  CompletedCommandPayload,
  DeliveryPayload,
  FailedCommandPayload,
  PendingCommandPayload,
  QueuedPayload,
  TimelinePayload,
} from './CommandPayloads.js';

const iso = (ms: number): string => new Date(ms).toISOString();

export function presentTimeline(command: CommandView): TimelinePayload {
  const { queuedAt, deliveredAt, ackedAt, resumedAt, finishedAt, attempts } = command.timeline;
  return {
    queued_at: iso(queuedAt),
    ...(deliveredAt === undefined ? {} : { delivered_at: iso(deliveredAt) }),
    ...(ackedAt === undefined ? {} : { acked_at: iso(ackedAt) }),
    ...(resumedAt === undefined ? {} : { resumed_at: iso(resumedAt) }),
    ...(finishedAt === undefined ? {} : { finished_at: iso(finishedAt) }),
    attempts,
  };
}

export function presentQueued(command: CommandView): QueuedPayload {
  return {
    status: 'queued',
    correlation_id: command.correlationId,
    message: 'observe {what:"command_result", correlation_id} gives the result; wait_ms waits for it',
  };
}

/**
 * A final result as `interact` returns it inline (docs/mcp-tools.md: what the agent acts on next): the
 * status, the extension's `result` or the error, and how long it took. The correlation id is
 * left out: the agent has the result, and `pending_commands` / `failed_commands` list the id
 * with the action should it want the whole docs/architecture.md (the command lifecycle) payload (timeline, times) from
 * `observe command_result`.
 */
export function presentInline(full: CommandResultPayload): object {
  const {
    command: _action,
    timeline: _timeline,
    correlation_id: _id,
    ...rest
  } = full as CommandResultPayload & { command?: string; timeline?: unknown };
  const { completed_at: _c, failed_at: _f, expired_at: _e, ...kept } = rest as Record<string, unknown>;
  return kept;
}

/** docs/architecture.md (the command lifecycle), for any state. `duration_ms` runs from queuing to completion. */
export function presentResult(command: CommandView): CommandResultPayload {
  const base = { correlation_id: command.correlationId, command: command.action, timeline: presentTimeline(command) };
  const { queuedAt, finishedAt = queuedAt, expiredAt = finishedAt } = command.timeline;
  const failure = command.failure ?? { code: 'unknown', message: 'unknown failure' };
  switch (command.state) {
    case 'queued':
      return { ...base, status: 'queued', message: 'Waiting for the extension to pick the command up' };
    case 'delivered':
      return { ...base, status: 'queued', message: 'Delivered to the extension; waiting for it to start' };
    case 'running':
      return { ...base, status: 'pending', message: 'Running in the browser' };
    case 'complete':
      return {
        ...base,
        status: 'complete',
        result: command.result,
        completed_at: iso(finishedAt),
        duration_ms: finishedAt - queuedAt,
      };
    case 'error':
    case 'timeout':
      return {
        ...base,
        status: command.state,
        error: failure.code,
        message: failure.message,
        ...(failure.hint === undefined ? {} : { hint: failure.hint }),
        failed_at: iso(finishedAt),
        ...(command.result === undefined ? {} : { result: command.result }),
      };
    case 'expired':
      return {
        ...base,
        status: 'expired',
        error: failure.code,
        message: failure.message,
        ...(failure.hint === undefined ? {} : { hint: failure.hint }),
        expired_at: iso(expiredAt),
      };
  }
}

export function presentPending(command: CommandView): PendingCommandPayload {
  return {
    correlation_id: command.correlationId,
    command: command.action,
    status: command.state === 'running' ? 'pending' : 'queued',
    timeline: presentTimeline(command),
  };
}

export function presentCompleted(command: CommandView): CompletedCommandPayload {
  const { queuedAt, finishedAt = queuedAt } = command.timeline;
  return {
    correlation_id: command.correlationId,
    command: command.action,
    completed_at: iso(finishedAt),
    duration_ms: finishedAt - queuedAt,
    retrieved: command.retrieved,
  };
}

export function presentFailed(command: CommandView): FailedCommandPayload {
  const { queuedAt, finishedAt = queuedAt, expiredAt = finishedAt } = command.timeline;
  return {
    correlation_id: command.correlationId,
    command: command.action,
    status: command.state as FailedCommandPayload['status'],
    error: command.failure?.code ?? 'unknown',
    // A list holds up to 100 of these: the full message is in that command's command_result.
    message: capMessage(command.failure?.message ?? ''),
    failed_at: iso(command.state === 'expired' ? expiredAt : finishedAt),
  };
}

/**
 * A running command handed to a restarted worker of the instance that claimed it: it asks the
 * page what the one run gave, and never runs it again, so only the time left of its execution
 * limit travels, not its params (an upload's bytes).
 */
export function presentResume(command: CommandView, now: number): DeliveryPayload {
  const { queuedAt, deliveredAt = queuedAt } = command.timeline;
  return {
    id: command.queryId,
    correlation_id: command.correlationId,
    type: command.action,
    params: { timeout_ms: Math.max(1, deliveredAt + command.executionLimitMs - now) },
    ...(command.tabId === undefined ? {} : { tab_id: command.tabId }),
    ...(command.defaultTabId === undefined ? {} : { default_tab_id: command.defaultTabId }),
    resume: true,
  };
}

export function presentDelivery(command: CommandView): DeliveryPayload {
  return {
    id: command.queryId,
    correlation_id: command.correlationId,
    type: command.action,
    params: { ...command.params, timeout_ms: command.executionLimitMs },
    ...(command.tabId === undefined ? {} : { tab_id: command.tabId }),
    ...(command.defaultTabId === undefined ? {} : { default_tab_id: command.defaultTabId }),
  };
}

/** Longest failure message shown in a list of failed commands (characters). */
const LIST_MESSAGE_CHARS = 300;

function capMessage(message: string): string {
  return message.length <= LIST_MESSAGE_CHARS ? message : `${message.slice(0, LIST_MESSAGE_CHARS)}…`;
}
