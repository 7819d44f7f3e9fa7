import { expect } from 'chai';
import { AgentInput } from '../../../extension/src/page/AgentInput.js';

describe('AgentInput: the agent’s input ends LCP and excuses shifts as a person’s would', () => {
  let now = 0;
  const input = () => new AgentInput(() => now);
  const untrusted = { isTrusted: false };

  beforeEach(() => {
    now = 1_000;
  });

  it('counts every LCP candidate and shift while the agent has given no input', () => {
    const agent = input();
    expect(agent.lcpCounts(5_000)).to.equal(true);
    expect(agent.shiftCounts(5_000)).to.equal(true);
  });

  it('ends LCP at the agent’s first input: candidates painted before it count, at or after it do not', () => {
    const agent = input();
    agent.order({ acting: 'start', for_ms: 10_000 });
    now = 1_200;
    agent.seen(untrusted);
    expect(agent.lcpCounts(1_199)).to.equal(true);
    expect(agent.lcpCounts(1_200)).to.equal(false);
    now = 9_000;
    agent.seen(untrusted);
    expect(agent.lcpCounts(1_199), 'a later input does not move the end').to.equal(true);
  });

  it('leaves out shifts from the input to 500 ms after it, and counts the one just past', () => {
    const agent = input();
    agent.order({ acting: 'start', for_ms: 10_000 });
    now = 2_000;
    agent.seen(untrusted);
    expect(agent.shiftCounts(1_999)).to.equal(true);
    expect(agent.shiftCounts(2_000)).to.equal(false);
    expect(agent.shiftCounts(2_500)).to.equal(false);
    expect(agent.shiftCounts(2_501)).to.equal(true);
  });

  it('each keystroke of a typed text opens its own 500 ms', () => {
    const agent = input();
    agent.order({ acting: 'start', for_ms: 10_000 });
    for (now = 2_000; now <= 2_300; now += 100) agent.seen(untrusted);
    now = 4_000;
    agent.seen(untrusted);
    expect(agent.shiftCounts(2_800)).to.equal(false);
    expect(agent.shiftCounts(2_801)).to.equal(true);
    expect(agent.shiftCounts(4_100)).to.equal(false);
  });

  it('ignores trusted input (Chrome handles a person’s) and the page’s own synthetic events while no command acts', () => {
    const agent = input();
    agent.seen(untrusted);
    agent.order({ acting: 'start', for_ms: 10_000 });
    agent.seen({ isTrusted: true });
    agent.order({ acting: 'end', for_ms: 2_000 });
    now = 1_100;
    agent.seen(untrusted);
    expect(agent.lcpCounts(5_000)).to.equal(true);
    expect(agent.shiftCounts(1_100)).to.equal(true);
  });

  it('stops taking input as the agent’s when a command that never ended has had its time', () => {
    const agent = input();
    agent.order({ acting: 'start', for_ms: 3_000 });
    now = 4_001;
    agent.seen(untrusted);
    expect(agent.lcpCounts(5_000)).to.equal(true);
    agent.order({ acting: 'start', for_ms: 1_000 });
    agent.seen(untrusted);
    expect(agent.lcpCounts(5_000), 'a new command counts again').to.equal(false);
  });

  it('remembers a bounded number of input windows: the oldest go first', () => {
    const agent = input();
    agent.order({ acting: 'start', for_ms: 100_000 });
    for (let i = 0; i < 65; i++) {
      now = 2_000 + i * 1_000;
      agent.seen(untrusted);
    }
    expect(agent.shiftCounts(2_100), 'the 65th window pushed out the first').to.equal(true);
    expect(agent.shiftCounts(3_100)).to.equal(false);
    expect(agent.lcpCounts(2_000)).to.equal(false);
  });
});
