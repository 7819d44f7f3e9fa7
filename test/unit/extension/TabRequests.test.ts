import { expect } from 'chai';
import { TabRequests } from '../../../extension/src/worker/TabRequests.js';

describe('TabRequests (the network layer’s count of a settling tab’s requests)', () => {
  it('counts the requests a watched tab opened since the watch began, until they end', () => {
    const requests = new TabRequests();
    const watch = requests.watch(7, 1_000);
    requests.started(7, 'r1', 999); // before the action: not its request
    requests.started(7, 'r2', 1_000);
    requests.started(7, 'r3', 1_050);
    requests.started(8, 'r4', 1_050); // another tab
    expect(watch.open()).to.equal(2);
    requests.ended(7, 'r2');
    requests.ended(7, 'r3');
    expect(watch.open()).to.equal(0);
  });

  it('records nothing for tabs nobody watches, and forgets a tab when its last watch stops', () => {
    const requests = new TabRequests();
    requests.started(7, 'early', 5_000);
    const first = requests.watch(7, 0);
    const second = requests.watch(7, 0);
    expect(first.open()).to.equal(0);
    requests.started(7, 'r1', 5_001);
    first.stop();
    first.stop();
    expect(second.open()).to.equal(1);
    second.stop();
    expect(requests.watch(7, 0).open()).to.equal(0);
  });

  it('counts the different requests it found open, for what a settle waited for', () => {
    const requests = new TabRequests();
    const watch = requests.watch(7, 1_000);
    requests.started(7, 'r1', 1_000);
    expect(watch.seen()).to.equal(0);
    watch.open();
    watch.open();
    requests.started(7, 'r2', 1_010);
    requests.ended(7, 'r1');
    watch.open();
    expect(watch.seen()).to.equal(2);
  });

  it('keeps at most 1 000 open requests per tab (the oldest go)', () => {
    const requests = new TabRequests();
    const watch = requests.watch(1, 0);
    for (let i = 0; i < 1_500; i++) requests.started(1, `r${i}`, 10 + i);
    expect(watch.open()).to.equal(1_000);
  });
});
