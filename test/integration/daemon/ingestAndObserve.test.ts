import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { logEntry, payload, startHarness, type Harness, type SimulatedExtension } from '../../support/daemonHarness.js';
import { entriesOf } from '../../support/listEntries.js';

const net = (overrides: Record<string, unknown> = {}) => ({
  url: 'http://localhost:3000/api/items',
  method: 'GET',
  status: 200,
  duration_ms: 12,
  ts: Date.now(),
  tab_id: 1,
  ...overrides,
});

const ws = (overrides: Record<string, unknown> = {}) => ({
  connection_id: 'ws-1',
  url: 'ws://localhost:3000/live',
  event: 'message',
  direction: 'received',
  data: '{"tick":1}',
  ts: Date.now(),
  tab_id: 1,
  ...overrides,
});

describe('ingest (docs/extension-protocol.md) and observe lists (docs/mcp-tools.md)', () => {
  let h: Harness;
  let ext: SimulatedExtension;
  let client: Client;
  const observe = async (args: Record<string, unknown>) => payload(await client.callTool({ name: 'observe', arguments: args }));

  beforeEach(async () => {
    h = await startHarness();
    ext = h.extension();
    client = await h.client();
  });

  afterEach(async () => h.stop());

  describe('answers', () => {
    it('counts received and rejected entries, which together are the entries sent, naming the bad ones', async () => {
      const { status, body } = await ext.send('/logs', [
        logEntry(),
        { level: 'loud' },
        logEntry({ ts: -1 }),
        logEntry({ level: 'warn' }),
      ]);
      expect(status).to.equal(200);
      expect(body).to.include({ received: 2, rejected: 2 });
      expect(body.errors.map((e: { index: number }) => e.index)).to.deep.equal([1, 2]);
      expect(body.errors[0].message).to.contain('level');
    });

    it('stores nothing of a rejected entry', async () => {
      await ext.send('/logs', [logEntry({ message: 'half', source: 'telepathy' })]);
      expect(entriesOf(await observe({ what: 'logs' }))).to.deep.equal([]);
    });

    it('makes an answered batch visible to the very next read', async () => {
      for (let i = 0; i < 5; i++) {
        await ext.send('/logs', [logEntry({ message: `m${i}` })]);
        expect(entriesOf(await observe({ what: 'logs', limit: 1 }))[0].message).to.equal(`m${i}`);
      }
    });

    it('accepts each route’s entries', async () => {
      expect((await ext.send('/network-bodies', [net()])).body).to.deep.equal({ received: 1, rejected: 0 });
      expect((await ext.send('/websocket-events', [ws()])).body).to.deep.equal({ received: 1, rejected: 0 });
      expect(
        (await ext.send('/vitals', [{ name: 'LCP', value: 1200, rating: 'good', url: 'http://localhost:3000/', ts: 1 }])).body,
      ).to.deep.equal({ received: 1, rejected: 0 });
      expect((await ext.page({ tab_id: 3, url: 'http://localhost:3000/', title: 'Home', event: 'load' })).body).to.deep.equal({
        received: 1,
        rejected: 0,
      });
    });

    it('refuses a body that is not {entries: [...]} with 400', async () => {
      expect((await h.ext('POST', '/logs', { entry: logEntry() })).body).to.include({ error: 'invalid_body' });
      expect((await h.ext('POST', '/logs', [logEntry()])).status).to.equal(400);
      expect((await h.ext('POST', '/page', { tab_id: 'x' })).body.error).to.equal('invalid_body');
    });
  });

  describe('observe errors and logs', () => {
    beforeEach(async () => {
      await ext.send('/logs', [
        logEntry({ level: 'log', message: 'hello', tab_id: 1 }),
        logEntry({ level: 'warn', message: 'careful', tab_id: 1 }),
        logEntry({ level: 'error', message: 'console error', tab_id: 2, url: 'http://localhost:4000/other' }),
        logEntry({ level: 'log', source: 'exception', message: 'Uncaught TypeError', stack: 'at main.js:1:1' }),
        logEntry({ level: 'log', source: 'unhandledrejection', message: 'rejected' }),
      ]);
    });

    it('errors are console errors, uncaught exceptions and unhandled rejections', async () => {
      const errors = await observe({ what: 'errors' });
      expect(entriesOf(errors).map((e: { message: string }) => e.message)).to.deep.equal([
        'console error',
        'Uncaught TypeError',
        'rejected',
      ]);
      expect(entriesOf(errors)[1]).to.include({ source: 'exception', at: 'main.js:1:1' });
      expect(entriesOf(errors)[1]).not.to.have.property('stack');
      expect(entriesOf(await observe({ what: 'errors', detail: 'full' }))[1].stack).to.equal('at main.js:1:1');
    });

    it('logs filter by min_level, url substring and tab_id', async () => {
      expect((await observe({ what: 'logs', min_level: 'warn' })).count).to.equal(2);
      expect(entriesOf(await observe({ what: 'logs', url: 'localhost:4000' }))[0].message).to.equal('console error');
      expect((await observe({ what: 'logs', tab_id: 1 })).count).to.equal(4);
    });

    it('pages newest-first reads with has_more and continues after the cursor', async () => {
      const first = await observe({ what: 'logs', limit: 2 });
      expect(entriesOf(first).map((e: { message: string }) => e.message)).to.deep.equal(['Uncaught TypeError', 'rejected']);
      expect(first.has_more).to.equal(true);
      expect(entriesOf(await observe({ what: 'logs', after_cursor: first.cursor }))).to.deep.equal([]);
      await ext.send('/logs', [logEntry({ message: 'later' })]);
      const next = await observe({ what: 'logs', after_cursor: first.cursor });
      expect(entriesOf(next).map((e: { message: string }) => e.message)).to.deep.equal(['later']);
      expect(next.has_more).to.equal(false);
    });

    it('waits for the next matching entry with after_cursor and wait_ms', async () => {
      const { cursor } = await observe({ what: 'errors' });
      const waiting = observe({ what: 'errors', after_cursor: cursor, wait_ms: 5_000 });
      await h.holding();
      // A wait that ended on this entry would answer with none: what it answers says it waited on.
      await ext.send('/logs', [logEntry({ level: 'info', message: 'not an error' })]);
      await ext.send('/logs', [logEntry({ message: 'the next error' })]);
      const next = await waiting;
      expect(entriesOf(next).map((e: { message: string }) => e.message)).to.deep.equal(['the next error']);
    });

    it('ends a wait with no entries when wait_ms passes', async () => {
      const { cursor } = await observe({ what: 'errors' });
      const started = performance.now();
      const next = await observe({ what: 'errors', after_cursor: cursor, wait_ms: 150 });
      expect(next).to.include({ count: 0, has_more: false, cursor });
      // Not before its wait (timers fire at most a millisecond early); the upper bound only ends a hang.
      expect(performance.now() - started).to.be.within(140, 2_000);
    });
  });

  describe('eviction is visible', () => {
    it('keeps 1000 logs, counts the evicted, and restarts an evicted cursor', async () => {
      const first = await observe({ what: 'logs' });
      const batch = Array.from({ length: 100 }, (_, i) => logEntry({ message: `n${i}` }));
      for (let i = 0; i < 11; i++) await ext.send('/logs', batch);
      const health = (await h.call('GET', '/health')).body;
      expect(health.buffers.logs).to.deep.equal({ size: 1_000, capacity: 1_000, evicted: 100 });
      const read = await observe({ what: 'logs', after_cursor: first.cursor, limit: 5 });
      expect(read).to.include({ cursor_restarted: true, has_more: true });
    });

    it('treats a cursor from an earlier daemon run as restarted', async () => {
      await ext.send('/logs', [logEntry()]);
      const read = await observe({ what: 'logs', after_cursor: 'zzzzzz.1' });
      expect(read).to.include({ cursor_restarted: true, count: 1 });
    });

    it('refuses a cursor it never made', async () => {
      const result = await client.callTool({ name: 'observe', arguments: { what: 'logs', after_cursor: '../../x' } });
      expect(result.isError).to.equal(true);
      expect(payload(result).error).to.equal('invalid_params');
    });
  });

  describe('observe network, network_bodies, websocket_events, vitals, page, tabs', () => {
    it('filters network by status range, method and failed_only; failures have status 0 and error', async () => {
      await ext.send('/network-bodies', [
        net({ status: 200 }),
        net({ status: 404, method: 'post' }),
        net({ status: 503 }),
        net({ status: 0, error: 'net::ERR_CONNECTION_REFUSED', url: 'http://localhost:9/x' }),
      ]);
      expect(
        entriesOf(await observe({ what: 'network', status_min: 400, status_max: 499 })).map((e: { status: number }) => e.status),
      ).to.deep.equal([404]);
      expect((await observe({ what: 'network', method: 'POST' })).count).to.equal(1);
      const failed = await observe({ what: 'network', failed_only: true });
      expect(entriesOf(failed).map((e: { status: number }) => e.status)).to.deep.equal([404, 503, 0]);
      expect(entriesOf(failed)[2].error).to.equal('net::ERR_CONNECTION_REFUSED');
    });

    it('filters network by type (docs/extension.md); an entry without a type is typed by its initiator; a bad type is refused', async () => {
      const sent = await ext.send('/network-bodies', [
        net({ url: 'http://localhost:5173/', type: 'document' }),
        net({ url: 'http://localhost:5173/src/main.tsx', type: 'script', size: 1_234 }),
        net({ url: 'http://localhost:5173/logo.png', type: 'image', status: 404, error: 'failed to load <img>' }),
        net({ url: 'http://localhost:5173/api/a', initiator: 'fetch', response_body: '{}' }),
        net({ url: 'http://localhost:5173/api/b', type: 'xhr' }),
        net({ url: 'http://localhost:5173/x', type: 'teleport' }),
      ]);
      expect(sent.body).to.include({ received: 5, rejected: 1 });
      const typed = async (type: string) =>
        entriesOf(await observe({ what: 'network', type })).map(
          (e: { url: string }) => new URL(e.url, 'http://localhost:5173').pathname,
        );
      expect(await typed('script')).to.deep.equal(['/src/main.tsx']);
      expect(await typed('image')).to.deep.equal(['/logo.png']);
      expect(await typed('fetch')).to.deep.equal(['/api/a']);
      expect(await typed('document')).to.deep.equal(['/']);
      expect((await observe({ what: 'network_bodies', type: 'fetch' })).count).to.equal(1);
      const [script] = entriesOf(await observe({ what: 'network', type: 'script', detail: 'full' }));
      expect(script).to.include({ type: 'script', size: 1_234 });
      const compact = entriesOf(await observe({ what: 'network', type: 'image' }))[0];
      expect(compact).to.include({ type: 'image', status: 404 });
      const bad = await client.callTool({ name: 'observe', arguments: { what: 'network', type: 'pictures' } });
      expect(payload(bad).error).to.equal('invalid_params');
    });

    it('an accessibility violation the extension logged (source audit) is a log, not an error', async () => {
      await ext.send('/logs', [
        logEntry({
          level: 'warn',
          source: 'audit',
          message: 'accessibility: Images must have alternative text (image-alt, critical; 1 element)',
        }),
      ]);
      expect((await observe({ what: 'logs', min_level: 'warn' })).count).to.equal(1);
      expect((await observe({ what: 'errors' })).count).to.equal(0);
    });

    it('keeps bodies apart (≤ 16 KB each, marked truncated) and flags their requests', async () => {
      const big = 'x'.repeat(20_000);
      await ext.send('/network-bodies', [net({ status: 500, request_body: '{"q":1}', response_body: big })]);
      const [entry] = entriesOf(await observe({ what: 'network', detail: 'full' }));
      expect(entry).to.include({ has_body: true });
      expect(entry.response_body).to.equal(undefined);
      const [body] = entriesOf(await observe({ what: 'network_bodies' }));
      expect(body.request_body).to.equal('{"q":1}');
      expect(body.response_body.length).to.be.below(16_500);
      expect(body.truncated).to.equal(true);
    });

    it('filters websocket events by connection and direction, capping data at 4 KB', async () => {
      await ext.send('/websocket-events', [
        ws({ event: 'open', direction: undefined, data: undefined }),
        ws({ direction: 'sent', data: 'ping' }),
        ws({ connection_id: 'ws-2', data: 'y'.repeat(5_000) }),
        ws({ event: 'close', code: 1006, reason: 'abnormal', direction: undefined, data: undefined }),
      ]);
      expect(entriesOf(await observe({ what: 'websocket_events', direction: 'sent' }))[0].data).to.equal('ping');
      const second = await observe({ what: 'websocket_events', connection_id: 'ws-2', detail: 'full' });
      expect(entriesOf(second)[0].data.length).to.be.below(4_200);
      expect(entriesOf(second)[0].truncated).to.equal(true);
      const compact = await observe({ what: 'websocket_events', connection_id: 'ws-2' });
      expect(entriesOf(compact)[0].data).to.have.length(200);
      expect(entriesOf(compact)[0].data.endsWith('…')).to.equal(true);
      expect(entriesOf(await observe({ what: 'websocket_events' })).at(-1)).to.include({ event: 'close', code: 1006 });
    });

    it('summarises vitals per page', async () => {
      await ext.send('/vitals', [
        {
          name: 'LCP',
          value: 2_500,
          rating: 'needs-improvement',
          url: 'http://localhost:3000/',
          ts: 1,
          tab_id: 1,
          target: 'main>img.hero',
        },
        { name: 'CLS', value: 0.02, rating: 'good', url: 'http://localhost:3000/', ts: 2, tab_id: 1 },
        { name: 'TTFB', value: 80, url: 'http://localhost:3000/b', ts: 3 },
      ]);
      const vitals = await observe({ what: 'vitals' });
      expect(vitals.count).to.equal(3);
      expect(vitals.pages).to.deep.equal([
        {
          url: 'http://localhost:3000/',
          tab_id: 1,
          vitals: {
            LCP: { value: 2_500, rating: 'needs-improvement', target: 'main>img.hero', ts: 1 },
            CLS: { value: 0.02, rating: 'good', ts: 2 },
          },
        },
        { url: 'http://localhost:3000/b', vitals: { TTFB: { value: 80, ts: 3 } } },
      ]);
    });

    it('tracks pages per tab and forgets closed tabs', async () => {
      expect(await observe({ what: 'page' })).to.deep.equal({ page: null });
      await ext.page({ tab_id: 1, url: 'http://localhost:3000/', title: 'Home', event: 'load' });
      await ext.page({ tab_id: 2, url: 'http://localhost:3000/b', title: 'B', event: 'load' });
      await ext.page({ tab_id: 1, url: 'http://localhost:3000/c', title: 'C', event: 'navigate' });
      expect((await observe({ what: 'page' })).page).to.include({ tab_id: 1, url: 'http://localhost:3000/c', title: 'C' });
      expect((await observe({ what: 'tabs' })).tabs.map((t: { tab_id: number }) => t.tab_id)).to.deep.equal([1, 2]);
      await ext.page({ tab_id: 1, url: 'http://localhost:3000/c', title: 'C', event: 'close' });
      expect((await observe({ what: 'tabs' })).count).to.equal(1);
    });
  });

  describe('answer size', () => {
    it('keeps every result under 100 KB, saying truncated and leaving the rest for the next page', async () => {
      const fat = Array.from({ length: 100 }, (_, i) => logEntry({ message: `${i}:${'z'.repeat(8_000)}` }));
      await ext.send('/logs', fat);
      const result = await client.callTool({ name: 'observe', arguments: { what: 'logs', limit: 100, detail: 'full' } });
      const text = (result.content as Array<{ text: string }>)[0]!.text;
      expect(text.length).to.be.below(100_000);
      const page = payload(result);
      expect(page).to.include({ truncated: true, has_more: true });
      expect(entriesOf(page).at(-1).message.startsWith('99:')).to.equal(true);

      const forward = await observe({ what: 'logs', after_cursor: 0, limit: 100, detail: 'full' });
      expect(forward.truncated).to.equal(true);
      const rest = await observe({ what: 'logs', after_cursor: forward.cursor, limit: 100, detail: 'full' });
      expect(entriesOf(rest)[0].message.startsWith(`${forward.count}:`)).to.equal(true);
    });
  });
});
