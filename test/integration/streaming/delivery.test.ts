import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import { request, type IncomingMessage } from 'node:http';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { StreamDispatcher } from '../../../src/application/streaming/StreamDispatcher.js';
import { TYPES } from '../../../src/application/tokens.js';
import { logEntry, mcpMessages, startHarness, type Harness } from '../../support/daemonHarness.js';
import { until } from '../../support/until.js';

/** A bare Streamable HTTP client: sessions, calls, and a GET stream we read (or not) ourselves. */
class RawSession {
  sessionId = '';
  private next = 1;

  constructor(private readonly h: Harness) {}

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${this.h.token}`,
      ...(this.sessionId === '' ? {} : { 'mcp-session-id': this.sessionId, 'mcp-protocol-version': '2025-06-18' }),
    };
  }

  async open(): Promise<this> {
    const init = await fetch(`${this.h.base}/mcp`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: this.next++,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });
    this.sessionId = init.headers.get('mcp-session-id') ?? '';
    await init.text();
    await fetch(`${this.h.base}/mcp`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    return this;
  }

  async tool(name: string, args: Record<string, unknown>): Promise<any> {
    const response = await fetch(`${this.h.base}/mcp`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ jsonrpc: '2.0', id: this.next++, method: 'tools/call', params: { name, arguments: args } }),
    });
    return mcpMessages(await response.text())[0].result.structuredContent;
  }

  /** Opens the session's GET stream with node:http; the caller decides when to read it. */
  stream(): Promise<IncomingMessage> {
    const url = new URL(`${this.h.base}/mcp`);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/mcp',
          method: 'GET',
          headers: { ...this.headers(), accept: 'text/event-stream' },
        },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
  }
}

/** The notifications (data of each `notifications/message`) in an SSE text. */
const notices = (sse: string) =>
  sse
    .slice(0, sse.lastIndexOf('\n\n') + 1)
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { method: string; params: { level: string; data: Record<string, unknown> } })
    .filter((m) => m.method === 'notifications/message')
    .map((m) => m.params.data);

describe('stream delivery: held until attached, paused when not read, nothing left behind', function () {
  this.timeout(60_000);
  let h: Harness;

  afterEach(async () => h.stop());

  it('holds the first event after subscribing until the client’s stream attaches, then delivers it', async () => {
    h = await startHarness();
    const session = await new RawSession(h).open();
    await session.tool('configure', { action: 'streaming', enabled: true, subscribe: ['error'] });
    await h.extension().send('/logs', [logEntry({ message: 'raised before the stream existed' })]);
    // Matching runs in a task after the request: wait for it, not for a guess at how long it takes.
    await until(
      async () => (await session.tool('configure', { action: 'streaming_status' })).counters.matched === 1,
      'the entry matched',
    );
    expect((await session.tool('configure', { action: 'streaming_status' })).stream).to.deep.include({
      attached: false,
      held: 1,
    });
    const stream = await session.stream();
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    await until(() => notices(text).length > 0, 'the held notification');
    expect(notices(text)[0]).to.include({ event_type: 'error', message: 'raised before the stream existed' });
    stream.destroy();
  });

  it('pauses a client that stops reading (streaming_paused), bounds what it holds, and catches up when it reads again', async () => {
    h = await startHarness();
    const session = await new RawSession(h).open();
    await session.tool('configure', {
      action: 'streaming',
      enabled: true,
      subscribe: ['error'],
      filters: { rate_limit: 1000, overflow: 'drop' },
    });
    const stream = await session.stream();
    stream.pause();
    const big = 'x'.repeat(8_000);
    for (let batch = 0; batch < 10; batch++) {
      await h.extension().send(
        '/logs',
        Array.from({ length: 100 }, (_, i) => logEntry({ message: `${batch * 100 + i} ${big}` })),
      );
    }
    // Matching runs in tasks after the requests: what the stream held and dropped is read once
    // every entry went through it.
    await until(
      async () => (await session.tool('configure', { action: 'streaming_status' })).counters.matched === 1_000,
      'the 1 000 entries matched',
    );
    const status = await session.tool('configure', { action: 'streaming_status' });
    expect(status.stream.paused).to.equal(true);
    expect(status.stream.held).to.be.at.most(100);
    expect(status.stream.dropped).to.be.above(0);

    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    stream.resume();
    await until(() => notices(text).some((n) => String(n.message).startsWith('999 ')), 'the last entry, caught up');
    const seen = notices(text);
    const paused = seen.findIndex((n) => n.event_type === 'streaming_paused');
    const full = seen.findLastIndex((n) => n.event_type === 'buffer_full');
    expect(paused).to.be.above(0);
    expect(full).to.be.above(paused);
    // The socket may drain and fill again while the entries are matched (on a loaded machine
    // matching runs in several slices, with I/O between): each drain tells what it dropped so
    // far. The notice sent on catching up carries what the status counted, and every entry was
    // either sent or counted in a buffer_full.
    expect(seen[full]!.dropped).to.equal(status.stream.dropped);
    const sent = seen.filter((n) => n.event_type === 'error').length;
    const dropped = seen.filter((n) => n.event_type === 'buffer_full').reduce((sum, n) => sum + (n.dropped as number), 0);
    expect(sent + dropped).to.equal(1_000);
    expect(String(seen.at(-1)!.message).startsWith('999 ')).to.equal(true);
    expect((await session.tool('configure', { action: 'streaming_status' })).stream).to.include({ paused: false, held: 0 });
    stream.destroy();
  });

  it('leaves no subscription, timer, waiter or memory behind after 200 subscribe/disconnect cycles', async () => {
    h = await startHarness({ fakeClock: true });
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const dispatcher = h.daemon.container.get(StreamDispatcher);
    const waiters = h.daemon.container.get(TYPES.Waiters);
    const baselineTimers = h.clock!.pendingTasks();
    let heapAfterWarmup = 0;
    for (let cycle = 0; cycle < 200; cycle++) {
      const transport = new StreamableHTTPClientTransport(new URL(`${h.base}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${h.token}` } },
      });
      const client = new Client({ name: `cycle-${cycle}`, version: '1' });
      await client.connect(transport);
      await client.callTool({
        name: 'configure',
        arguments: { action: 'streaming', enabled: true, subscribe: ['error'], filters: { rate_limit: 1 } },
      });
      await h.extension().send('/logs', [logEntry(), logEntry(), logEntry()]);
      await h.clock!.tickAsync(0);
      expect(h.clock!.pendingTasks()).to.equal(baselineTimers + 1); // this client's release timer
      await transport.terminateSession();
      await client.close();
      if (cycle === 19) {
        gc();
        heapAfterWarmup = process.memoryUsage().heapUsed;
      }
    }
    await until(() => h.daemon.sessions.size === 0, 'every session gone');
    expect(dispatcher.subscribers).to.equal(0);
    expect(h.clock!.pendingTasks()).to.equal(baselineTimers);
    expect(waiters.size).to.equal(0);
    gc();
    const growthMb = (process.memoryUsage().heapUsed - heapAfterWarmup) / 2 ** 20;
    expect(growthMb, `heap grew ${growthMb.toFixed(1)} MB over 180 cycles`).to.be.below(8);
  });
});
