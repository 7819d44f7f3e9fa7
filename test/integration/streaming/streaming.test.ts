import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { StreamDispatcher } from '../../../src/application/streaming/StreamDispatcher.js';
import { logEntry, payload, startHarness, type Harness, type SimulatedExtension } from '../../support/daemonHarness.js';
import { connectBridge, type Bridge } from '../../support/processes.js';
import { entriesOf } from '../../support/listEntries.js';
import { until } from '../../support/until.js';

interface Received {
  readonly level: string;
  readonly logger?: string;
  readonly data: Record<string, unknown>;
  readonly at: number;
}

/** A daemon in this process and an MCP client through the real stdio bridge (built CLI), recording notifications. */
async function rig(h: Harness, name = 'stream-client') {
  const bridge = await connectBridge(h.port, h.stateDir, 'dist/cli.cjs', name);
  const received: Received[] = [];
  bridge.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    received.push({ ...(n.params as { level: string; logger?: string; data: Record<string, unknown> }), at: performance.now() });
  });
  const call = async (tool: string, args: Record<string, unknown>) =>
    payload(await bridge.client.callTool({ name: tool, arguments: args }));
  return { bridge, received, call, types: () => received.map((r) => String(r.data.event_type)) };
}

/**
 * A pause after the notifications a test waited for, in which one that should not come would
 * arrive. Only ever used after waiting for what should come: a slow machine can make it miss an
 * extra notification, never fail a test whose daemon sent the right ones.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('streaming through the real stdio bridge (seed 003 test plan)', function () {
  this.timeout(30_000);
  let h: Harness;
  let ext: SimulatedExtension;
  const bridges: Bridge[] = [];
  /** A client through its own bridge, closed after the test. */
  const open = async (name?: string) => {
    const c = await rig(h, name);
    bridges.push(c.bridge);
    return c;
  };

  afterEach(async () => {
    await Promise.all(bridges.splice(0).map((b) => b.client.close().catch(() => undefined)));
    await h.stop();
  });

  describe('on the real clock', () => {
    beforeEach(async () => {
      h = await startHarness();
      ext = h.extension();
    });

    it('1. a console.error reaches the client as a notification as it is posted', async () => {
      const c = await open();
      expect(await c.call('configure', { action: 'streaming', enabled: true, subscribe: ['error'] })).to.deep.equal({
        configured: true,
        streaming_enabled: true,
      });
      // The daemon loads its extension routes on their first request (docs/install.md); that load is
      // start-up, not delivery: the 100 ms are measured on a daemon that has served one.
      await ext.send('/logs', []);
      const posted = performance.now();
      await ext.send('/logs', [logEntry({ message: 'TypeError: x is undefined', tab_id: 7 })]);
      await until(() => c.received.length > 0, 'the notification');
      const [notice] = c.received;
      // Pushed, not waiting for the client to read: a few ms here. The contract's 100 ms (and
      // the 20 ms p99 target) is a benchmark (docs/benchmarks.md, "Streaming"), which a test on a
      // loaded machine cannot hold; this bound only catches a notification that waits for
      // something else to happen.
      expect(notice!.at - posted).to.be.below(2_000);
      expect(notice).to.deep.include({ level: 'error', logger: 'browsertap' });
      expect(notice!.data).to.deep.include({
        event_type: 'error',
        severity: 'high',
        message: 'TypeError: x is undefined',
        url: 'http://localhost:3000/app',
        tab_id: 7,
      });
      expect(notice!.data.timestamp).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('2. an HTTP 500 is a network_failure notification', async () => {
      const c = await open();
      await c.call('configure', { action: 'streaming', enabled: true, subscribe: ['network_failure'] });
      await ext.send('/network-bodies', [
        {
          url: 'http://localhost:3000/api/save',
          method: 'POST',
          status: 500,
          status_text: 'Internal Server Error',
          duration_ms: 40,
          ts: Date.now(),
        },
      ]);
      await until(() => c.received.length > 0, 'the notifications');
      expect(c.received[0]).to.deep.include({ level: 'error' });
      expect(c.received[0]!.data).to.deep.include({
        event_type: 'network_failure',
        severity: 'high',
        status: 500,
        method: 'POST',
        message: 'POST http://localhost:3000/api/save → 500 Internal Server Error',
      });
    });

    it('4. severity high streams only high and critical errors', async () => {
      const c = await open();
      await c.call('configure', { action: 'streaming', enabled: true, subscribe: ['error'], filters: { severity: 'high' } });
      await ext.send('/logs', [
        logEntry({ level: 'warn', message: 'just a warning' }),
        logEntry({ message: 'an error' }),
        logEntry({ source: 'exception', message: 'Uncaught boom' }),
      ]);
      await until(() => c.received.length >= 2, 'the notifications');
      await settle();
      expect(c.received.map((r) => [r.level, r.data.message])).to.deep.equal([
        ['error', 'an error'],
        ['critical', 'Uncaught boom'],
      ]);
    });

    it('5. url_pattern ^https://api streams only matching events; exclude_pattern drops noise', async () => {
      const c = await open();
      await c.call('configure', {
        action: 'streaming',
        enabled: true,
        subscribe: ['all'],
        filters: { url_pattern: '^https://api', exclude_pattern: 'healthz' },
      });
      await ext.send('/network-bodies', [
        { url: 'https://app.example.test/x', method: 'GET', status: 500, duration_ms: 1, ts: 1 },
        { url: 'https://api.example.test/items', method: 'GET', status: 502, duration_ms: 1, ts: 2 },
        { url: 'https://api.example.test/healthz', method: 'GET', status: 503, duration_ms: 1, ts: 3 },
      ]);
      await until(() => c.received.length >= 1, 'the notifications');
      await settle();
      expect(c.received.map((r) => r.data.url)).to.deep.equal(['https://api.example.test/items']);
    });

    it('6. unsubscribing stops delivery', async () => {
      const c = await open();
      await c.call('configure', { action: 'streaming', enabled: true, subscribe: ['error'] });
      await ext.send('/logs', [logEntry({ message: 'before' })]);
      await until(() => c.received.length === 1, 'the notifications');
      expect(await c.call('configure', { action: 'streaming', enabled: false })).to.deep.equal({
        configured: true,
        streaming_enabled: false,
      });
      await ext.send('/logs', [logEntry({ message: 'after' })]);
      await settle();
      expect(c.received.map((r) => r.data.message)).to.deep.equal(['before']);
    });

    it('7. a bridge that goes away takes its subscription, timers and held messages with it', async () => {
      const dispatcher = h.daemon.container.get(StreamDispatcher);
      for (let i = 0; i < 5; i++) {
        const c = await rig(h, `cycle-${i}`);
        await c.call('configure', { action: 'streaming', enabled: true, subscribe: ['error'], filters: { rate_limit: 1 } });
        await ext.send('/logs', [logEntry(), logEntry(), logEntry()]);
        expect(dispatcher.subscribers).to.equal(1);
        await c.bridge.client.close();
        await until(() => dispatcher.subscribers === 0 && h.daemon.sessions.size === 0, 'the bridge gone');
      }
    });

    it('8. observe keeps working while streaming, and tool results carry unseen alerts once', async () => {
      const c = await open();
      await c.call('configure', { action: 'streaming', enabled: true, subscribe: ['error'] });
      await ext.send('/logs', [logEntry({ message: 'first' }), logEntry({ message: 'second' })]);
      await until(() => c.received.length === 2, 'the notifications');
      const read = await c.call('observe', { what: 'errors' });
      expect(entriesOf(read).map((e: { message: string }) => e.message)).to.deep.equal(['first', 'second']);
      expect(read.alerts).to.deep.include({ more: 0 });
      expect(read.alerts.entries.map((e: { message: string }) => e.message)).to.deep.equal(['first', 'second']);
      expect((await c.call('observe', { what: 'errors' })).alerts).to.equal(undefined);
    });

    it('two clients with different subscriptions each get exactly their own events', async () => {
      const [a, b] = [await open('a'), await open('b')];
      await a.call('configure', { action: 'streaming', enabled: true, subscribe: ['error'] });
      await b.call('configure', { action: 'streaming', enabled: true, subscribe: ['websocket_close'] });
      await ext.send('/logs', [logEntry({ message: 'for a' })]);
      await ext.send('/websocket-events', [
        { connection_id: 'w', url: 'ws://localhost:3000/live', event: 'close', code: 1006, ts: 1 },
      ]);
      await until(() => a.received.length === 1 && b.received.length === 1, 'the notifications');
      await settle();
      expect(a.types()).to.deep.equal(['error']);
      expect(b.received.map((r) => [r.level, r.data.event_type, r.data.code])).to.deep.equal([
        ['warning', 'websocket_close', 1006],
      ]);
    });

    it('refuses unsafe patterns at subscribe with a clear error, and an unknown filter', async () => {
      const c = await open();
      const unsafe = await c.bridge.client.callTool({
        name: 'configure',
        arguments: { action: 'streaming', enabled: true, filters: { url_pattern: '(?<=/api)/v2' } },
      });
      expect(unsafe.isError).to.equal(true);
      expect(payload(unsafe)).to.deep.include({ error: 'unsafe_pattern' });
      expect(payload(unsafe).message).to.match(/^url_pattern rejected: .*lookaround/);
      const long = await c.bridge.client.callTool({
        name: 'configure',
        arguments: { action: 'streaming', enabled: true, filters: { exclude_pattern: 'a'.repeat(101) } },
      });
      expect(payload(long).message).to.contain('the limit is 100');
      const unknown = await c.bridge.client.callTool({
        name: 'configure',
        arguments: { action: 'streaming', enabled: true, filters: { rate: 3 } },
      });
      expect(payload(unknown).error).to.equal('invalid_params');
      expect((await c.call('configure', { action: 'streaming_status' })).streaming_enabled).to.equal(false);
    });
  });

  describe('on the fake clock (windows)', () => {
    beforeEach(async () => {
      h = await startHarness({ fakeClock: true });
      ext = h.extension();
    });

    /**
     * Moves the daemon's clock; then waits for the notifications that tick sends (`arrived`)
     * to come through the bridge, and a moment more in which an extra one would show.
     */
    const tick = async (ms: number, arrived?: () => boolean) => {
      await h.clock!.tickAsync(ms);
      if (arrived !== undefined) await until(arrived, 'the notifications of the tick');
      await settle();
    };
    const errors = (c: { received: Received[] }) => c.received.filter((r) => r.data.event_type === 'error');

    it('3. 10 errors at once against limit 5: 5 sent, one rate_limit_exceeded, the rest after the window', async () => {
      const c = await open();
      await c.call('configure', { action: 'streaming', enabled: true, subscribe: ['error'], filters: { rate_limit: 5 } });
      await ext.send(
        '/logs',
        Array.from({ length: 10 }, (_, i) => logEntry({ message: `e${i}` })),
      );
      await tick(0, () => c.received.length >= 6);
      expect(c.types()).to.deep.equal(['error', 'error', 'error', 'error', 'error', 'rate_limit_exceeded']);
      expect(c.received[5]).to.deep.include({ level: 'warning' });
      expect(c.received[5]!.data).to.include({ throttled: 1 });
      const status = await c.call('configure', { action: 'streaming_status' });
      expect(status).to.deep.include({ queue_depth: 5, counters: { matched: 10, sent: 5, throttled: 5, dropped: 0 } });
      await tick(999);
      expect(c.received).to.have.length(6);
      await tick(1, () => c.received.length >= 11);
      expect(c.received.slice(6).map((r) => r.data.message)).to.deep.equal(['e5', 'e6', 'e7', 'e8', 'e9']);
    });

    it('3b. 10 errors spread over a second against limit 5: the excess is queued and each leaves as a slot frees', async () => {
      const c = await open();
      await c.call('configure', { action: 'streaming', enabled: true, subscribe: ['error'], filters: { rate_limit: 5 } });
      for (let i = 0; i < 10; i++) {
        await ext.send('/logs', [logEntry({ message: `e${i}` })]);
        // The first 5 go at once; the rest wait for a slot.
        await tick(i === 9 ? 0 : 100, () => errors(c).length >= Math.min(i + 1, 5));
      }
      expect(errors(c).map((r) => r.data.message)).to.deep.equal(['e0', 'e1', 'e2', 'e3', 'e4']);
      await tick(100, () => errors(c).length >= 6); // t = 1000: e0's slot frees
      expect(errors(c).map((r) => r.data.message)).to.deep.equal(['e0', 'e1', 'e2', 'e3', 'e4', 'e5']);
      await tick(400, () => errors(c).length >= 10);
      expect(errors(c)).to.have.length(10);
    });

    it('drop overflow sends what fits and drops the rest, still announcing the throttle', async () => {
      const c = await open();
      await c.call('configure', {
        action: 'streaming',
        enabled: true,
        subscribe: ['error'],
        filters: { rate_limit: 2, overflow: 'drop' },
      });
      await ext.send(
        '/logs',
        Array.from({ length: 6 }, (_, i) => logEntry({ message: `e${i}` })),
      );
      await tick(0, () => c.received.length >= 3);
      await tick(2_000);
      expect(c.types()).to.deep.equal(['error', 'error', 'rate_limit_exceeded']);
      expect((await c.call('configure', { action: 'streaming_status' })).counters).to.deep.equal({
        matched: 6,
        sent: 2,
        throttled: 4,
        dropped: 4,
      });
    });
  });
});
