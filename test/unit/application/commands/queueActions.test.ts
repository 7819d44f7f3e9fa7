import { expect } from 'chai';
import { CommandDeadlines } from '../../../../src/application/commands/CommandDeadlines.js';
import { QueueCommand } from '../../../../src/application/commands/QueueCommand.js';
import { ClientTabs } from '../../../../src/application/shared/ClientTabs.js';
import { Waiters } from '../../../../src/application/shared/Waiters.js';
import { FakeClock } from '../../../../src/adapters/outbound/clock/FakeClock.js';
import { CorrelationTracker } from '../../../../src/domain/command/CorrelationTracker.js';
import { DEFAULT_LIFECYCLE_RULES } from '../../../../src/domain/command/LifecycleRules.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('QueueCommand and the action table', () => {
  function build() {
    const clock = new FakeClock(0);
    const tracker = new CorrelationTracker(DEFAULT_LIFECYCLE_RULES);
    const waiters = new Waiters(clock);
    let n = 0;
    const ids = { correlationId: () => `corr-1-${String(++n).padStart(8, '0')}`, queryId: () => `q-${n}` };
    return {
      tracker,
      queue: new QueueCommand(
        tracker,
        clock,
        ids,
        new CommandDeadlines(tracker, clock, silent, 5_000, waiters),
        waiters,
        new ClientTabs(),
      ),
    };
  }

  it('queues an action the table offers agents', () => {
    const { queue } = build();
    expect(queue.execute({ clientId: 'c', action: 'press_key', params: { key: 'Enter' } }).action).to.equal('press_key');
  });

  it('refuses, queueing nothing, an action that is not in the table or that only a replay runs', () => {
    const { queue, tracker } = build();
    for (const action of ['teleport', 'select_values', '__proto__']) {
      expect(expectDomainError(() => queue.execute({ clientId: 'c', action, params: {} }), 'unknown_action').message).to.include(
        'is not an action agents may queue',
      );
    }
    expect(tracker.totals().inFlight).to.equal(0);
  });
});
