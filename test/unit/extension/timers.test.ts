import { expect } from 'chai';
import { hookTimers, isShort, type TimerHost } from '../../../extension/src/page/hookTimers.js';
import { MAX_PENDING, ShortTimers } from '../../../extension/src/page/shortTimers.js';

/** A page's timers on a clock the test moves: numeric ids, callbacks run in order, microtasks between them. */
class FakePage {
  now = 1_000;
  private nextId = 1;
  private readonly due = new Map<number, { at: number; run: () => void; every?: number }>();

  readonly host: TimerHost = {
    setTimeout: ((fn: (...args: unknown[]) => void, ms = 0, ...args: unknown[]) => this.add(fn, ms, args)) as never,
    setInterval: ((fn: (...args: unknown[]) => void, ms = 0, ...args: unknown[]) => this.add(fn, ms, args, true)) as never,
    clearTimeout: ((id: number) => this.due.delete(id)) as never,
    clearInterval: ((id: number) => this.due.delete(id)) as never,
    queueMicrotask: (fn) => queueMicrotask(fn),
  };

  private add(fn: (...args: unknown[]) => void, ms: number, args: unknown[], repeat = false): number {
    const id = this.nextId++;
    const every = Math.max(1, ms);
    this.due.set(id, { at: this.now + ms, run: () => fn.apply(this.host, args), ...(repeat ? { every } : {}) });
    return id;
  }

  /** Runs every timer due within `ms`, in order, with the microtasks each queues, then sets the clock. */
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      const next = [...this.due].filter(([, t]) => t.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
      if (next === undefined) break;
      const [id, timer] = next;
      this.now = timer.at;
      if (timer.every === undefined) this.due.delete(id);
      else timer.at += timer.every;
      timer.run();
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.now = end;
  }
}

function hooked() {
  const page = new FakePage();
  const timers = hookTimers(() => page.now, page.host);
  return { page, timers, host: page.host };
}

describe('extension: the page’s short timers an action’s settle waits for (docs/mcp-tools.md)', () => {
  it('a debounce set by the action is pending until it runs; the looks count it once, cleared ones not at all', async () => {
    const { page, timers, host } = hooked();
    const since = page.now;
    let value = 'old';
    let debounce = 0;
    for (const typed of ['a', 'ad', 'ada']) {
      host.clearTimeout(debounce);
      debounce = host.setTimeout(() => (value = typed), 350);
    }
    expect(timers.look(since)).to.deep.equal({ pending: 1, waited: 1 });
    await page.advance(349);
    expect(timers.look(since)).to.deep.equal({ pending: 1, waited: 1 });
    await page.advance(1);
    expect(value).to.equal('ada');
    expect(timers.look(since)).to.deep.equal({ pending: 0, waited: 1 });
  });

  it('a chain the page began before the action is never the action’s, however often it re-arms', async () => {
    const { page, timers, host } = hooked();
    host.setTimeout(function tick() {
      host.setTimeout(tick, 200);
    }, 200);
    await page.advance(50);
    const since = page.now;
    for (let i = 0; i < 5; i++) {
      await page.advance(200);
      expect(timers.look(since).pending).to.equal(0);
    }
  });

  it('a timer set in a timer’s promise continuation continues its chain (an async loop that sleeps)', async () => {
    const { page, timers, host } = hooked();
    const sleep = (ms: number) => new Promise((resolve) => host.setTimeout(resolve, ms));
    let turns = 0;
    void (async () => {
      for (;;) {
        await sleep(300);
        turns++;
      }
    })();
    await page.advance(10);
    const since = page.now;
    await page.advance(1_000);
    expect(turns).to.equal(3);
    expect(timers.look(since)).to.deep.equal({ pending: 0, waited: 0 });
  });

  it('an action’s chain is the action’s to its end; a chain that never ends stays pending', async () => {
    const { page, timers, host } = hooked();
    const since = page.now;
    host.setTimeout(function again() {
      host.setTimeout(again, 50);
    }, 50);
    await page.advance(1_000);
    expect(timers.look(since).pending).to.equal(1);
    // A later action's settle does not count this one's chain.
    expect(timers.look(page.now + 1).pending).to.equal(0);
  });

  it('intervals are never waited for, nor the timers their callbacks set; long timers neither', async () => {
    const { page, timers, host } = hooked();
    const since = page.now;
    host.setInterval(() => host.setTimeout(() => undefined, 100), 50);
    host.setTimeout(() => undefined, 1_000);
    expect(timers.look(since).pending).to.equal(0);
    await page.advance(120);
    expect(timers.look(since).pending).to.equal(0);
  });

  it('a callback keeps its this, its arguments and its errors; a string of code is left to the browser', async () => {
    const { page, host } = hooked();
    const seen: unknown[] = [];
    host.setTimeout(
      function (this: unknown, a: unknown, b: unknown) {
        seen.push(this === page.host, a, b);
      },
      10,
      'a',
      2,
    );
    await page.advance(10);
    expect(seen).to.deep.equal([true, 'a', 2]);
    const id = host.setTimeout('1 + 1' as never, 10);
    expect(id).to.be.a('number');
    host.setTimeout(() => {
      throw new Error('boom');
    }, 5);
    const thrown = await page.advance(5).catch((error: Error) => error);
    expect((thrown as Error).message).to.equal('boom');
  });

  it('short means under a second as the browser reads the delay; objects are not converted', () => {
    expect([undefined, 0, 350, 999, '350', NaN, -5, 'soon'].map(isShort)).to.deep.equal(Array(8).fill(true));
    let called = 0;
    const tricky = { valueOf: () => (called++, 10) };
    expect([1_000, 5_000, '1000', tricky, null].map(isShort)).to.deep.equal(Array(5).fill(false));
    expect(called).to.equal(0);
  });

  it('ShortTimers keeps at most 1 000 pending (the oldest go) and forgets cleared timers', () => {
    const timers = new ShortTimers();
    for (let id = 1; id <= MAX_PENDING + 500; id++) timers.set(id, 5);
    expect(timers.look(0).pending).to.equal(MAX_PENDING);
    timers.end(1_500, false);
    expect(timers.look(0)).to.deep.equal({ pending: MAX_PENDING - 1, waited: MAX_PENDING - 1 });
  });
});
