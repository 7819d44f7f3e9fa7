import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { DaemonRefused, type IngestAnswer } from '../../../extension/src/worker/DaemonClient.js';
import { FORWARD, Forwarder, type ForwardKind } from '../../../extension/src/worker/Forwarder.js';

function setup(
  behaviour: (kind: ForwardKind, entries: readonly object[]) => Promise<IngestAnswer> = async (_k, e) => ({
    received: e.length,
    rejected: 0,
  }),
) {
  const clock = createClock(1_000);
  const sent: Array<{ kind: ForwardKind; entries: readonly object[]; at: number }> = [];
  const forwarder = new Forwarder({
    send: async (kind, entries) => {
      sent.push({ kind, entries, at: clock.now });
      return behaviour(kind, entries);
    },
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle as number),
    now: () => clock.now,
  });
  return { clock, sent, forwarder };
}

const log = (message: string, level = 'log') => ({ level, message, source: 'console', url: 'http://localhost/', ts: 1 });

describe('extension Forwarder (worker → daemon delivery)', () => {
  it('sends what comes after a quiet spell within 5 ms, then batches for 50 ms while entries keep coming, one request per kind', async () => {
    const { clock, sent, forwarder } = setup();
    forwarder.add('logs', log('a'));
    forwarder.add('vitals', { name: 'LCP', value: 1 });
    forwarder.add('logs', log('b'));
    await clock.tickAsync(FORWARD.idleDelayMs - 1);
    expect(sent).to.have.length(0);
    await clock.tickAsync(1);
    expect(sent.map((s) => [s.kind, s.entries.length])).to.deep.equal([
      ['logs', 2],
      ['vitals', 1],
    ]);
    expect(forwarder.stats.sent).to.include({ logs: 2, vitals: 1 });
    // Busy now: the next entries wait for company.
    forwarder.add('logs', log('c'));
    forwarder.add('logs', log('d'));
    await clock.tickAsync(FORWARD.delayMs - 1);
    expect(sent).to.have.length(2);
    await clock.tickAsync(1);
    expect(sent.map((s) => [s.kind, s.entries.length])[2]).to.deep.equal(['logs', 2]);
    // Quiet again (nothing sent for 50 ms): the fast path again.
    await clock.tickAsync(FORWARD.delayMs);
    forwarder.add('logs', log('e'));
    await clock.tickAsync(FORWARD.idleDelayMs);
    expect(sent).to.have.length(4);
  });

  describe('drain (read after act)', () => {
    it('delivers everything held now without waiting for the batch delay, and waits for a send under way', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const { sent, forwarder } = setup(async (_k, e) => {
        if (sent.length === 1) await gate; // the first send is slow
        return { received: e.length, rejected: 0 };
      });
      forwarder.add('logs', log('a'), true);
      await Promise.resolve();
      for (let i = 0; i < 150; i++) forwarder.add('logs', log(`n${i}`));
      let drained = false;
      const draining = forwarder.drain().then(() => (drained = true));
      await Promise.resolve();
      expect(drained).to.equal(false);
      release();
      await draining;
      expect(sent.flatMap((s) => s.entries).length).to.equal(151);
      expect(forwarder.stats.held).to.equal(0);
    });

    it('returns at once while the daemon is unreachable (the retries keep the entries)', async () => {
      const { clock, forwarder } = setup(async () => {
        throw new Error('ECONNREFUSED');
      });
      forwarder.add('logs', log('a'));
      await forwarder.drain();
      expect(forwarder.stats.held).to.equal(1);
      await forwarder.drain();
      expect(forwarder.stats.held).to.equal(1);
      clock.reset();
    });
  });

  it('sends urgent entries at once, and a full batch of 100 without waiting', async () => {
    const { clock, sent, forwarder } = setup();
    forwarder.add('logs', log('boom', 'error'), true);
    await clock.tickAsync(0);
    expect(sent).to.have.length(1);
    for (let i = 0; i < 100; i++) forwarder.add('logs', log(`n${i}`));
    await clock.tickAsync(0);
    expect(sent).to.have.length(2);
    expect(sent[1]?.entries).to.have.length(100);
  });

  it('splits by size so no request nears the 1 MB body limit', async () => {
    const { clock, sent, forwarder } = setup();
    const big = 'x'.repeat(150_000);
    for (let i = 0; i < 5; i++) forwarder.add('network', { url: 'http://localhost/', response_body: big });
    await clock.tickAsync(FORWARD.delayMs);
    expect(sent.map((s) => s.entries.length)).to.deep.equal([2, 2, 1]);
    for (const request of sent) expect(JSON.stringify({ entries: request.entries }).length).to.be.below(1_000_000);
  });

  it('keeps entries in order and retries with backoff while the daemon is unreachable', async () => {
    let down = true;
    const { clock, sent, forwarder } = setup(async (_kind, entries) => {
      if (down) throw new TypeError('Failed to fetch');
      return { received: entries.length, rejected: 0 };
    });
    forwarder.add('logs', log('first'), true);
    await clock.tickAsync(0);
    forwarder.add('logs', log('second'));
    await clock.tickAsync(FORWARD.retryMs[0] as number);
    expect(sent).to.have.length(2);
    expect(forwarder.stats.held).to.equal(2);
    expect(forwarder.stats.lastError).to.equal('Failed to fetch');
    down = false;
    await clock.tickAsync(FORWARD.retryMs[1] as number);
    const last = sent.at(-1);
    expect(last?.entries.map((e) => (e as { message: string }).message)).to.deep.equal(['first', 'second']);
    expect(forwarder.stats.held).to.equal(0);
    expect(forwarder.stats.lastError).to.equal(undefined);
  });

  it('bounds what it holds; the oldest go and a warning entry says how many', async () => {
    const { clock, sent, forwarder } = setup();
    for (let i = 0; i < FORWARD.maxHeld + 7; i++) forwarder.add('logs', log(`n${i}`));
    expect(forwarder.stats.dropped).to.equal(7);
    expect(forwarder.stats.held).to.equal(FORWARD.maxHeld);
    await clock.tickAsync(10_000);
    const delivered = sent.flatMap((s) => s.entries) as Array<{ message: string; level: string }>;
    expect(delivered[0]).to.include({ level: 'warn' });
    expect(delivered[0]?.message).to.include('dropped the 7 oldest captured entries');
    expect(delivered[1]?.message).to.equal('n7');
    expect(delivered).to.have.length(FORWARD.maxHeld + 1);
  });

  it('does not resend what the daemon refused, and counts it', async () => {
    const { clock, sent, forwarder } = setup(async () => {
      throw new DaemonRefused(400, 'POST /logs → 400: bad');
    });
    forwarder.add('logs', log('a'), true);
    await clock.tickAsync(10_000);
    expect(sent).to.have.length(1);
    expect(forwarder.stats.rejected).to.equal(1);
    expect(forwarder.stats.held).to.equal(0);
  });

  it('counts rejected and noise-filtered entries from the answer', async () => {
    const { clock, forwarder } = setup(async () => ({ received: 1, rejected: 1, filtered: 1 }));
    for (const m of ['a', 'b', 'c']) forwarder.add('logs', log(m));
    await clock.tickAsync(FORWARD.delayMs);
    expect(forwarder.stats.sent.logs).to.equal(2);
    expect(forwarder.stats.rejected).to.equal(1);
  });

  it('posts page events one per request', async () => {
    const { clock, sent, forwarder } = setup();
    forwarder.add('page', { tab_id: 1, url: 'http://localhost/', title: '', event: 'load' }, true);
    forwarder.add('page', { tab_id: 1, url: 'http://localhost/#a', title: '', event: 'navigate' }, true);
    await clock.tickAsync(0);
    expect(sent.map((s) => s.entries.length)).to.deep.equal([1, 1]);
    expect(forwarder.stats.sent.page).to.equal(2);
  });
});
