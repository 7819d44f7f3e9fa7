import { expect } from 'chai';
import { Waiters } from '../../../../src/application/shared/Waiters.js';
import { FakeClock } from '../../../../src/adapters/outbound/clock/FakeClock.js';

describe('Waiters', () => {
  let clock: FakeClock;
  let waiters: Waiters;

  beforeEach(() => {
    clock = new FakeClock(0);
    waiters = new Waiters(clock);
  });

  it('wakes every wait on a key, and only that key', async () => {
    const a = waiters.wait('a', 1_000);
    const a2 = waiters.wait('a', 1_000);
    const b = waiters.wait('b', 1_000);
    waiters.notify('a');
    expect(await Promise.all([a, a2])).to.deep.equal(['notified', 'notified']);
    expect(waiters.size).to.equal(1);
    await clock.tickAsync(1_000);
    expect(await b).to.equal('timeout');
  });

  it('times out exactly at the wait, on the clock port', async () => {
    let outcome: string | undefined;
    void waiters.wait('k', 500).then((o) => (outcome = o));
    await clock.tickAsync(499);
    expect(outcome).to.equal(undefined);
    await clock.tickAsync(1);
    expect(outcome).to.equal('timeout');
  });

  it('ends a wait when its signal aborts, and at once if already aborted', async () => {
    const controller = new AbortController();
    const waiting = waiters.wait('k', 10_000, controller.signal);
    controller.abort();
    expect(await waiting).to.equal('aborted');
    expect(await waiters.wait('k', 10_000, controller.signal)).to.equal('aborted');
  });

  it('leaves no timer or listener behind', async () => {
    const controller = new AbortController();
    const waiting = waiters.wait('k', 10_000, controller.signal);
    waiters.notify('k');
    await waiting;
    expect(clock.pendingTasks()).to.equal(0);
    expect(waiters.size).to.equal(0);
  });

  it('closes every wait at shutdown, and later waits end at once', async () => {
    const waiting = waiters.wait('k', 10_000);
    waiters.closeAll();
    expect(await waiting).to.equal('closed');
    expect(await waiters.wait('k', 10_000)).to.equal('closed');
  });
});
