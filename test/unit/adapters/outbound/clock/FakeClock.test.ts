import { expect } from 'chai';
import { FakeClock } from '../../../../../src/adapters/outbound/clock/FakeClock.js';

describe('FakeClock', () => {
  it('reads the start time until ticked', () => {
    const clock = new FakeClock(1_000);
    expect(clock.now()).to.equal(1_000);
  });

  it('runs a task exactly when its delay has passed', async () => {
    const clock = new FakeClock(0);
    const ran: number[] = [];
    clock.schedule(100, () => ran.push(clock.now()));
    await clock.tickAsync(99);
    expect(ran).to.deep.equal([]);
    await clock.tickAsync(1);
    expect(ran).to.deep.equal([100]);
  });

  it('never runs a cancelled task, and cancelling twice is harmless', async () => {
    const clock = new FakeClock(0);
    let ran = false;
    const cancel = clock.schedule(10, () => (ran = true));
    cancel();
    cancel();
    await clock.tickAsync(50);
    expect(ran).to.equal(false);
    expect(clock.pendingTasks()).to.equal(0);
  });

  it('treats a negative delay as zero', () => {
    const clock = new FakeClock(0);
    let ran = false;
    clock.schedule(-5, () => (ran = true));
    clock.tick(0);
    expect(ran).to.equal(true);
  });

  it('lets promises settle between tasks with tickAsync', async () => {
    const clock = new FakeClock(0);
    const order: string[] = [];
    clock.schedule(10, () => {
      order.push('first');
      void Promise.resolve().then(() => order.push('microtask'));
    });
    clock.schedule(20, () => order.push('second'));
    await clock.tickAsync(20);
    expect(order).to.deep.equal(['first', 'microtask', 'second']);
  });

  it('leaves the real timers alone', async () => {
    new FakeClock(0).schedule(1, () => undefined);
    const before = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(Date.now()).to.be.at.least(before);
  });
});
