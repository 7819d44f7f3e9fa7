import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import type { Query } from '../../../extension/src/shared/commands.js';
import { POLL, PollLoop } from '../../../extension/src/worker/PollLoop.js';

/** How the fake channel behaves on its n-th opening: never opens, or stays open `ms` then closes. */
type ChannelPlan = (n: number) => { opens: false } | { opens: true; ms: number };

function setup(answer: (n: number) => Promise<Query[]>, plan?: ChannelPlan) {
  const clock = createClock(0);
  const channels: number[] = [];
  const polls: number[] = [];
  const waits: number[] = [];
  const delivered: Query[][] = [];
  const connections: number[] = [];
  let keepAlives = 0;
  const loop = new PollLoop({
    poll: (waitMs) => {
      waits.push(waitMs);
      polls.push(clock.now);
      return answer(polls.length);
    },
    keepAlive: async () => void keepAlives++,
    onQueries: (queries) => delivered.push(queries),
    onConnected: () => connections.push(clock.now),
    ...(plan === undefined
      ? {}
      : {
          channel: (signal: AbortSignal, opened: () => void) => {
            channels.push(clock.now);
            const step = plan(channels.length);
            if (!step.opens) return Promise.resolve(false);
            opened();
            if (step.ms === 0) return Promise.resolve(true);
            return new Promise<boolean>((resolve) => {
              const id = clock.setTimeout(() => resolve(true), step.ms);
              signal.addEventListener('abort', () => (clock.clearTimeout(id), resolve(true)), { once: true });
            });
          },
        }),
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        const aborted = () => (clock.clearTimeout(id), reject(new Error('aborted')));
        const id = clock.setTimeout(() => (signal.removeEventListener('abort', aborted), resolve()), ms);
        signal.addEventListener('abort', aborted, { once: true });
      }),
    now: () => clock.now,
  });
  return { clock, polls, waits, delivered, connections, channels, loop, keepAlives: () => keepAlives };
}

const q: Query = { id: 'q-1', correlation_id: 'corr-1-aaaaaaaa', type: 'execute_js', params: {} };

describe('extension PollLoop (long poll with backoff)', () => {
  it('polls back to back, hands commands over, and calls an extension API every round', async () => {
    const { clock, polls, waits, delivered, loop, keepAlives } = setup(async (n) =>
      n === 2 ? [q] : n > 3 ? new Promise(() => undefined) : [],
    );
    loop.start();
    await clock.tickAsync(0);
    expect(polls).to.deep.equal([0, 0, 0, 0]);
    expect(waits).to.deep.equal([0, POLL.waitMs, POLL.waitMs, POLL.waitMs]); // the first one announces at once
    expect(delivered).to.deep.equal([[q]]);
    expect(keepAlives()).to.equal(4);
    expect(loop.status.connected).to.equal(true);
    loop.stop();
  });

  it('backs off 100, 250, then 500 ms while the daemon is down, and 1 s after a minute (never longer: docs/install.md)', async () => {
    const { clock, polls, loop } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    loop.start();
    await clock.tickAsync(2_000);
    expect(polls.slice(0, 5)).to.deep.equal([0, 100, 350, 850, 1_350]);
    expect(loop.status).to.include({ connected: false, lastError: 'Failed to fetch', failingSince: 0 });
    await clock.tickAsync(70_000);
    const gaps = polls.slice(-3).map((at, i, all) => (i === 0 ? 0 : at - (all[i - 1] as number)));
    expect(gaps.slice(1)).to.deep.equal([1_000, 1_000]);
    loop.stop();
  });

  it('knows within one backoff step that the daemon is back, then holds long polls again', async () => {
    let up = false;
    const { clock, polls, waits, loop } = setup(async (_n) => {
      if (!up) throw new TypeError('Failed to fetch');
      return waits.at(-1) === 0 ? [] : new Promise<Query[]>(() => undefined);
    });
    loop.start();
    await clock.tickAsync(1_000);
    up = true;
    await clock.tickAsync(500);
    expect(loop.status.connected).to.equal(true);
    expect(loop.status.failingSince).to.equal(undefined);
    expect(polls.at(-1)).to.be.at.most(1_500);
    expect(waits.slice(-2)).to.deep.equal([0, POLL.waitMs]);
    loop.stop();
  });

  it('says it is connected on the first poll that succeeds and again after each outage, not on every poll', async () => {
    let up = true;
    const { clock, connections, loop } = setup(async () => {
      if (!up) throw new TypeError('Failed to fetch');
      return new Promise<Query[]>((resolve) => clock.setTimeout(() => resolve([]), 1_000));
    });
    loop.start();
    await clock.tickAsync(3_500);
    expect(connections).to.deep.equal([1_000]);
    up = false;
    await clock.tickAsync(2_000);
    up = true;
    await clock.tickAsync(3_000);
    expect(connections).to.have.length(2);
    loop.stop();
  });

  it('restart drops the poll in flight and starts a new one', async () => {
    const { clock, polls, loop } = setup(() => new Promise<Query[]>(() => undefined));
    loop.start();
    await clock.tickAsync(0);
    loop.restart();
    await clock.tickAsync(0);
    expect(polls).to.have.length(2);
    expect(loop.isRunning).to.equal(true);
    loop.stop();
    expect(loop.isRunning).to.equal(false);
  });

  it('serves the channel while it is open, with no HTTP poll, and opens the next at once when it closes', async () => {
    const { clock, polls, channels, connections, loop } = setup(
      () => new Promise<Query[]>(() => undefined),
      () => ({ opens: true, ms: 60_000 }),
    );
    loop.start();
    await clock.tickAsync(150_000);
    expect(channels).to.deep.equal([0, 60_000, 120_000]);
    expect(polls).to.deep.equal([]);
    expect(loop.status.connected).to.equal(true);
    // Each new channel may be a new daemon's: it is told the tracked tabs again.
    expect(connections).to.deep.equal([0, 60_000, 120_000]);
    loop.stop();
  });

  it('polls over HTTP when the daemon serves no channel (an older one), trying the channel again after each poll', async () => {
    const { clock, polls, waits, channels, loop } = setup(
      (n) =>
        n === 1 ? Promise.resolve([]) : new Promise<Query[]>((resolve) => clock.setTimeout(() => resolve([]), POLL.waitMs)),
      () => ({ opens: false }),
    );
    loop.start();
    await clock.tickAsync(POLL.waitMs * 2 - 1);
    expect(waits).to.deep.equal([0, POLL.waitMs, POLL.waitMs]);
    expect(channels).to.deep.equal([0, 0, POLL.waitMs]);
    expect(polls).to.deep.equal([0, 0, POLL.waitMs]);
    loop.stop();
  });

  it('backs off after a channel that closes as soon as it opens (no hot loop)', async () => {
    const { clock, channels, loop } = setup(
      () => new Promise<Query[]>(() => undefined),
      () => ({ opens: true, ms: 0 }),
    );
    loop.start();
    await clock.tickAsync(2_000);
    expect(channels.slice(0, 5)).to.deep.equal([0, 100, 350, 850, 1_350]);
    loop.stop();
  });

  it('stop closes the channel it serves', async () => {
    const { clock, channels, loop } = setup(
      () => new Promise<Query[]>(() => undefined),
      () => ({ opens: true, ms: 60_000 }),
    );
    loop.start();
    await clock.tickAsync(1_000);
    loop.stop();
    await clock.tickAsync(120_000);
    expect(channels).to.deep.equal([0]);
  });
});
