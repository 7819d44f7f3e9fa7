import { expect } from 'chai';
import type { VitalEntry } from '../../../../src/domain/wire/entries.js';
import type { PagePerformance, ScriptTiming } from '../../../../src/domain/wire/performance.js';
import {
  HINT_THRESHOLDS,
  pageReport,
  performanceHints,
  shortAt,
  vitalCause,
} from '../../../../src/domain/capture/performanceReport.js';

const PAGE = 'http://localhost:5173/cart';
const HANDLER: ScriptTiming = {
  url: 'http://localhost:5173/assets/index-x.js',
  fn: 'e',
  char: 1234,
  invoker: 'BUTTON#add.onclick',
  invoker_type: 'event-listener',
  duration_ms: 380,
  at: 'http://localhost:5173/src/Cart.tsx:42:7',
  function: 'handleAdd',
};

const vital = (entry: Partial<VitalEntry> & Pick<VitalEntry, 'name' | 'value'>): VitalEntry => ({ url: PAGE, ts: 1, ...entry });

function record(overrides: Partial<PagePerformance> = {}): PagePerformance {
  return {
    url: PAGE,
    ts: 2,
    frame_count: 0,
    blocking_ms: 0,
    frames: [],
    request_count: 1,
    bytes: 1_000,
    by_type: { document: { count: 1, bytes: 1_000 } },
    slowest: [],
    blocking: [],
    blocking_count: 0,
    ...overrides,
  };
}

describe('performance report (docs/mcp-tools.md)', () => {
  it('names a slow click handler by its source name and position', () => {
    const inp = vital({ name: 'INP', value: 400, rating: 'poor', attribution: { interaction: 'pointer', scripts: [HANDLER] } });
    expect(vitalCause(inp)).to.equal('a 380 ms click handler: handleAdd at src/Cart.tsx:42:7');
  });

  it('names a handler without a map by its script and offset', () => {
    const { at: _at, function: _fn, ...raw } = HANDLER;
    const inp = vital({ name: 'INP', value: 400, attribution: { interaction: 'keyboard', scripts: [raw] } });
    expect(vitalCause(inp)).to.equal('a 380 ms key press handler: e at /assets/index-x.js@1234');
  });

  it('says nothing of an interaction under the INP threshold', () => {
    const inp = vital({ name: 'INP', value: HINT_THRESHOLDS.inp - 1, attribution: { scripts: [HANDLER] } });
    expect(vitalCause(inp)).to.equal(undefined);
  });

  it('says a lazy-loaded LCP image waited, and how long', () => {
    const lcp = vital({
      name: 'LCP',
      value: 2_500,
      attribution: { resource_url: `${PAGE}/hero.png`, lazy: true, load_delay_ms: 1_900 },
    });
    expect(vitalCause(lcp)).to.equal('LCP image waited 1900 ms before loading: it is lazy-loaded (loading="lazy")');
  });

  it('says an LCP image found late when it is not lazy, only past the threshold and a quarter of LCP', () => {
    const late = { resource_url: `${PAGE}/hero.png`, load_delay_ms: HINT_THRESHOLDS.lateDiscovery };
    expect(vitalCause(vital({ name: 'LCP', value: 1_800, attribution: late }))).to.match(/found late/);
    expect(vitalCause(vital({ name: 'LCP', value: 4_000, attribution: late }))).to.equal(undefined);
    expect(vitalCause(vital({ name: 'LCP', value: 900, attribution: { ...late, load_delay_ms: 499 } }))).to.equal(undefined);
  });

  it('names what moved in a layout shift past 0.1, and nothing under it', () => {
    const moved = { sources: ['#product'], shift_value: 0.25, shift_ms: 2100 };
    expect(vitalCause(vital({ name: 'CLS', value: 0.25, attribution: moved }))).to.equal(
      'layout shift 0.25 at 2100 ms: #product moved',
    );
    expect(vitalCause(vital({ name: 'CLS', value: 0.09, attribution: moved }))).to.equal(undefined);
  });

  it('gives no hints for a page with nothing past a threshold, no long frames and no interaction', () => {
    const vitals = {
      LCP: vital({ name: 'LCP', value: 400, attribution: { ttfb_ms: 5 } }),
      CLS: vital({ name: 'CLS', value: 0 }),
    };
    expect(performanceHints(PAGE, vitals, record())).to.deep.equal([]);
    expect(pageReport(PAGE, 3, vitals, undefined)).to.deep.include({ hints: [], tab_id: 3 });
  });

  it('names a slow render-blocking request and a long frame whose script is not the interaction’s', () => {
    const blocking = [
      { url: `${PAGE.replace('/cart', '')}/theme.css`, type: 'stylesheet' as const, start_ms: 5, duration_ms: 812 },
    ];
    const frame = {
      start_ms: 3000,
      duration_ms: 450,
      blocking_ms: 400,
      scripts: [
        { ...HANDLER, function: 'renderList', at: 'http://localhost:5173/src/List.tsx:9:3', invoker: 'TimerHandler:setTimeout' },
      ],
    };
    const hints = performanceHints(PAGE, {}, record({ blocking, blocking_count: 1, frames: [frame] }));
    expect(hints).to.deep.equal([
      'render-blocking stylesheet /theme.css took 812 ms',
      'a 450 ms frame at 3000 ms: renderList at src/List.tsx:9:3 (TimerHandler:setTimeout)',
    ]);
  });

  it('does not repeat the interaction’s handler as a long frame', () => {
    const inp = vital({ name: 'INP', value: 400, attribution: { interaction: 'pointer', scripts: [HANDLER] } });
    const frames = [{ start_ms: 10, duration_ms: 390, blocking_ms: 340, scripts: [HANDLER] }];
    expect(performanceHints(PAGE, { INP: inp }, record({ frames }))).to.deep.equal([
      'a 380 ms click handler: handleAdd at src/Cart.tsx:42:7',
    ]);
  });

  it('shows positions of the page’s own origin as relative paths, without a dev server query', () => {
    expect(shortAt('http://localhost:5173/src/App.tsx?t=123:10:31', PAGE)).to.equal('src/App.tsx:10:31');
    expect(shortAt('https://cdn.example/lib.js:1:2', PAGE)).to.equal('https://cdn.example/lib.js:1:2');
  });

  it('lays out a report: vitals broken down, frames with scripts in source, requests by type', () => {
    const report = pageReport(
      PAGE,
      1,
      {
        INP: vital({
          name: 'INP',
          value: 400,
          rating: 'poor',
          target: '#add',
          attribution: { processing_ms: 380, scripts: [HANDLER] },
        }),
      },
      record({
        frames: [{ start_ms: 1, duration_ms: 390, blocking_ms: 340, scripts: [HANDLER] }],
        frame_count: 7,
        blocking_ms: 500,
      }),
    );
    expect(report.vitals.INP).to.deep.equal({
      value: 400,
      rating: 'poor',
      target: '#add',
      processing_ms: 380,
      scripts: [{ function: 'handleAdd', at: 'src/Cart.tsx:42:7', invoker: 'BUTTON#add.onclick', ms: 380 }],
    });
    expect(report.long_frames).to.deep.include({ count: 7, blocking_ms: 500 });
    expect(report.requests?.by_type).to.deep.equal({ document: { count: 1, bytes: 1_000 } });
  });
});
