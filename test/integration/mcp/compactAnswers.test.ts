import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { payload, startHarness, type Harness } from '../../support/daemonHarness.js';
import { until } from '../../support/until.js';
import { entriesOf } from '../../support/listEntries.js';
import { TYPICAL_TAB, typicalConsole, typicalRequests } from '../../support/typicalCapture.js';

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;
const bytes = (result: unknown) => Buffer.byteLength(textOf(result), 'utf8');

/** docs/mcp-tools.md: compact lists, details on demand, a one-call summary — sizes pinned on the typical mix. */
describe('answers an agent can afford (docs/mcp-tools.md)', function () {
  this.timeout(30_000);
  let h: Harness;
  let client: Client;
  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

  beforeEach(async () => {
    h = await startHarness();
    client = await h.client();
  });
  afterEach(async () => h.stop());

  it('lists 100 typical console messages as one table in at most 5 500 bytes, the same JSON as text and as structured content', async () => {
    const sent = typicalConsole(100);
    await h.extension().send('/logs', sent);
    const result = await call('observe', { what: 'logs' });
    expect(bytes(result), textOf(result).slice(0, 300)).to.be.at.most(5_500);
    expect(JSON.parse(textOf(result))).to.deep.equal((result as CallToolResult).structuredContent);
    const page = payload(result);
    expect(page).to.include({ has_more: false });
    expect(page).not.to.have.property('entries');
    // The names said once, only those some row has (no tab_id: all share one; no frame_url: none has one).
    expect(page.columns).to.deep.equal(['id', 'ts', 'message', 'level', 'at', 'count', 'last_ts', 'source']);
    expect(page.count).to.equal(page.rows.length);
    const cell = (row: unknown[], name: string) => row[page.columns.indexOf(name)];
    // 100 messages; the five identical uncaught exceptions in a row are one row.
    const burst = page.rows.filter((row: unknown[]) => cell(row, 'count') !== undefined && cell(row, 'count') !== null);
    expect(burst).to.have.length(1);
    expect(burst[0]).to.deep.equal([
      'l41',
      sent[40]!.ts - sent[0]!.ts,
      "Uncaught TypeError: Cannot read properties of null (reading 'focus')",
      'error',
      'src/TodoItem.tsx:22:15',
      5,
      sent[44]!.ts - sent[0]!.ts,
      'exception',
    ]);
    expect(page.rows.reduce((n: number, row: unknown[]) => n + ((cell(row, 'count') as number | undefined) ?? 1), 0)).to.equal(
      100,
    );
    // Said once: the tab they all come from, and the time their ts count from.
    expect(page).to.include({ tab_id: TYPICAL_TAB, ts_base: sent[0]!.ts });
    page.rows.forEach((row: unknown[]) => {
      const id = cell(row, 'id') as string;
      expect(id).to.match(/^l\d+$/);
      const original = sent[Number(id.slice(1)) - 1]!;
      expect(cell(row, 'ts')).to.equal(original.ts - page.ts_base);
      // A plain console.log has no level cell: its row ends at the message (or says null before a later cell).
      expect(cell(row, 'level') ?? 'log').to.equal(original.level);
      const message = cell(row, 'message') as string;
      expect(message.length).to.be.at.most(200);
      expect(original.message.startsWith(message.replace(/ …$/, ''))).to.equal(true);
      expect(row.at(-1), `${id} ends at its last value`).not.to.equal(null);
      if (original.level === 'log' && cell(row, 'count') === undefined) expect(row).to.have.length(3);
    });
  });

  it('lists 50 typical requests as one table in at most 3 500 bytes', async () => {
    await h.extension().send('/network-bodies', typicalRequests(50));
    const result = await call('observe', { what: 'network' });
    expect(bytes(result), textOf(result).slice(0, 300)).to.be.at.most(3_500);
    const page = payload(result);
    expect(page.count).to.equal(50);
    expect(page).to.include({ tab_id: TYPICAL_TAB, origin: 'http://localhost:5173' });
    expect(page.columns).to.deep.equal(['id', 'ts', 'method', 'url', 'status', 'duration_ms', 'type']);
    expect(page.rows[8]).to.deep.equal(['n9', 8 * 53, 'GET', '/api/todos/1008', 404, 119, 'fetch']);
    expect(page.rows.filter((row: unknown[]) => (row[4] as number) >= 400)).to.have.length(10);
  });

  it('lists errors and WebSocket events as tables too, a column only when some row has it', async () => {
    const ws = (over: Record<string, unknown>) => ({
      connection_id: 'ws-1',
      url: 'ws://localhost:5173/hmr',
      ts: 5_000,
      tab_id: 3,
      ...over,
    });
    await h
      .extension()
      .send('/websocket-events', [
        ws({ event: 'open' }),
        ws({ event: 'message', direction: 'received', data: '{"type":"connected"}', size: 20, ts: 5_010 }),
        ws({ event: 'close', code: 1006, reason: 'gone', ts: 5_020, tab_id: 4 }),
      ]);
    const events = payload(await call('observe', { what: 'websocket_events' }));
    expect(events).to.include({ ts_base: 5_000, count: 3 });
    expect(events).not.to.have.property('tab_id'); // two tabs: each row says its own
    expect(events.columns).to.deep.equal([
      'id',
      'ts',
      'event',
      'connection_id',
      'direction',
      'data',
      'size',
      'url',
      'code',
      'reason',
      'tab_id',
    ]);
    expect(events.rows).to.deep.equal([
      ['w1', 0, 'open', 'ws-1', null, null, null, 'ws://localhost:5173/hmr', null, null, 3],
      ['w2', 10, 'message', 'ws-1', 'received', '{"type":"connected"}', 20, null, null, null, 3],
      ['w3', 20, 'close', 'ws-1', null, null, null, null, 1006, 'gone', 4],
    ]);
    await h.extension().send('/logs', typicalConsole(20));
    const errors = payload(await call('observe', { what: 'errors' }));
    expect(errors.columns).to.deep.equal(['id', 'ts', 'message', 'level', 'at']);
    expect(errors).to.include({ ts_base: typicalConsole(20)[11]!.ts, tab_id: TYPICAL_TAB });
    expect(errors.rows).to.deep.equal([
      ['l12', 0, "TypeError: Cannot read properties of undefined (reading 'map')", 'error', 'src/TodoStats.tsx:8:13'],
    ]);
    expect(payload(await call('observe', { what: 'errors', tab_id: 999 }))).to.deep.include({ columns: [], rows: [], count: 0 });
  });

  it('gives back everything the old shape had with detail:"full" and with entry', async () => {
    const sent = typicalConsole(12);
    await h.extension().send('/logs', sent);
    await h.extension().send('/network-bodies', [{ ...typicalRequests(1)[0], response_body: '{"todos":[]}' }]);
    const full = payload(await call('observe', { what: 'logs', detail: 'full' }));
    expect(full.entries).to.have.length(12);
    full.entries.forEach((entry: Record<string, unknown>, i: number) => {
      const { id, ...stored } = entry;
      expect(id).to.equal(`l${i + 1}`);
      expect(stored).to.deep.include({
        message: sent[i]!.message,
        args: sent[i]!.args,
        stack: sent[i]!.stack,
        url: sent[i]!.url,
      });
    });
    const compact = payload(await call('observe', { what: 'logs' }));
    expect(compact.rows[3][0]).to.equal('l4');
    const one = payload(await call('observe', { what: 'entry', id: compact.rows[3][0] }));
    expect(one).to.deep.equal(full.entries[3]);
    const request = payload(await call('observe', { what: 'entry', id: 'n1' }));
    expect(request).to.include({ id: 'n1', body_id: 'b1', response_body: '{"todos":[]}', has_body: true });
    expect(request.request_headers).to.include({ accept: '*/*' });
  });

  it('answers an unknown, malformed or evicted id with its own error', async () => {
    const unknown = await call('observe', { what: 'entry', id: 'l9' });
    expect(unknown.isError).to.equal(true);
    expect(payload(unknown)).to.include({ error: 'unknown_entry' });
    expect(payload(await call('observe', { what: 'entry', id: 'x1' }))).to.include({ error: 'invalid_params' });
    expect(payload(await call('observe', { what: 'entry' }))).to.include({ error: 'invalid_params' });
    await h.extension().send('/logs', typicalConsole(100));
    await h.extension().send('/logs', typicalConsole(100));
    // The default logs buffer holds 1 000: push the first one out.
    for (let i = 0; i < 9; i++) await h.extension().send('/logs', typicalConsole(100));
    expect(payload(await call('observe', { what: 'entry', id: 'l1' }))).to.include({ error: 'entry_evicted' });
    expect(payload(await call('observe', { what: 'entry', id: 'l1100' }))).to.include({ id: 'l1100' });
  });

  it('folds a run that a cursor read splits into one row per read, and counts add up to what was captured', async () => {
    const burst = Array.from({ length: 30 }, (_, i) => ({ ...typicalConsole(1)[0]!, message: 'same', ts: 1_000 + i }));
    await h.extension().send('/logs', burst.slice(0, 10));
    const first = payload(await call('observe', { what: 'logs', after_cursor: 0 }));
    expect(first).to.include({ ts_base: 1_000, count: 1, has_more: false });
    // No row has an at (only errors and warnings are located): no such column.
    expect(first.columns).to.deep.equal(['id', 'ts', 'message', 'level', 'count', 'last_ts']);
    expect(first.rows).to.deep.equal([['l1', 0, 'same', 'debug', 10, 9]]);
    await h.extension().send('/logs', burst.slice(10));
    const second = payload(await call('observe', { what: 'logs', after_cursor: first.cursor, limit: 15 }));
    expect(second.rows).to.deep.equal([['l11', 0, 'same', 'debug', 15, 14]]);
    expect(second).to.include({ ts_base: 1_010, has_more: true });
    const third = payload(await call('observe', { what: 'logs', after_cursor: second.cursor }));
    expect(entriesOf(third)).to.deep.equal([{ id: 'l26', ts: 0, message: 'same', level: 'debug', count: 5, last_ts: 4 }]);
    expect(third.has_more).to.equal(false);
    expect(payload(await call('observe', { what: 'logs', after_cursor: third.cursor }))).to.include({
      count: 0,
      has_more: false,
    });
  });

  it('streams alerts in the compact shape, with the id of the stored entry, each once', async () => {
    expect(payload(await call('configure', { action: 'streaming', enabled: true, subscribe: ['error'] }))).to.include({
      configured: true,
    });
    await h.extension().send('/logs', typicalConsole(45));
    // Matching runs in tasks after the request (sliced by time), so a read may come while only
    // some are matched: each result carries at most 5, and 5 whenever more wait.
    let alerts: any;
    await until(async () => (alerts = payload(await call('observe', { what: 'page' })).alerts) !== undefined, 'alerts');
    expect(alerts.entries.length).to.be.within(1, 5);
    if (alerts.more > 0) expect(alerts.entries).to.have.length(5);
    const [first] = alerts.entries;
    expect(first).to.include({ id: 'l4', event_type: 'error', severity: 'medium', level: 'warn', at: 'src/TodoList.tsx:31:13' });
    expect(first).not.to.have.property('stack');
    const seen = new Set<string>();
    const note = (more: { entries: Array<{ id: string }>; more: number } | undefined) => {
      if (more !== undefined && more.more > 0) expect(more.entries).to.have.length(5);
      for (const e of more?.entries ?? []) {
        expect(seen.has(e.id), e.id).to.equal(false);
        seen.add(e.id);
      }
    };
    note(alerts);
    const entry = payload(await call('observe', { what: 'entry', id: first.id }));
    expect(entry.message).to.equal(typicalConsole(4)[3]!.message);
    note(entry.alerts);
    // The rest come in later results; none twice.
    const errorsAndWarnings = typicalConsole(45).filter((e) => e.level === 'error' || e.level === 'warn').length;
    await until(async () => {
      note(payload(await call('observe', { what: 'page' })).alerts);
      return seen.size >= errorsAndWarnings;
    }, 'every error and warning alerted');
    expect(seen.size).to.equal(errorsAndWarnings);
  });

  it('summarises what is wrong in at most 2 000 bytes, with ids to look closer and a cursor for next time', async () => {
    await h.extension().page({ tab_id: TYPICAL_TAB, url: 'http://localhost:5173/todos', title: 'Todos', event: 'load' });
    await h.extension().send('/logs', typicalConsole(100));
    await h.extension().send('/network-bodies', typicalRequests(50));
    await h
      .extension()
      .send('/vitals', [
        { name: 'LCP', value: 5_200, rating: 'poor', url: 'http://localhost:5173/todos', ts: 1, tab_id: TYPICAL_TAB },
      ]);
    const result = await call('observe', { what: 'summary' });
    expect(bytes(result), textOf(result)).to.be.at.most(2_000);
    const summary = payload(result);
    expect(summary.pages).to.deep.equal([
      {
        tab_id: TYPICAL_TAB,
        url: 'http://localhost:5173/todos',
        title: 'Todos',
        errors: 11,
        warnings: 10,
        failed_requests: 10,
        slow_requests: 0,
      },
    ]);
    expect(summary.extension).to.equal('not connected');
    expect(summary.top_errors).to.deep.equal([
      {
        id: 'l12',
        message: "TypeError: Cannot read properties of undefined (reading 'map')",
        count: 5,
        at: 'src/TodoStats.tsx:8:13',
        tab_id: TYPICAL_TAB,
      },
      {
        id: 'l41',
        message: "Uncaught TypeError: Cannot read properties of null (reading 'focus')",
        count: 5,
        at: 'src/TodoItem.tsx:22:15',
        tab_id: TYPICAL_TAB,
      },
      {
        id: 'l71',
        message: 'Uncaught (in promise) Error: Request failed with status code 500',
        count: 1,
        at: 'src/api.ts:35:11',
        tab_id: TYPICAL_TAB,
      },
    ]);
    expect(summary.failed_requests[0]).to.deep.equal({
      id: 'n10',
      method: 'POST',
      url: 'http://localhost:5173/api/todos/sync',
      status: 500,
      count: 5,
    });
    expect(summary.failed_requests).to.have.length(3);
    expect(summary.poor_vitals).to.deep.equal([
      { name: 'LCP', value: 5_200, tab_id: TYPICAL_TAB, url: 'http://localhost:5173/todos' },
    ]);
    const entry = payload(await call('observe', { what: 'entry', id: summary.top_errors[0].id }));
    expect(entry.stack).to.contain('TodoStats');

    // Since the cursor: only what came after.
    await h.extension().send('/logs', [{ ...typicalConsole(20).find((e) => e.level === 'error')!, ts: 9 }]);
    const later = payload(await call('observe', { what: 'summary', after_cursor: summary.cursor }));
    expect(later.pages[0]).to.include({ errors: 1, warnings: 0, failed_requests: 0 });
    expect(later.totals).to.deep.equal({ errors: 1, warnings: 0, failed_requests: 0, slow_requests: 0 });
    expect(payload(await call('observe', { what: 'summary', after_cursor: 'nonsense' }))).to.include({ error: 'invalid_params' });
  });

  it('keeps the summary within 2 000 bytes however many pages and long errors there are, saying what it left out', async () => {
    const long = '界'.repeat(300);
    for (let tab = 1; tab <= 12; tab++) {
      await h
        .extension()
        .page({ tab_id: tab, url: `http://localhost:3000/${tab}/${'p'.repeat(1_500)}`, title: long, event: 'load' });
      await h.extension().send(
        '/logs',
        Array.from({ length: 3 }, (_, i) => ({
          ...typicalConsole(1)[0]!,
          level: 'error',
          message: `${tab}.${i} ${long}`,
          tab_id: tab,
          stack: `at f (http://localhost:3000/${'s'.repeat(1_000)}.js:1:2)`,
        })),
      );
      await h
        .extension()
        .send('/network-bodies', [
          { ...typicalRequests(1)[0]!, url: `http://localhost:3000/${tab}/${long}`, status: 500, tab_id: tab },
        ]);
    }
    const result = await call('observe', { what: 'summary' });
    expect(bytes(result), textOf(result).slice(0, 400)).to.be.at.most(2_000);
    const summary = payload(result);
    expect(summary.totals).to.deep.equal({ errors: 36, warnings: 0, failed_requests: 12, slow_requests: 0 });
    expect(summary.more_pages).to.equal(12 - summary.pages.length);
    expect(summary.more_errors).to.equal(36 - summary.top_errors.length);
    expect(summary.top_errors.length).to.be.at.least(1);
  });
});
