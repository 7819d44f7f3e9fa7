import { CommandDeadlines } from '../../src/application/commands/CommandDeadlines.js';
import { GetCommandResult } from '../../src/application/commands/GetCommandResult.js';
import { ListCommands } from '../../src/application/commands/ListCommands.js';
import { ListFailedCommands } from '../../src/application/commands/ListFailedCommands.js';
import { PollCommands } from '../../src/application/commands/PollCommands.js';
import { QueueCommand, type QueueCommandInput } from '../../src/application/commands/QueueCommand.js';
import { RecordCommandResult } from '../../src/application/commands/RecordCommandResult.js';
import { TYPES } from '../../src/application/tokens.js';
import { FakeClock } from '../../src/adapters/outbound/clock/FakeClock.js';
import { createContainer } from '../../src/composition/createContainer.js';
import type { LifecycleRules } from '../../src/domain/command/LifecycleRules.js';

/** 2026-01-01T00:00:00.000Z: every harness clock starts here. */
export const T0 = Date.UTC(2026, 0, 1);

export const EXT = { instanceId: 'inst-A', bootId: 'boot-1' } as const;

/**
 * The command lifecycle as the daemon composes it, with the fake-clock profile: real use
 * cases, real deadline timers, time moved only by `clock.tickAsync`.
 */
export function lifecycleHarness(rules: Partial<LifecycleRules> = {}) {
  const clock = new FakeClock(T0);
  const logLines: string[] = [];
  const container = createContainer({
    profile: 'fake-clock',
    fakeClock: clock,
    rules,
    logLevel: 'debug',
    logSink: { write: (line: string) => logLines.push(line) },
  });
  const queueCommand = container.get(QueueCommand);
  const pollCommands = container.get(PollCommands);
  const record = container.get(RecordCommandResult);
  const getResult = container.get(GetCommandResult);
  const list = container.get(ListCommands);
  const listFailed = container.get(ListFailedCommands);
  const deadlines = container.get(CommandDeadlines);
  deadlines.start();

  return {
    clock,
    container,
    logLines,
    deadlines,
    tracker: container.get(TYPES.CorrelationTracker),
    rules: container.get(TYPES.LifecycleRules),
    /** Queues an `execute_js` (or the given action) for `clientId`; returns the correlation id. */
    queue(clientId = 'client-1', input: Partial<QueueCommandInput> = {}): string {
      return queueCommand.execute({ clientId, action: 'execute_js', params: { script: 'return 1' }, ...input }).correlationId;
    },
    /** `claims`: the worker claims each command before it starts it, and can resume one. */
    poll(lease: { instanceId: string; bootId: string; claims?: boolean } = EXT) {
      return pollCommands.execute(lease);
    },
    report(
      correlationId: string,
      status: 'pending' | 'complete' | 'error' | 'timeout',
      extra: { result?: unknown; error?: string; message?: string; bootId?: string } = {},
    ) {
      return record.execute({ correlationId, status, ...extra });
    },
    result(correlationId: string, clientId = 'client-1') {
      return getResult.execute({ clientId, correlationId });
    },
    list(clientId = 'client-1') {
      return list.execute({ clientId });
    },
    failed(clientId = 'client-1') {
      return listFailed.execute({ clientId });
    },
    /** Moves the fake clock to `T0 + ms`. */
    async at(ms: number): Promise<void> {
      const delta = T0 + ms - clock.now();
      if (delta < 0) throw new Error(`the clock is already past T0+${ms}`);
      await clock.tickAsync(delta);
    },
    stop(): void {
      deadlines.stop();
    },
  };
}

export type LifecycleHarness = ReturnType<typeof lifecycleHarness>;
