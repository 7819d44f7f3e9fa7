import { expect } from 'chai';
import { startHarness, type Harness } from '../../support/daemonHarness.js';

describe('extension presence on the fake clock', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness({ fakeClock: true });
  });

  afterEach(async () => h.stop());

  it('counts the extension connected for 5 s after its last poll, not 5 001 ms', async () => {
    await h.extension().poll(0);
    await h.clock!.tickAsync(4_999);
    expect((await h.call('GET', '/health')).body.extension.connected).to.equal(true);
    await h.clock!.tickAsync(1);
    const extension = (await h.call('GET', '/health')).body.extension;
    expect(extension).to.deep.equal({
      connected: false,
      last_seen: '2026-01-01T00:00:00.000Z',
      instance_id: 'inst-test',
      channel: 'poll',
      since: '2026-01-01T00:00:00.000Z',
    });
  });

  it('ends a long poll when its wait elapses on the daemon clock', async () => {
    const waiting = h.extension().poll(25_000);
    let done = false;
    void waiting.then(() => (done = true));
    await h.holding(); // its wait starts on the daemon clock when the daemon holds it
    await h.clock!.tickAsync(24_999);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).to.equal(false);
    await h.clock!.tickAsync(1);
    expect(await waiting).to.deep.equal([]);
  });
});
