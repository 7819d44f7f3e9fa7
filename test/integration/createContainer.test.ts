import { expect } from 'chai';
import type { Newable } from 'inversify';
import { CommandDeadlines } from '../../src/application/commands/CommandDeadlines.js';
import { GetCommandResult } from '../../src/application/commands/GetCommandResult.js';
import { ListCommands } from '../../src/application/commands/ListCommands.js';
import { ListFailedCommands } from '../../src/application/commands/ListFailedCommands.js';
import { PollCommands } from '../../src/application/commands/PollCommands.js';
import { QueueCommand } from '../../src/application/commands/QueueCommand.js';
import { RecordCommandResult } from '../../src/application/commands/RecordCommandResult.js';
import { TYPES } from '../../src/application/tokens.js';
import { FakeClock } from '../../src/adapters/outbound/clock/FakeClock.js';
import { SystemClock } from '../../src/adapters/outbound/clock/SystemClock.js';
import { createContainer } from '../../src/composition/createContainer.js';
import { DEFAULT_LIFECYCLE_RULES } from '../../src/domain/command/LifecycleRules.js';

const quiet = { logLevel: 'silent' as const };

describe('composition root', () => {
  it('builds every use case with the system profile, sharing one tracker', () => {
    const container = createContainer(quiet);
    const classes: Array<Newable<object>> = [
      QueueCommand,
      PollCommands,
      RecordCommandResult,
      GetCommandResult,
      ListCommands,
      ListFailedCommands,
      CommandDeadlines,
    ];
    for (const useCase of classes) expect(container.get(useCase)).to.be.instanceOf(useCase);
    expect(container.get(TYPES.ClockPort)).to.be.instanceOf(SystemClock);
    expect(container.get(TYPES.CorrelationTracker)).to.equal(container.get(TYPES.CorrelationTracker));
    expect(container.get(QueueCommand)).to.equal(container.get(QueueCommand));
  });

  it('uses docs/architecture.md (the command lifecycle) defaults unless told otherwise', () => {
    expect(createContainer(quiet).get(TYPES.LifecycleRules)).to.deep.equal(DEFAULT_LIFECYCLE_RULES);
    const custom = createContainer({ ...quiet, rules: { ackTimeoutMs: 1_500 } }).get(TYPES.LifecycleRules);
    expect(custom).to.include({ ackTimeoutMs: 1_500, pickupTimeoutMs: 30_000 });
  });

  it('refuses the fake-clock profile without its FakeClock (the daemon never loads the fake-timers library)', () => {
    expect(() => createContainer({ ...quiet, profile: 'fake-clock' })).to.throw(/needs the FakeClock/);
  });

  it('plugs the given FakeClock in with the fake-clock profile, and time obeys it', async () => {
    const clock = new FakeClock(1_000);
    const container = createContainer({ ...quiet, profile: 'fake-clock', fakeClock: clock });
    expect(container.get(TYPES.ClockPort)).to.equal(clock);
    const { correlationId } = container.get(QueueCommand).execute({ clientId: 'c', action: 'refresh', params: {} });
    await clock.tickAsync(30_000);
    expect(container.get(GetCommandResult).execute({ clientId: 'c', correlationId }).status).to.equal('expired');
  });

  it('logs lifecycle changes through the logger port, never to stdout', async () => {
    const lines: string[] = [];
    const clock = new FakeClock(0);
    const container = createContainer({
      profile: 'fake-clock',
      fakeClock: clock,
      logLevel: 'info',
      logSink: { write: (l: string) => lines.push(l) },
    });
    container.get(QueueCommand).execute({ clientId: 'c', action: 'refresh', params: {} });
    await clock.tickAsync(30_000);
    expect(lines.map((l) => JSON.parse(l))).to.have.length(1);
    expect(JSON.parse(lines[0] as string)).to.include({ level: 'info', action: 'refresh', reason: 'extension_not_connected' });
  });
});
