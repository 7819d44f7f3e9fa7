import { expect } from 'chai';
import { CommandDeadlines } from '../../../../src/application/commands/CommandDeadlines.js';
import { QueueCommand } from '../../../../src/application/commands/QueueCommand.js';
import type { IdGeneratorPort } from '../../../../src/application/ports/IdGeneratorPort.js';
import { Waiters } from '../../../../src/application/shared/Waiters.js';
import { ClientTabs } from '../../../../src/application/shared/ClientTabs.js';
import { FakeClock } from '../../../../src/adapters/outbound/clock/FakeClock.js';
import { CorrelationTracker } from '../../../../src/domain/command/CorrelationTracker.js';
import { DEFAULT_LIFECYCLE_RULES } from '../../../../src/domain/command/LifecycleRules.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** Hands out the given correlation ids in order. */
function scriptedIds(...correlationIds: string[]): IdGeneratorPort {
  let q = 0;
  return { correlationId: () => correlationIds.shift() ?? 'corr-exhausted', queryId: () => `q-${++q}` };
}

describe('QueueCommand', () => {
  it('sends a command without tab_id to the tab this client last acted on, and one with tab_id where it says', () => {
    const { queue, tabs } = build(scriptedIds('corr-1-aaaaaaaa', 'corr-1-bbbbbbbb', 'corr-1-cccccccc'));
    expect(queue.execute({ clientId: 'c', action: 'refresh', params: {} }).defaultTabId).to.equal(undefined);
    tabs.set('c', 12);
    const next = queue.execute({ clientId: 'c', action: 'refresh', params: {} });
    expect([next.tabId, next.defaultTabId]).to.deep.equal([undefined, 12]);
    const explicit = queue.execute({ clientId: 'c', action: 'refresh', params: {}, tabId: 3 });
    expect([explicit.tabId, explicit.defaultTabId]).to.deep.equal([3, undefined]);
  });

  function build(ids: IdGeneratorPort) {
    const clock = new FakeClock(0);
    const tracker = new CorrelationTracker(DEFAULT_LIFECYCLE_RULES);
    const waiters = new Waiters(clock);
    const deadlines = new CommandDeadlines(tracker, clock, silent, 5_000, waiters);
    const tabs = new ClientTabs();
    return { clock, tracker, tabs, queue: new QueueCommand(tracker, clock, ids, deadlines, waiters, tabs) };
  }

  const input = { clientId: 'c', action: 'refresh', params: {} };

  it('draws another id when the random one is already in use', () => {
    const { queue } = build(scriptedIds('corr-0-aaaaaaaa', 'corr-0-aaaaaaaa', 'corr-0-bbbbbbbb'));
    expect(queue.execute(input).correlationId).to.equal('corr-0-aaaaaaaa');
    expect(queue.execute(input).correlationId).to.equal('corr-0-bbbbbbbb');
  });

  it('gives up with internal_error after three collisions, queuing nothing', () => {
    const { queue, tracker } = build(scriptedIds('corr-0-a', 'corr-0-a', 'corr-0-a', 'corr-0-a'));
    queue.execute(input);
    expectDomainError(() => queue.execute(input), 'internal_error');
    expect(tracker.totals().inFlight).to.equal(1);
  });

  it('arms the deadline timer for the new command', async () => {
    const { queue, clock, tracker } = build(scriptedIds('corr-0-cccccccc'));
    queue.execute(input);
    expect(clock.pendingTasks()).to.equal(1);
    await clock.tickAsync(30_000);
    expect(tracker.retrieve('c', 'corr-0-cccccccc').state).to.equal('expired');
  });

  it('passes tab_id and timeout_ms through to the command', () => {
    const { queue } = build(scriptedIds('corr-0-dddddddd'));
    const command = queue.execute({ ...input, tabId: 12, timeoutMs: 2_500 });
    expect(command).to.include({ tabId: 12, executionLimitMs: 2_500 });
  });
});
