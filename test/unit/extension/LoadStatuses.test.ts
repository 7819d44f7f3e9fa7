import { expect } from 'chai';
import { fillStatuses, KEEP_MS, LoadStatuses, MAX_FAILED, STATUS_WAIT_MS } from '../../../extension/src/worker/LoadStatuses.js';

function setup() {
  let now = 1_000;
  const timers: Array<{ fn: () => void; at: number }> = [];
  const statuses = new LoadStatuses({
    now: () => now,
    setTimeout: (fn, ms) => {
      const timer = { fn, at: now + ms };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const index = timers.indexOf(handle as (typeof timers)[number]);
      if (index !== -1) timers.splice(index, 1);
    },
  });
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.fn();
    }
  };
  return { statuses, advance, pending: () => timers.length };
}

const failedImage = (url: string) => ({ url, method: 'GET', status: 0, error: 'failed to load <img>', type: 'image' });

describe('extension: real statuses of loads the page cannot see (LoadStatuses, docs/extension.md)', () => {
  it('gives a status-0 "failed to load" entry the status the network layer saw (query values ignored: urls are redacted)', async () => {
    const { statuses } = setup();
    statuses.record(7, 'https://cdn.example/a.png?token=abc', { status: 404 });
    statuses.record(7, 'https://cdn.example/b.js', { status: 0, error: 'net::ERR_NAME_NOT_RESOLVED' });
    const batch = {
      network: [
        failedImage('https://cdn.example/a.png?token=[redacted]'),
        { ...failedImage('https://cdn.example/b.js'), error: 'failed to load <script>' },
        { url: 'https://cdn.example/a.png', status: 200, method: 'GET' },
      ],
    };
    await fillStatuses(batch, 7, statuses);
    expect(batch.network[0]).to.include({ status: 404, error: 'failed to load <img>' });
    expect(batch.network[1]).to.include({ status: 0, error: 'net::ERR_NAME_NOT_RESOLVED (failed to load <script>)' });
    expect(batch.network[2]).to.include({ status: 200 });
  });

  it('keeps both the error status and the network error that followed it (a CDN’s HTML 404 blocked by ORB)', async () => {
    const { statuses } = setup();
    statuses.record(7, 'https://cdn.example/w.js', { status: 404 });
    statuses.record(7, 'https://cdn.example/w.js', { status: 0, error: 'net::ERR_BLOCKED_BY_ORB' });
    const batch = { network: [{ ...failedImage('https://cdn.example/w.js'), error: 'failed to load <script>' }] };
    await fillStatuses(batch, 7, statuses);
    expect(batch.network[0]).to.include({ status: 404, error: 'net::ERR_BLOCKED_BY_ORB (failed to load <script>)' });
  });

  it('waits up to STATUS_WAIT_MS for the word, then leaves the entry as it is; another tab’s word is not this one’s', async () => {
    const { statuses, advance, pending } = setup();
    const late = { network: [failedImage('https://cdn.example/late.png')] };
    const filling = fillStatuses(late, 7, statuses);
    statuses.record(7, 'https://cdn.example/late.png', { status: 503 });
    await filling;
    expect(late.network[0]?.status).to.equal(503);
    expect(pending()).to.equal(0); // its timer is cleared

    const never = { network: [failedImage('https://cdn.example/never.png')] };
    statuses.record(8, 'https://cdn.example/never.png', { status: 404 });
    const waiting = fillStatuses(never, 7, statuses);
    advance(STATUS_WAIT_MS - 1);
    expect(pending()).to.equal(1);
    advance(1);
    await waiting;
    expect(never.network[0]).to.include({ status: 0, error: 'failed to load <img>' });
  });

  it('forgets a word after KEEP_MS and keeps at most MAX_FAILED, the oldest out first', async () => {
    const { statuses, advance } = setup();
    statuses.record(1, 'https://cdn.example/old.png', { status: 404 });
    advance(KEEP_MS + 1);
    const stale = statuses.outcome(1, 'https://cdn.example/old.png');
    advance(STATUS_WAIT_MS);
    expect(await stale).to.equal(undefined);

    for (let i = 0; i <= MAX_FAILED; i++) statuses.record(1, `https://cdn.example/${i}.png`, { status: 404 });
    expect(await statuses.outcome(1, `https://cdn.example/${MAX_FAILED}.png`)).to.deep.equal({ status: 404 });
    expect(await statuses.outcome(1, 'https://cdn.example/1.png')).to.deep.equal({ status: 404 });
    const evicted = statuses.outcome(1, 'https://cdn.example/0.png');
    advance(STATUS_WAIT_MS);
    expect(await evicted).to.equal(undefined);
  });

  it('ignores what is not a url and batches without network entries', async () => {
    const { statuses } = setup();
    statuses.record(1, 'not a url', { status: 404 });
    expect(await statuses.outcome(1, 'not a url')).to.equal(undefined);
    await fillStatuses(undefined, 1, statuses);
    await fillStatuses({ network: 'x' }, 1, statuses);
    await fillStatuses({ network: [null, 42, { status: 0 }] }, 1, statuses);
  });
});
