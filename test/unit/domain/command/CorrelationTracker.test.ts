import { expect } from 'chai';
import { CorrelationTracker } from '../../../../src/domain/command/CorrelationTracker.js';
import { DEFAULT_LIFECYCLE_RULES } from '../../../../src/domain/command/LifecycleRules.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

const LEASE = { instanceId: 'inst-A', bootId: 'boot-1' };
let n = 0;
const ids = () => ({ correlationId: `corr-0-${(++n).toString(16).padStart(8, '0')}`, queryId: `q-${n}` });

describe('CorrelationTracker (domain, explicit time)', () => {
  let tracker: CorrelationTracker;
  const enqueue = (clientId: string, now = 0, action = 'execute_js') =>
    tracker.enqueue({ clientId, action, params: {} }, ids(), now).correlationId;

  beforeEach(() => {
    tracker = new CorrelationTracker(DEFAULT_LIFECYCLE_RULES);
  });

  it('delivers queued commands of every client, oldest first, each once', () => {
    const a = enqueue('a', 1);
    const b = enqueue('b', 2);
    const a2 = enqueue('a', 3);
    expect(tracker.poll(LEASE, 4).deliveries.map((c) => c.correlationId)).to.deep.equal([a, b, a2]);
    expect(tracker.poll(LEASE, 5).deliveries).to.deep.equal([]);
  });

  it('hands out at most maxDeliveryWeight of params per poll (always one), the rest at the next poll', () => {
    tracker = new CorrelationTracker({ ...DEFAULT_LIFECYCLE_RULES, maxDeliveryWeight: 100 });
    const heavy = (weight: number) =>
      tracker.enqueue({ clientId: 'a', action: 'upload', params: {}, weight }, ids(), 0).correlationId;
    const [a, b, c, d] = [heavy(60), heavy(40), heavy(250), heavy(10)];
    expect(tracker.poll(LEASE, 1).deliveries.map((x) => x.correlationId)).to.deep.equal([a, b]);
    expect(tracker.poll(LEASE, 2).deliveries.map((x) => x.correlationId)).to.deep.equal([c]);
    expect(tracker.poll(LEASE, 3).deliveries.map((x) => x.correlationId)).to.deep.equal([d]);
  });

  it('puts re-deliveries before newly queued commands', () => {
    const old = enqueue('a', 1);
    tracker.poll(LEASE, 2);
    const fresh = enqueue('a', 3);
    const { deliveries } = tracker.poll({ instanceId: 'inst-A', bootId: 'boot-2' }, 4);
    expect(deliveries.map((c) => c.correlationId)).to.deep.equal([old, fresh]);
  });

  it('never delivers a command again to a worker its instance replaced: boots A → B → A (A got it twice)', () => {
    const id = enqueue('a', 1);
    expect(tracker.poll({ instanceId: 'inst-A', bootId: 'A' }, 2).deliveries.map((c) => c.correlationId)).to.deep.equal([id]);
    expect(tracker.poll({ instanceId: 'inst-A', bootId: 'B' }, 3).deliveries.map((c) => c.correlationId)).to.deep.equal([id]);
    enqueue('a', 4);
    expect(tracker.poll({ instanceId: 'inst-A', bootId: 'A' }, 5).deliveries).to.deep.equal([]);
    expect(tracker.retrieve('a', id).timeline.attempts).to.equal(2);
    expect(tracker.poll({ instanceId: 'inst-A', bootId: 'B' }, 6).deliveries).to.have.length(1);
  });

  it('reports every change it makes on its own, with from and to', () => {
    const id = enqueue('a', 0);
    tracker.poll(LEASE, 0);
    tracker.report({ correlationId: id, status: 'complete', result: 1 }, 10);
    const changes = tracker.advance(60_010);
    expect(changes.map(({ command, from, to }) => [command.correlationId, from, to])).to.deep.equal([
      [id, 'complete', 'expired'],
    ]);
  });

  it('reports a retrieved result as deleted at its TTL', () => {
    const id = enqueue('a', 0);
    tracker.poll(LEASE, 0);
    tracker.report({ correlationId: id, status: 'complete' }, 0);
    tracker.retrieve('a', id);
    expect(tracker.advance(60_000).map((c) => c.to)).to.deep.equal(['deleted']);
    expect(tracker.has(id)).to.equal(false);
  });

  it('marks a command retrieved only once it is final', () => {
    const id = enqueue('a', 0);
    expect(tracker.retrieve('a', id).retrieved).to.equal(false);
    tracker.poll(LEASE, 0);
    tracker.report({ correlationId: id, status: 'error', error: 'x' }, 1);
    expect(tracker.retrieve('a', id).retrieved).to.equal(true);
  });

  it('never shows a client another client’s command', () => {
    const mine = enqueue('a');
    enqueue('b');
    expectDomainError(() => tracker.retrieve('b', mine), 'unknown_correlation_id');
    expect(tracker.list('b').inFlight.every((c) => c.clientId === 'b')).to.equal(true);
    expect(tracker.list('nobody')).to.deep.equal({ inFlight: [], completed: [], failed: [] });
  });

  it('refuses a duplicate correlation id and an empty client id', () => {
    tracker.enqueue({ clientId: 'a', action: 'refresh', params: {} }, { correlationId: 'corr-1', queryId: 'q-1' }, 0);
    expectDomainError(
      () => tracker.enqueue({ clientId: 'a', action: 'refresh', params: {} }, { correlationId: 'corr-1', queryId: 'q-2' }, 0),
      'duplicate_correlation_id',
    );
    expectDomainError(() => enqueue(''), 'invalid_params');
  });

  it('forgets a departed client: its commands are no longer delivered or known', () => {
    const gone = enqueue('a');
    const kept = enqueue('b');
    expect(tracker.removeClient('a')).to.equal(1);
    expect(tracker.removeClient('a')).to.equal(0);
    expect(tracker.poll(LEASE, 1).deliveries.map((c) => c.correlationId)).to.deep.equal([kept]);
    expect(tracker.report({ correlationId: gone, status: 'complete' }, 2).answer).to.deep.equal({
      accepted: false,
      reason: 'unknown_correlation_id',
    });
    expect(tracker.nextDeadline()).to.equal(1 + 3_000);
  });

  it('totals commands over all clients', () => {
    enqueue('a');
    const done = enqueue('b');
    tracker.poll(LEASE, 0);
    tracker.report({ correlationId: done, status: 'complete' }, 1);
    expect(tracker.totals()).to.deep.equal({ clients: 2, inFlight: 1, completed: 1, failed: 0 });
  });

  it('drops an empty client ledger once its last retrieved result is deleted', () => {
    const id = enqueue('a', 0);
    tracker.poll(LEASE, 0);
    tracker.report({ correlationId: id, status: 'complete' }, 0);
    tracker.retrieve('a', id);
    tracker.advance(60_000);
    expect(tracker.totals().clients).to.equal(0);
  });

  it('keeps a command it handed out when a different extension instance polls', () => {
    const id = enqueue('a', 0);
    tracker.poll(LEASE, 0);
    expect(tracker.poll({ instanceId: 'inst-B', bootId: 'x' }, 1).deliveries).to.deep.equal([]);
    expect(tracker.retrieve('a', id).lease).to.deep.equal(LEASE);
  });
});
