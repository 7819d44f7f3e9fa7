import { expect } from 'chai';
import { CorrelationTracker } from '../../../../src/domain/command/CorrelationTracker.js';
import { DEFAULT_LIFECYCLE_RULES } from '../../../../src/domain/command/LifecycleRules.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

const LEASE = { instanceId: 'inst-A', bootId: 'boot-1' };
let n = 0;
const ids = () => ({ correlationId: `corr-0-${(++n).toString(16).padStart(8, '0')}`, queryId: `q-${n}` });

describe('CorrelationTracker: the pick waits for a person', () => {
  let tracker: CorrelationTracker;
  const enqueue = (action: string, executionLimitMs?: number) =>
    tracker.enqueue(
      { clientId: 'a', action, params: {}, ...(executionLimitMs === undefined ? {} : { executionLimitMs }) },
      ids(),
      0,
    );

  beforeEach(() => {
    tracker = new CorrelationTracker(DEFAULT_LIFECYCLE_RULES);
  });

  it('gives a pick 120 s by default and lets it ask for up to 300 s, past the 60 s of any other command', () => {
    expect(enqueue('pick').executionLimitMs).to.equal(120_000);
    expect(enqueue('pick', 300_000).executionLimitMs).to.equal(300_000);
    expect(expectDomainError(() => enqueue('pick', 300_001), 'invalid_params').message).to.match(/from 1 to 300000/);
    expect(expectDomainError(() => enqueue('execute_js', 60_001), 'invalid_params').message).to.match(/from 1 to 60000/);
    expect(enqueue('execute_js').executionLimitMs).to.equal(10_000);
  });

  it('backstops a running pick at delivery + its limit + 2 s, not before', () => {
    const id = enqueue('pick', 300_000).correlationId;
    tracker.poll(LEASE, 1_000);
    tracker.report({ correlationId: id, status: 'pending' }, 1_500);
    expect(tracker.nextDeadline()).to.equal(1_000 + 300_000 + 2_000);
    expect(tracker.advance(302_999)).to.deep.equal([]);
    expect(tracker.advance(303_000).map((change) => [change.command.correlationId, change.to])).to.deep.equal([[id, 'timeout']]);
  });
});
