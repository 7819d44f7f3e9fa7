import { expect } from 'chai';
import { replayLimitMs } from '../../../../src/application/commands/QueueReplay.js';
import { MAX_PLANS, MAX_REPLAYS, ReplayPlans } from '../../../../src/application/commands/ReplayPlans.js';
import type { ReplayStep } from '../../../../src/domain/wire/replay.js';

const step = (type: ReplayStep['type']): ReplayStep => ({ id: 'a1', type, params: {} });

describe('QueueReplay: the bound of a replay and what is kept of it (docs/mcp-tools.md)', () => {
  it('bounds a replay by its steps: 1 s, 5 s a load and 3 s an element step, each plus its settle; caused steps cost nothing', () => {
    const steps = [step('navigate'), step('type'), step('click'), step('caused'), step('back')];
    expect(replayLimitMs(steps, 2_000, 60_000)).to.equal(1_000 + 2 * 7_000 + 2 * 5_000);
    expect(replayLimitMs(steps, 0, 60_000)).to.equal(1_000 + 2 * 5_000 + 2 * 3_000);
  });

  it('never asks more than the longest a command may run', () => {
    const steps = Array.from({ length: 30 }, () => step('click'));
    expect(replayLimitMs(steps, 2_000, 60_000)).to.equal(60_000);
  });

  it('keeps a plan until its result takes it, once, and at most MAX_PLANS of them', () => {
    const plans = new ReplayPlans();
    for (let i = 0; i <= MAX_PLANS; i++) plans.add(`corr-${i}`, { errors: [], logsCursor: i });
    expect(plans.take('corr-0')).to.equal(undefined); // pushed out by the newest
    expect(plans.take('corr-1')).to.deep.equal({ errors: [], logsCursor: 1 });
    expect(plans.take('corr-1')).to.equal(undefined);
    expect(plans.isReplay('corr-0')).to.equal(true); // still known as a replay
  });

  it(`remembers the last ${MAX_REPLAYS} replays as such, and nothing else`, () => {
    const plans = new ReplayPlans();
    for (let i = 0; i <= MAX_REPLAYS; i++) plans.add(`corr-${i}`, { errors: [], logsCursor: 0 });
    expect(plans.isReplay('corr-0')).to.equal(false);
    expect(plans.isReplay(`corr-${MAX_REPLAYS}`)).to.equal(true);
    expect(plans.isReplay('corr-other')).to.equal(false);
    expect(plans.isReplay(undefined)).to.equal(false);
  });
});
