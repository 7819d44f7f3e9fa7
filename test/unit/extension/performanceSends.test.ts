import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { PERFORMANCE_SEND, observePerformance } from '../../../extension/src/page/performance.js';
import type { PageBus } from '../../../extension/src/page/PageBus.js';

type Listener = () => void;

/**
 * observePerformance in a stand-in page: the top window, a PerformanceObserver whose entries the
 * test hands out by type, and a bus that keeps what is sent (the suite puts the globals back).
 */
function stage() {
  const clock = createClock(0);
  const observers = new Map<string, (list: { getEntries(): unknown[] }) => void>();
  const listeners = new Map<string, Listener>();
  const sent: Array<{ frame_count: number; frames: Array<{ duration_ms: number }>; urgent: boolean; at: number }> = [];
  const global = globalThis as Record<string, unknown>;
  global.window = { top: undefined };
  (global.window as { top: unknown }).top = global.window;
  global.document = { addEventListener: (type: string, fn: Listener) => listeners.set(type, fn) };
  global.location = { href: 'http://localhost:5173/shop' };
  global.addEventListener = (type: string, fn: Listener) => listeners.set(type, fn);
  global.PerformanceObserver = class {
    constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
    observe(options: { type: string }): void {
      observers.set(options.type, this.callback);
    }
  };
  const bus = {
    add: (_kind: string, entry: { frame_count: number; frames: Array<{ duration_ms: number }> }, urgent = false) =>
      sent.push({ ...entry, urgent, at: clock.now }),
  } as unknown as PageBus;
  observePerformance(bus, { setTimeout: (fn, ms) => clock.setTimeout(fn, ms), now: () => clock.now });
  const frame = (duration: number) =>
    observers.get('long-animation-frame')?.({
      getEntries: () => [{ startTime: clock.now, duration, blockingDuration: duration - 50, scripts: [] }],
    });
  return { clock, sent, frame };
}

const PAGE_GLOBALS = ['window', 'document', 'location', 'addEventListener', 'PerformanceObserver'];

describe('extension: when the page’s performance record is sent (page/performance.ts)', () => {
  let saved: Record<string, unknown> = {};
  beforeEach(() => {
    const global = globalThis as Record<string, unknown>;
    saved = Object.fromEntries(PAGE_GLOBALS.map((key) => [key, global[key]]));
  });
  afterEach(() => {
    const global = globalThis as Record<string, unknown>;
    for (const key of PAGE_GLOBALS) {
      if (saved[key] === undefined) delete global[key];
      else global[key] = saved[key];
    }
  });

  it('sends a new longest frame 50 ms after it, and a frame that only adds to the count much later, once', () => {
    const { clock, sent, frame } = stage();
    for (const duration of [300, 290, 280, 270, 260]) frame(duration);
    clock.tick(PERFORMANCE_SEND.frameMs);
    expect(sent.map((s) => [s.at, s.frame_count])).to.deep.equal([[PERFORMANCE_SEND.frameMs, 5]]);

    // A page full of frames no longer than the kept ones: counted, sent once after countedMs.
    for (let i = 0; i < 100; i++) {
      frame(100);
      clock.tick(80);
    }
    const counted = sent.slice(1);
    expect(counted.length).to.be.at.most(Math.ceil((100 * 80) / PERFORMANCE_SEND.countedMs));
    clock.tick(PERFORMANCE_SEND.countedMs);
    expect(sent.at(-1)?.frame_count).to.equal(105);

    // A frame that beats the shortest kept by gainMs or more goes within frameMs again.
    const before = sent.length;
    frame(260 + PERFORMANCE_SEND.gainMs + 40);
    clock.tick(PERFORMANCE_SEND.frameMs);
    expect(sent.length).to.equal(before + 1);
    expect(sent.at(-1)?.frames.map((f) => f.duration_ms)).to.deep.equal([310, 300, 290, 280, 270]);
  });

  it('sends nothing when nothing changed', () => {
    const { clock, sent } = stage();
    clock.tick(10 * PERFORMANCE_SEND.countedMs);
    expect(sent).to.deep.equal([]);
  });
});
