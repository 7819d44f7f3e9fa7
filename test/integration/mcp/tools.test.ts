import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { logEntry, payload, startHarness, type Harness } from '../../support/daemonHarness.js';
import { entriesOf } from '../../support/listEntries.js';

const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('MCP tools over Streamable HTTP (docs/mcp-tools.md)', () => {
  let h: Harness;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>, on: Client = client) =>
    payload(await on.callTool({ name, arguments: args }));

  beforeEach(async () => {
    h = await startHarness();
    client = await h.client();
  });

  afterEach(async () => h.stop());

  describe('tools/list', () => {
    it('lists observe, interact and configure with input schemas and no empty output schema, in under 6 000 bytes', async () => {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name)).to.deep.equal(['observe', 'interact', 'configure']);
      for (const tool of listed.tools) {
        expect(tool.inputSchema.type).to.equal('object');
        // An output schema that constrains nothing only costs bytes (the Inspector's --strict warns).
        expect(tool).not.to.have.property('outputSchema');
        expect(tool.description?.length).to.be.within(50, 600);
      }
      // docs/mcp-tools.md: < 5 000 before sections 12–14 added four kinds of observe and replay, < 6 000 since.
      expect(Buffer.byteLength(JSON.stringify(listed), 'utf8')).to.be.below(6_000);
    });

    it('documents each argument with its JSON type for the model', async () => {
      const observe = (await client.listTools()).tools[0]!;
      expect(observe.inputSchema.properties).to.deep.include({ limit: { type: 'integer', description: '≤1000, default 100' } });
      expect(observe.inputSchema.required ?? []).to.deep.equal([]);
    });
  });

  describe('interact', () => {
    it('answers queued with a corr-<ms>-<8 hex> id and how to fetch the result', async () => {
      // Answered without waiting for any extension; how fast is a benchmark (docs/benchmarks.md,
      // "interact queued answer"), which a test on a loaded machine cannot hold.
      const queued = await call('interact', { action: 'execute_js', script: 'return 1' });
      expect(queued.status).to.equal('queued');
      expect(queued.correlation_id).to.match(/^corr-\d{13}-[0-9a-f]{8}$/);
      expect(queued.message).to.contain('command_result');
    });

    it('hands the extension the action, its params, tab and execution limit', async () => {
      await call('interact', { action: 'type', selector: '#q', text: 'hello', clear: true, tab_id: 4, timeout_ms: 2_000 });
      const [query] = await h.extension().poll(0);
      expect(query).to.deep.include({
        type: 'type',
        tab_id: 4,
        params: { selector: '#q', text: 'hello', clear: true, timeout_ms: 2_000 },
      });
    });

    it('returns the result inline when it arrives within wait_ms, and that counts as retrieved', async () => {
      const ext = h.extension();
      const extensionLoop = (async () => {
        const [query] = await ext.poll(5_000);
        await ext.report(query!.correlation_id, 'complete', { result: { success: true, data: 'Inline Title' } });
      })();
      const result = await call('interact', { action: 'execute_js', script: 'return document.title', wait_ms: 5_000 });
      await extensionLoop;
      // Inline: what the agent acts on next; the timeline and times stay in observe command_result.
      expect(result).to.have.all.keys('status', 'result', 'duration_ms');
      expect(result).to.include({ status: 'complete' });
      expect(result.result).to.deep.equal({ success: true, data: 'Inline Title' });
      // The id, should the agent want the rest: listed with the action.
      const [done] = (await call('observe', { what: 'pending_commands' })).completed;
      expect(done).to.include({ command: 'execute_js', retrieved: true });
      const full = await call('observe', { what: 'command_result', correlation_id: done.correlation_id });
      expect(full).to.include({ command: 'execute_js', status: 'complete' });
      expect(full.timeline.attempts).to.equal(1);
      const listed = await call('observe', { what: 'pending_commands' });
      expect(listed.completed[0].retrieved).to.equal(true);
    });

    it('sends a command without tab_id to the tab this client last acted on, never to another client’s (docs/mcp-tools.md)', async () => {
      const ext = h.extension();
      const other = await h.client('other');
      const first = await call('interact', { action: 'execute_js', script: 'return 1' });
      const [delivered] = await ext.poll(0);
      expect(delivered).not.to.have.any.keys('tab_id', 'default_tab_id');
      // The extension says where it ran: tab 42.
      expect(
        (await ext.report(first.correlation_id, 'complete', { result: { success: true, data: 1 }, tab_id: 42 })).body,
      ).to.deep.equal({
        accepted: true,
      });
      await call('interact', { action: 'click', selector: '#go' });
      await call('interact', { action: 'click', selector: '#go', tab_id: 7 });
      await call('interact', { action: 'refresh' }, other);
      const next = await ext.poll(0);
      expect(next.map((q) => [q.tab_id, q.default_tab_id])).to.deep.equal([
        [undefined, 42],
        [7, undefined],
        [undefined, undefined],
      ]);
      // A tab id the extension could not have: refused, nothing recorded (2^31 is the largest accepted).
      for (const bad of [-1, 2 ** 31 + 1, 1.5, '42']) {
        expect((await ext.report('corr-1-00000000', 'complete', { tab_id: bad })).status, String(bad)).to.equal(400);
      }
      expect((await ext.report('corr-1-00000000', 'complete', { tab_id: 2 ** 31 })).body).to.deep.include({ accepted: false });
    });

    it('returns the queued handle when wait_ms passes first', async () => {
      const started = performance.now();
      const result = await call('interact', { action: 'refresh', wait_ms: 150 });
      expect(result.status).to.equal('queued');
      // Not before its wait (timers fire at most a millisecond early); the upper bound only ends a hang.
      expect(performance.now() - started).to.be.within(140, 2_000);
    });

    it('carries a screenshot as an MCP image block, keeping the JSON small', async () => {
      const ext = h.extension();
      const { correlation_id } = await call('interact', { action: 'screenshot' });
      await ext.poll(0);
      await ext.report(correlation_id, 'complete', {
        result: { success: true, data: { image: { mime_type: 'image/png', base64: PNG_1x1, width: 1, height: 1 } } },
      });
      const result = await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id } });
      const [text, image] = result.content as Array<{ type: string; text?: string; data?: string; mimeType?: string }>;
      expect(image).to.deep.equal({ type: 'image', data: PNG_1x1, mimeType: 'image/png' });
      expect(text!.text).not.to.contain(PNG_1x1);
      expect(payload(result).result.data.image).to.deep.equal({
        mime_type: 'image/png',
        width: 1,
        height: 1,
        attached: `image content block (${Buffer.from(PNG_1x1, 'base64').length} bytes)`,
      });
    });

    it('carries a snapshot’s text as a text block of its own, not escaped into the JSON', async () => {
      const ext = h.extension();
      const snapshot = '- heading "todos" [level=1] [ref=e1]\n- textbox "What needs to be done?" [ref=e2]';
      const { correlation_id } = await call('interact', { action: 'snapshot' });
      await ext.poll(0);
      await ext.report(correlation_id, 'complete', {
        result: { success: true, data: { url: 'http://localhost:5173/', title: 'todos', snapshot } },
      });
      const result = await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id } });
      const [json, text] = result.content as Array<{ type: string; text: string }>;
      expect(text).to.deep.equal({ type: 'text', text: snapshot });
      expect(JSON.parse(json!.text).result.data).to.deep.equal({
        url: 'http://localhost:5173/',
        title: 'todos',
        snapshot: 'next text block',
      });
      // Structured content keeps the whole result.
      expect((result.structuredContent as any).result.data.snapshot).to.equal(snapshot);
    });

    it('keeps a snapshot of many-byte characters within the 60 000-byte budget, cut at a line and marked truncated', async () => {
      const ext = h.extension();
      // 1 500 buttons with Chinese labels, as the page counted them: characters, not bytes (90 KB).
      const snapshot = Array.from({ length: 1_500 }, (_, i) => `- button "提交订单并继续购物流程${i}" [ref=e${i}]`).join('\n');
      expect(Buffer.byteLength(snapshot)).to.be.above(60_000);
      const { correlation_id } = await call('interact', { action: 'snapshot' });
      await ext.poll(0);
      await ext.report(correlation_id, 'complete', {
        result: { success: true, data: { url: 'http://localhost:5173/', title: 'shop', snapshot, truncated: false } },
      });
      const result = await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id } });
      const blocks = result.content as Array<{ type: string; text: string }>;
      const bytes = blocks.reduce((sum, block) => sum + Buffer.byteLength(block.text), 0);
      expect(bytes).to.be.at.most(60_000);
      expect(JSON.parse(blocks[0]!.text).result.data.truncated).to.equal(true);
      const lines = blocks[1]!.text.split('\n');
      expect(lines.at(-1)).to.match(/^- note: cut at \d+ bytes/);
      expect(lines.slice(0, -1).every((line, i) => line === `- button "提交订单并继续购物流程${i}" [ref=e${i}]`)).to.equal(true);
    });

    it('shows an error as its code and the page’s sentence, once, with the stack as the only detail', async () => {
      const ext = h.extension();
      const { correlation_id } = await call('interact', { action: 'execute_js', script: 'throw new Error("nope")' });
      await ext.poll(0);
      await ext.report(correlation_id, 'error', {
        error: 'script_error',
        message: 'Error: nope',
        result: { stack: 'at <anonymous>:1:7' },
      });
      const result = await call('configure', { action: 'query_status', correlation_id });
      expect(result).to.deep.include({
        status: 'error',
        error: 'script_error',
        message: 'Error: nope',
        result: { stack: 'at <anonymous>:1:7' },
      });
      expect(result).to.not.have.property('error_code');
    });

    it('answers an inline failure with the extension’s code in error (ambiguous_selector), the same in failed_commands', async () => {
      const ext = h.extension();
      const message =
        '"button" matches 3 visible elements; pass one\'s ref, nth (0-2) or a narrower selector. 0: button "Save" [ref=e1]';
      const answer = call('interact', { action: 'click', selector: 'button', wait_ms: 5_000 });
      const [query] = await ext.poll(2_000);
      await ext.report(query!.correlation_id, 'error', { error: 'ambiguous_selector', message });
      const inline = await answer;
      expect(inline).to.deep.equal({
        status: 'error',
        error: 'ambiguous_selector',
        message,
      });
      const failed = await call('observe', { what: 'failed_commands' });
      expect(failed.commands[0]).to.include({
        correlation_id: query!.correlation_id,
        error: 'ambiguous_selector',
        message,
        status: 'error',
        command: 'click',
      });
    });

    it('reads an extension of the previous shape (sentence in error, code in result.error) the same way', async () => {
      const ext = h.extension();
      const { correlation_id } = await call('interact', { action: 'execute_js', script: 'x()' });
      await ext.poll(0);
      await ext.report(correlation_id, 'error', {
        error: 'ReferenceError: x is not defined\n    at <anonymous>:1:1',
        result: {
          success: false,
          error: {
            code: 'script_error',
            message: 'ReferenceError: x is not defined',
            stack: 'ReferenceError: x is not defined\n    at <anonymous>:1:1',
          },
        },
      });
      const result = await call('observe', { what: 'command_result', correlation_id });
      expect(result).to.deep.include({
        status: 'error',
        error: 'script_error',
        message: 'ReferenceError: x is not defined',
        result: { stack: '    at <anonymous>:1:1' },
      });
    });
  });

  describe('clients are isolated', () => {
    it('never lets one client read another’s command or see it listed', async () => {
      const other = await h.client('other');
      const mine = await call('interact', { action: 'refresh' });
      const theirs = await call('interact', { action: 'back' }, other);
      const peek = await client.callTool({
        name: 'observe',
        arguments: { what: 'command_result', correlation_id: theirs.correlation_id },
      });
      expect(peek.isError).to.equal(true);
      expect(payload(peek).error).to.equal('unknown_correlation_id');
      const listed = await call('observe', { what: 'pending_commands' });
      expect(listed.pending.map((c: { correlation_id: string }) => c.correlation_id)).to.deep.equal([mine.correlation_id]);
    });

    it('limits each client to 5 commands in flight, independently', async () => {
      const other = await h.client('other');
      for (let i = 0; i < 5; i++) await call('interact', { action: 'refresh' });
      const sixth = await client.callTool({ name: 'interact', arguments: { action: 'refresh' } });
      expect(sixth.isError).to.equal(true);
      expect(payload(sixth)).to.include({ error: 'queue_full' });
      expect(payload(sixth).retry_after_ms).to.be.within(1, 1_000);
      expect((await call('interact', { action: 'refresh' }, other)).status).to.equal('queued');
    });

    it('forgets a client’s commands when its session ends (DELETE)', async () => {
      const transport = new StreamableHTTPClientTransport(new URL(`${h.base}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${h.token}` } },
      });
      const other = new Client({ name: 'other', version: '1' });
      await other.connect(transport);
      await call('interact', { action: 'refresh' }, other);
      expect((await h.call('GET', '/health')).body.commands.in_flight).to.equal(1);
      await transport.terminateSession();
      await other.close();
      expect((await h.call('GET', '/health')).body.commands.in_flight).to.equal(0);
    });
  });

  describe('configure', () => {
    it('stores JSON, loads it back exactly, lists keys, and keeps them across a daemon restart', async () => {
      const data = { nested: { list: [1, 'two', null, true], n: 3.5 }, text: 'ünïcode ✓' };
      expect(await call('configure', { action: 'store', key: 'session.notes', data })).to.include({
        stored: true,
        key: 'session.notes',
      });
      await call('configure', { action: 'store', key: 'a-first', data: 'x' });
      expect(await call('configure', { action: 'load', key: 'session.notes' })).to.deep.equal({ key: 'session.notes', data });
      expect((await call('configure', { action: 'list_keys' })).keys).to.deep.equal(['a-first', 'session.notes']);

      const restarted = await startHarness({ stateDir: h.stateDir });
      try {
        const again = await restarted.client();
        expect(
          payload(await again.callTool({ name: 'configure', arguments: { action: 'load', key: 'session.notes' } })),
        ).to.deep.equal({ key: 'session.notes', data });
      } finally {
        await restarted.stop();
      }
    });

    it('adds noise rules that drop matching entries at ingest, lists and removes them, and keeps them across restarts', async () => {
      const added = await call('configure', { action: 'noise', op: 'add', pattern: 'favicon|analytics', category: 'logs' });
      expect(added).to.include({ added: true, count: 1 });
      const sent = await h
        .extension()
        .send('/logs', [logEntry({ message: 'GET /favicon.ico 404' }), logEntry({ message: 'real problem' })]);
      expect(sent.body).to.include({ received: 1, rejected: 0, filtered: 1 });
      expect(entriesOf(await call('observe', { what: 'logs' })).map((e: { message: string }) => e.message)).to.deep.equal([
        'real problem',
      ]);

      const restarted = await startHarness({ stateDir: h.stateDir });
      try {
        // Restored at start, before any agent (whose MCP side loads the pattern engine otherwise).
        const early = await restarted.extension().send('/logs', [logEntry({ message: 'GET /analytics.js 404' })]);
        expect(early.body).to.include({ received: 0, filtered: 1 });
        const again = await restarted.client();
        const listed = payload(await again.callTool({ name: 'configure', arguments: { action: 'noise', op: 'list' } }));
        expect(listed.rules).to.deep.equal([{ pattern: 'favicon|analytics', category: 'logs' }]);
      } finally {
        await restarted.stop();
      }
      expect(
        await call('configure', { action: 'noise', op: 'remove', pattern: 'favicon|analytics', category: 'logs' }),
      ).to.include({ removed: true, count: 0 });
    });

    it('clears buffers, keeping cursors valid', async () => {
      await h.extension().send('/logs', [logEntry(), logEntry()]);
      const { cursor } = await call('observe', { what: 'logs' });
      expect(await call('configure', { action: 'clear', buffer: 'logs' })).to.deep.equal({ cleared: { logs: 2 } });
      await h.extension().send('/logs', [logEntry({ message: 'after clear' })]);
      const next = await call('observe', { what: 'logs', after_cursor: cursor });
      expect(entriesOf(next).map((e: { message: string }) => e.message)).to.deep.equal(['after clear']);
      expect(next.cursor_restarted).to.equal(undefined);
    });

    it('reports health with the extension state, buffers, this client’s commands and versions', async () => {
      await call('interact', { action: 'refresh' });
      const health = await call('configure', { action: 'health' });
      expect(health).to.include({ status: 'ok', version: '0.1.0' });
      expect(health.extension.connected).to.equal(false);
      expect(health.client).to.deep.equal({ pending: 1, completed: 0, failed: 0 });
      expect(health.versions).to.deep.equal({ daemon: '0.1.0', bridge: null, mismatch: false });
      expect(health.buffers.logs.capacity).to.equal(1_000);
    });
  });

  describe('many calls at once', () => {
    it('answers 100 concurrent tools/call each with its own result', async () => {
      for (let i = 0; i < 100; i++) await call('configure', { action: 'store', key: `k${i}`, data: { i } });
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => call('configure', { action: 'load', key: `k${i}` })),
      );
      results.forEach((result, i) => expect(result).to.deep.equal({ key: `k${i}`, data: { i } }));
    });

    it('runs 8 parallel execute_js with wait_ms, all to completion (the 5-in-flight bound is waited out, not refused)', async () => {
      const ext = h.extension();
      let answered = 0;
      const extension = (async () => {
        while (answered < 8) {
          for (const query of await ext.poll(2_000)) {
            await new Promise((resolve) => setTimeout(resolve, 30)); // the page takes a moment
            await ext.report(query.correlation_id, 'complete', { result: { success: true, data: query.params.script } });
            answered++;
          }
        }
      })();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => call('interact', { action: 'execute_js', script: `return ${i}`, wait_ms: 10_000 })),
      );
      await extension;
      results.forEach((result, i) => {
        expect(result).to.include({ status: 'complete' });
        expect(result.result).to.deep.equal({ success: true, data: `return ${i}` });
      });
    });
  });
});
