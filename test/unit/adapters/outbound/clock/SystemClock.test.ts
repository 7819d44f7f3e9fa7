import { expect } from 'chai';
import { SystemClock } from '../../../../../src/adapters/outbound/clock/SystemClock.js';

describe('SystemClock', () => {
  const clock = new SystemClock();

  it('reads the wall clock in epoch ms', () => {
    const before = Date.now();
    const now = clock.now();
    expect(now).to.be.within(before, Date.now());
  });

  it('runs a scheduled task after its delay', async () => {
    const started = Date.now();
    const ranAt = await new Promise<number>((resolve) => clock.schedule(20, () => resolve(Date.now())));
    expect(ranAt - started).to.be.at.least(19);
  });

  it('does not run a cancelled task', async () => {
    let ran = false;
    const cancel = clock.schedule(5, () => (ran = true));
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).to.equal(false);
  });
});
