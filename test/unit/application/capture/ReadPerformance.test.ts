import { expect } from 'chai';
import { InMemoryCaptureStore } from '../../../../src/adapters/outbound/memory/InMemoryCaptureStore.js';
import { InMemoryPerformanceStore } from '../../../../src/adapters/outbound/memory/InMemoryPerformanceStore.js';
import { PERFORMANCE_BUDGET, ReadPerformance } from '../../../../src/application/capture/ReadPerformance.js';
import type { VitalEntry } from '../../../../src/domain/wire/entries.js';
import { PERFORMANCE_LIMITS, type PagePerformance, type ScriptTiming } from '../../../../src/domain/wire/performance.js';

const long = (text: string, n: number) => `${text}${'x'.repeat(n)}`;

function script(i: number, extra = 0): ScriptTiming {
  return {
    url: long(`http://localhost:5173/assets/chunk-${i}-`, 60 + extra),
    fn: long('fn', 40),
    char: 100 * i,
    invoker: long('BUTTON#some-long-identifier.onclick', 40),
    invoker_type: 'event-listener',
    duration_ms: 300 - i,
    layout_ms: 12,
    at: long(`http://localhost:5173/src/components/deeply/nested/Component${i}`, 40) + '.tsx:42:7',
    function: long('handleSomethingQuiteLong', 30),
  };
}

function record(url: string, tabId: number, ts: number): PagePerformance {
  const request = (i: number) => ({
    url: long(`http://localhost:5173/api/items/${i}?page=`, 100),
    type: 'fetch' as const,
    start_ms: i,
    duration_ms: 1_000 - i,
    size: 12_345,
  });
  return {
    url,
    tab_id: tabId,
    ts,
    frame_count: 40,
    blocking_ms: 9_000,
    frames: Array.from({ length: PERFORMANCE_LIMITS.frames }, (_, i) => ({
      start_ms: 1_000 * i,
      duration_ms: 500 - i,
      blocking_ms: 450 - i,
      render_ms: 20,
      scripts: Array.from({ length: PERFORMANCE_LIMITS.scripts }, (_, j) => script(j)),
    })),
    request_count: 80,
    bytes: 5_000_000,
    by_type: { document: { count: 1, bytes: 20_000 }, script: { count: 40, bytes: 3_000_000 }, fetch: { count: 39, bytes: 1 } },
    slowest: Array.from({ length: PERFORMANCE_LIMITS.slowest }, (_, i) => request(i)),
    blocking: Array.from({ length: PERFORMANCE_LIMITS.blocking }, (_, i) => ({ ...request(i), type: 'stylesheet' as const })),
    blocking_count: 14,
  };
}

function setup() {
  const store = new InMemoryCaptureStore();
  const records = new InMemoryPerformanceStore();
  return { store, records, read: new ReadPerformance(store, records) };
}

const vital = (url: string, tabId: number, entry: Partial<VitalEntry> & Pick<VitalEntry, 'name' | 'value'>): VitalEntry => ({
  url,
  tab_id: tabId,
  ts: 5,
  ...entry,
});

const bytes = (payload: object) => Buffer.byteLength(JSON.stringify(payload), 'utf8');

describe('ReadPerformance (observe performance, docs/mcp-tools.md)', () => {
  it('answers with no pages and a note, never an error, before any page reported', () => {
    const payload = setup().read.execute({});
    expect(payload.pages).to.deep.equal([]);
    expect(payload.note).to.match(/no performance data/);
  });

  it('stays within 3 000 bytes for three busy pages, shortening lists first and saying so', () => {
    const { read, records, store } = setup();
    for (const tab of [1, 2, 3]) {
      const url = long(`http://localhost:5173/tab${tab}/`, 1_500);
      records.put(record(url, tab, tab));
      store.append('vitals', [
        vital(url, tab, {
          name: 'INP',
          value: 900,
          rating: 'poor',
          ts: tab,
          target: long('#t', 200),
          attribution: { scripts: [script(0), script(1), script(2)] },
        }),
        vital(url, tab, {
          name: 'LCP',
          value: 5_000,
          rating: 'poor',
          ts: tab,
          attribution: { lazy: true, load_delay_ms: 3_000, resource_url: long(url, 300) },
        }),
      ]);
    }
    const payload = read.execute({});
    expect(bytes(payload)).to.be.at.most(PERFORMANCE_BUDGET);
    expect(payload.truncated).to.equal(true);
    expect(payload.pages[0]?.tab_id).to.equal(3); // the most recent first
    expect(payload.pages.length + (payload.more ?? 0)).to.equal(3);
    expect(payload.pages[0]?.hints[0]).to.match(/^LCP image waited 3000 ms/);
    expect(payload.pages[0]?.url).to.have.length.at.most(200);
  });

  it('keeps a small page whole, without truncated', () => {
    const { read, records } = setup();
    records.put({ ...record('http://localhost/a', 1, 1), frames: [], slowest: [], blocking: [], blocking_count: 0 });
    const payload = read.execute({});
    expect(payload).not.to.have.property('truncated');
    expect(payload.pages[0]?.long_frames?.count).to.equal(40);
  });

  it('shows each tab’s current page by default, and every matching page with url', () => {
    const { read, store } = setup();
    store.append('vitals', [
      vital('http://localhost/old', 1, { name: 'LCP', value: 100, ts: 1 }),
      vital('http://localhost/new', 1, { name: 'LCP', value: 200, ts: 2 }),
      vital('http://localhost/other', 2, { name: 'LCP', value: 300, ts: 3 }),
    ]);
    expect(read.execute({}).pages.map((p) => p.url)).to.deep.equal(['http://localhost/other', 'http://localhost/new']);
    expect(read.execute({ tabId: 1 }).pages.map((p) => p.url)).to.deep.equal(['http://localhost/new']);
    expect(read.execute({ url: 'localhost/old' }).pages.map((p) => p.url)).to.deep.equal(['http://localhost/old']);
  });

  it('takes the latest value of each vital of a page, and leaves out child frames', () => {
    const { read, store } = setup();
    store.append('vitals', [
      vital('http://localhost/', 1, { name: 'CLS', value: 0.05 }),
      vital('http://localhost/', 1, { name: 'CLS', value: 0.3, attribution: { sources: ['#banner'] } }),
      { ...vital('http://localhost/', 1, { name: 'INP', value: 999 }), frame_url: 'http://localhost/frame' },
    ]);
    const [page] = read.execute({}).pages;
    expect(page?.vitals.CLS).to.deep.equal({ value: 0.3, moved: ['#banner'] });
    expect(page?.vitals.INP).to.equal(undefined);
    expect(page?.hints).to.deep.equal(['layout shift 0.3: #banner moved']);
  });
});
