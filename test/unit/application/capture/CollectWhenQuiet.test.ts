import { expect } from 'chai';
import { COLLECT_AFTER_ENTRIES, CollectWhenQuiet, QUIET_MS } from '../../../../src/application/capture/CollectWhenQuiet.js';
import { FakeClock } from '../../../../src/adapters/outbound/clock/FakeClock.js';

describe('CollectWhenQuiet', () => {
  let clock: FakeClock;
  let collections: number[];
  let collector: CollectWhenQuiet;

  beforeEach(() => {
    clock = new FakeClock();
    collections = [];
    collector = new CollectWhenQuiet(clock, { collect: () => (collections.push(clock.now()), true) });
  });

  it(`collects once ${QUIET_MS} ms after the last of a burst of ${COLLECT_AFTER_ENTRIES} entries, not before`, async () => {
    const start = clock.now();
    for (let i = 0; i < COLLECT_AFTER_ENTRIES / 100; i++) {
      collector.noteStored(100);
      await clock.tickAsync(10);
    }
    const lastAt = clock.now() - 10;
    await clock.tickAsync(QUIET_MS - 11);
    expect(collections).to.deep.equal([]);
    await clock.tickAsync(1);
    expect(collections).to.deep.equal([lastAt + QUIET_MS]);
    expect(lastAt - start).to.be.greaterThan(QUIET_MS);
    await clock.tickAsync(10 * QUIET_MS);
    expect(collections).to.have.length(1);
    expect(clock.pendingTasks()).to.equal(0);
  });

  it('never collects while ingest goes on, however long, and collects when it stops', async () => {
    for (let i = 0; i < 500; i++) {
      collector.noteStored(100);
      await clock.tickAsync(QUIET_MS - 1);
    }
    expect(collections).to.deep.equal([]);
    await clock.tickAsync(1);
    expect(collections).to.have.length(1);
  });

  it(`does nothing for fewer than ${COLLECT_AFTER_ENTRIES} entries since the last collection`, async () => {
    collector.noteStored(COLLECT_AFTER_ENTRIES - 1);
    collector.noteStored(0);
    await clock.tickAsync(10 * QUIET_MS);
    expect(collections).to.deep.equal([]);
    expect(clock.pendingTasks()).to.equal(0);
    collector.noteStored(1);
    await clock.tickAsync(QUIET_MS);
    expect(collections).to.have.length(1);
    collector.noteStored(COLLECT_AFTER_ENTRIES - 1);
    await clock.tickAsync(10 * QUIET_MS);
    expect(collections).to.have.length(1);
  });

  it('stop() cancels a collection still to come', async () => {
    collector.noteStored(COLLECT_AFTER_ENTRIES);
    collector.stop();
    await clock.tickAsync(10 * QUIET_MS);
    expect(collections).to.deep.equal([]);
    expect(clock.pendingTasks()).to.equal(0);
  });
});
