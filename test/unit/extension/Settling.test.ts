import { expect } from 'chai';
import { LOOK_AGAIN_MS, QUIET_MS, Settling } from '../../../extension/src/worker/Settling.js';

const page = (quiet_ms: number, open: { requests?: number; timers?: number; waited_timers?: number } = {}) => ({
  quiet_ms,
  requests: open.requests ?? 0,
  timers: open.timers ?? 0,
  waited_timers: open.waited_timers ?? open.timers ?? 0,
});
const net = (open = 0, seen = open) => ({ open, seen });

describe('Settling (when an action has settled, docs/mcp-tools.md)', () => {
  it('a page with nothing open settles once its DOM has been quiet for 100 ms, waiting just what is missing', () => {
    const settling = new Settling();
    expect(settling.next(0, page(3), net())).to.deep.equal({ settled: false, waitMs: QUIET_MS - 3, network: false });
    expect(settling.next(97, page(100), net())).to.deep.equal({ settled: true });
    expect(settling.waitedFor()).to.equal(undefined);
  });

  it('a pending timer is looked at again soon; once it has run the page needs 100 ms of quiet more', () => {
    const settling = new Settling();
    expect(settling.next(0, page(400, { timers: 1 }), net())).to.deep.equal({
      settled: false,
      waitMs: LOOK_AGAIN_MS,
      network: false,
    });
    // The timer ran at ~350 and changed nothing in the DOM: quiet counts from when it was seen gone.
    expect(settling.next(360, page(760, { waited_timers: 1 }), net())).to.deep.equal({
      settled: false,
      waitMs: QUIET_MS,
      network: false,
    });
    expect(settling.next(460, page(860, { waited_timers: 1 }), net())).to.deep.equal({ settled: true });
    expect(settling.waitedFor()).to.deep.equal({ timers: 1 });
  });

  it('the page saying nothing is open does not settle while the network layer has the action’s requests open', () => {
    const settling = new Settling();
    expect(settling.next(0, page(500), net(1))).to.deep.equal({ settled: false, waitMs: LOOK_AGAIN_MS, network: true });
    expect(settling.next(1_500, page(2_000), net(0, 1))).to.deep.equal({ settled: false, waitMs: QUIET_MS, network: false });
    expect(settling.next(1_600, page(2_100), net(0, 1))).to.deep.equal({ settled: true });
    expect(settling.waitedFor()).to.deep.equal({ requests: 1 });
  });

  it('a DOM change resets the quiet; what it waited for is the most either side counted', () => {
    const settling = new Settling();
    settling.next(0, page(0, { requests: 2 }), net(1, 1));
    expect(settling.next(50, page(10), net(0, 1))).to.deep.equal({ settled: false, waitMs: QUIET_MS, network: false });
    expect(settling.next(140, page(5), net(0, 1))).to.deep.equal({ settled: false, waitMs: QUIET_MS - 5, network: false });
    expect(settling.waitedFor()).to.deep.equal({ requests: 2 });
  });
});
