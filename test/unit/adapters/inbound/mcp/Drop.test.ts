import { expect } from 'chai';
import { Drop } from '../../../../../src/adapters/inbound/mcp/bridge/Drop.js';

describe('Drop (a request the bridge may drop before its answer)', () => {
  it('runs what waits on it once, when it is dropped', () => {
    const drop = new Drop();
    let runs = 0;
    drop.whenDropped(() => runs++);
    expect(runs).to.equal(0);
    drop.drop();
    drop.drop();
    expect([drop.dropped, runs]).to.deep.equal([true, 1]);
  });

  it('runs at once what starts waiting after it was dropped (a retry after a cancel)', () => {
    const drop = new Drop();
    drop.drop();
    let runs = 0;
    drop.whenDropped(() => runs++);
    expect(runs).to.equal(1);
  });

  it('runs nothing that was forgotten (an exchange that ended first)', () => {
    const drop = new Drop();
    let runs = 0;
    const forget = drop.whenDropped(() => runs++);
    forget();
    drop.drop();
    expect(runs).to.equal(0);
  });
});
