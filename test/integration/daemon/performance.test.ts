import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { payload, startHarness, type Harness, type SimulatedExtension } from '../../support/daemonHarness.js';
import { until } from '../../support/until.js';

const PAGE = 'http://localhost:5173/shop';
const HANDLER = {
  url: 'http://localhost:5173/assets/index-x.js',
  fn: 'e',
  char: 1234,
  invoker: 'BUTTON#add.onclick',
  invoker_type: 'event-listener',
  duration_ms: 300,
  at: 'http://localhost:5173/src/slow.ts:4:17',
  function: 'handleAddToCart',
};
const inp = (overrides: Record<string, unknown> = {}) => ({
  name: 'INP',
  value: 320,
  rating: 'poor',
  url: PAGE,
  ts: Date.now(),
  tab_id: 4,
  target: '#add',
  attribution: { interaction: 'pointer', input_delay_ms: 3, processing_ms: 304, presentation_ms: 13, scripts: [HANDLER] },
  ...overrides,
});
const record = (overrides: Record<string, unknown> = {}) => ({
  url: PAGE,
  ts: Date.now(),
  tab_id: 4,
  frame_count: 2,
  blocking_ms: 255,
  frames: [{ start_ms: 2100, duration_ms: 307, blocking_ms: 255, scripts: [HANDLER] }],
  request_count: 3,
  bytes: 4_000,
  by_type: { document: { count: 1, bytes: 1_000 }, stylesheet: { count: 1, bytes: 300 }, script: { count: 1, bytes: 2_700 } },
  slowest: [
    { url: 'http://localhost:5173/theme.css', type: 'stylesheet', start_ms: 5, duration_ms: 820, size: 300, blocking: true },
  ],
  blocking: [
    { url: 'http://localhost:5173/theme.css', type: 'stylesheet', start_ms: 5, duration_ms: 820, size: 300, blocking: true },
  ],
  blocking_count: 1,
  ...overrides,
});

describe('observe performance over ingest (docs/mcp-tools.md)', () => {
  let h: Harness;
  let ext: SimulatedExtension;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => payload(await client.callTool({ name, arguments: args }));

  beforeEach(async () => {
    h = await startHarness();
    ext = h.extension();
    client = await h.client();
  });

  afterEach(async () => h.stop());

  it('answers from a vital’s attribution and the page’s record, scripts in source, with hints', async () => {
    expect((await ext.send('/vitals', [inp()])).body).to.include({ received: 1, rejected: 0 });
    expect((await ext.send('/performance', [record()])).body).to.include({ received: 1, rejected: 0 });
    const answer = await call('observe', { what: 'performance', tab_id: 4 });
    expect(Buffer.byteLength(JSON.stringify(answer))).to.be.at.most(3_000);
    const [page] = answer.pages;
    expect(page.vitals.INP.scripts).to.deep.equal([
      { function: 'handleAddToCart', at: 'src/slow.ts:4:17', invoker: 'BUTTON#add.onclick', ms: 300 },
    ]);
    expect(page.long_frames.longest[0].scripts[0].at).to.equal('src/slow.ts:4:17');
    expect(page.requests.render_blocking).to.deep.equal([{ url: '/theme.css', type: 'stylesheet', duration_ms: 820, size: 300 }]);
    expect(page.hints).to.deep.equal([
      'a 300 ms click handler: handleAddToCart at src/slow.ts:4:17',
      'render-blocking stylesheet /theme.css took 820 ms',
    ]);
  });

  it('refuses a malformed record or attribution entry by entry, storing nothing of it', async () => {
    const tooMany = record({ frames: Array.from({ length: 6 }, () => record().frames[0]) });
    const badScript = record({ frames: [{ start_ms: 1, duration_ms: 60, blocking_ms: 10, scripts: [{ url: 5 }] }] });
    const answer = (
      await ext.send('/performance', [tooMany, badScript, record({ by_type: { nonsense: { count: 1, bytes: 1 } } })])
    ).body;
    expect(answer).to.include({ received: 0, rejected: 3 });
    expect(answer.errors[0].message).to.match(/frames/);
    const vitals = await ext.send('/vitals', [inp({ attribution: { scripts: [{ ...HANDLER, duration_ms: -1 }] } })]);
    expect(vitals.body).to.include({ received: 0, rejected: 1 });
    expect((await call('observe', { what: 'performance' })).pages).to.deep.equal([]);
  });

  it('keeps only the known fields of an attribution, redacting a secret in a url', async () => {
    const lcp = inp({
      name: 'LCP',
      value: 2_500,
      target: '#hero',
      attribution: {
        resource_url: 'http://localhost:5173/hero.png?token=abcdef0123456789secret',
        lazy: true,
        load_delay_ms: 1_900,
        extra: 'x',
      },
    });
    await ext.send('/vitals', [lcp]);
    const entries = (await call('observe', { what: 'vitals', detail: 'full' })).entries;
    expect(entries[0].attribution).to.have.all.keys('resource_url', 'lazy', 'load_delay_ms');
    expect(entries[0].attribution.resource_url).not.to.contain('abcdef0123456789secret');
    const [page] = (await call('observe', { what: 'performance' })).pages;
    expect(page.hints).to.deep.equal(['LCP image waited 1900 ms before loading: it is lazy-loaded (loading="lazy")']);
  });

  it('says which script a poor INP ran in its performance_degradation event', async () => {
    await call('configure', { action: 'streaming', enabled: true, subscribe: ['performance_degradation'] });
    await ext.send('/vitals', [inp()]);
    let alerts: any;
    await until(async () => (alerts = (await call('observe', { what: 'page' })).alerts) !== undefined, 'the alert');
    const [event] = alerts.entries;
    expect(event.message).to.equal('INP 320 (poor): a 300 ms click handler: handleAddToCart at src/slow.ts:4:17');
    expect(event.attribution.scripts[0]).to.include({ function: 'handleAddToCart', at: 'src/slow.ts:4:17' });
  });

  it('counts the pages’ records in health, and clear performance empties them with the vitals (clear all too)', async () => {
    await ext.send('/vitals', [inp()]);
    await ext.send('/performance', [record(), record({ url: `${PAGE}/cart` })]);
    const health = await call('configure', { action: 'health' });
    expect(health.buffers.performance).to.deep.equal({ size: 2, capacity: 50, evicted: 0 });
    expect(await call('configure', { action: 'clear', buffer: 'performance' })).to.deep.equal({
      cleared: { vitals: 1, performance: 2 },
    });
    expect((await call('observe', { what: 'performance' })).pages ?? []).to.deep.equal([]);
    await ext.send('/performance', [record()]);
    expect((await call('configure', { action: 'clear', buffer: 'all' })).cleared.performance).to.equal(1);
    expect((await call('configure', { action: 'health' })).buffers.performance.size).to.equal(0);
  });
});
