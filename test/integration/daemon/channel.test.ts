import { expect } from 'chai';
import { WebSocket } from 'ws';
import { CHANNEL_CLOSE, CHANNEL_LIMITS } from '../../../src/domain/wire/channel.js';
import { DaemonChannel, type ChannelSocket } from '../../../extension/src/worker/DaemonChannel.js';
import { ResultSender } from '../../../extension/src/worker/ResultSender.js';
import type { Query } from '../../../extension/src/shared/commands.js';
import { EXTENSION_HEADERS, payload, startHarness, type Harness } from '../../support/daemonHarness.js';

const ORIGIN = EXTENSION_HEADERS.origin as string;
const lease = (instance = 'inst-ch', boot = 'boot-1') => `instance_id=${instance}&boot_id=${boot}&claims=true`;

/** A raw channel, as a program would open it: every message it got, in order. */
class RawChannel {
  readonly got: any[] = [];
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  refusal: Promise<{ status: number; body: any }>;

  constructor(port: number, options: { path?: string; origin?: string | null; host?: string } = {}) {
    const path = options.path ?? `/channel?${lease()}`;
    this.socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
      ...(options.origin === null ? {} : { origin: options.origin ?? ORIGIN }),
      ...(options.host === undefined ? {} : { headers: { host: options.host } }),
    });
    this.socket.on('message', (data) => this.got.push(JSON.parse(String(data))));
    this.socket.on('error', () => undefined);
    this.refusal = new Promise((resolve) =>
      this.socket.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) }));
      }),
    );
    this.opened = new Promise((resolve) => this.socket.once('open', () => resolve()));
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (from `from` on) that `accept` takes. */
  async next(accept: (message: any) => boolean, from = 0): Promise<any> {
    for (let i = 0; i < 2_000; i++) {
      const found = this.got.slice(from).find(accept);
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    throw new Error(`no such message; got ${JSON.stringify(this.got).slice(0, 500)}`);
  }
}

const withQueries = (message: any) => message.type === 'queries' && message.queries.length > 0;

describe('the extension channel (docs/extension-protocol.md, "The channel")', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness();
  });

  afterEach(async () => h.stop());

  it('is refused before it opens exactly as the extension routes are: Host, Origin, path spelling, query, no upgrade', async () => {
    const cases: Array<[RawChannel, number, string]> = [
      [new RawChannel(h.port, { origin: null }), 403, 'forbidden_origin'],
      [new RawChannel(h.port, { origin: 'http://localhost:3000' }), 403, 'forbidden_origin'],
      [new RawChannel(h.port, { origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' }), 403, 'forbidden_origin'],
      [new RawChannel(h.port, { host: 'evil.example:80' }), 403, 'forbidden_host'],
      [new RawChannel(h.port, { path: `/Channel?${lease()}` }), 404, 'not_found'],
      [new RawChannel(h.port, { path: '/channel?instance_id=&boot_id=b' }), 400, 'invalid_query'],
      [new RawChannel(h.port, { path: `/channel?${lease()}&claim_on_delivery=yes` }), 400, 'invalid_query'],
      [
        new RawChannel(h.port, { path: `/channel?${lease()}&claim_on_delivery=true&claim_on_delivery=true` }),
        400,
        'invalid_query',
      ],
    ];
    for (const [channel, status, code] of cases) {
      const refused = await channel.refusal;
      expect(refused.status, code).to.equal(status);
      expect(refused.body.error).to.equal(code);
      expect(refused.body.message).to.be.a('string');
    }
    const plain = await h.ext('GET', `/channel?${lease()}`);
    expect(plain.status).to.equal(426);
    expect(plain.body.error).to.equal('upgrade_required');
    // None of them counted as the extension.
    expect((await h.call('GET', '/health')).body.extension.connected).to.equal(false);
  });

  it('pushes a command as it is queued, takes the claim and the result, and the agent gets it inline', async () => {
    const channel = new RawChannel(h.port);
    await channel.opened;
    const hello = await channel.next((m) => m.type === 'queries');
    expect(hello).to.deep.equal({ type: 'queries', queries: [], recording: { actions: true, values: true } });
    const health = (await h.call('GET', '/health')).body.extension;
    expect(health).to.include({ connected: true, instance_id: 'inst-ch', channel: 'websocket' });
    const client = await h.client();
    const call = client.callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return 1', wait_ms: 5_000 } });
    const { queries } = await channel.next(withQueries);
    const id = queries[0].correlation_id as string;
    expect(queries[0]).to.deep.include({ type: 'execute_js', params: { script: 'return 1', timeout_ms: 10_000 } });
    // Another start of the worker may not claim it: the lease is this channel's.
    channel.send({ type: 'result', id: 1, body: { correlation_id: id, status: 'pending', boot_id: 'boot-other' } });
    expect(await channel.next((m) => m.id === 1)).to.deep.equal({
      type: 'answer',
      id: 1,
      accepted: false,
      reason: 'not_lease_holder',
    });
    channel.send({ type: 'result', id: 2, body: { correlation_id: id, status: 'pending', boot_id: 'boot-1' } });
    expect(await channel.next((m) => m.id === 2)).to.deep.equal({ type: 'answer', id: 2, accepted: true });
    channel.send({ type: 'result', id: 3, body: { correlation_id: id, status: 'complete', result: { success: true, data: 1 } } });
    expect(payload(await call)).to.deep.include({ status: 'complete', result: { success: true, data: 1 } });
    expect(await channel.next((m) => m.id === 3)).to.deep.equal({ type: 'answer', id: 3, accepted: true });
    channel.send({ type: 'result', id: 4, body: { correlation_id: id, status: 'complete', result: { success: true, data: 2 } } });
    expect(await channel.next((m) => m.id === 4)).to.deep.equal({
      type: 'answer',
      id: 4,
      accepted: false,
      reason: 'already_final',
    });
    channel.send({ type: 'ping', id: 5 });
    expect(await channel.next((m) => m.id === 5)).to.deep.equal({ type: 'pong', id: 5 });
  });

  it('claims each command as it pushes it on a channel opened with claim_on_delivery: the worker runs it with no claim of its own, and a later start resumes it', async () => {
    const channel = new RawChannel(h.port, { path: `/channel?${lease()}&claim_on_delivery=true` });
    await channel.opened;
    const client = await h.client();
    const call = client.callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return 1', wait_ms: 5_000 } });
    const { queries } = await channel.next(withQueries);
    const id = queries[0].correlation_id as string;
    expect(queries[0]).to.deep.include({ type: 'execute_js', claimed: true });
    const status = payload(await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id: id } }));
    expect(status.status).to.equal('pending');
    expect(status.timeline.acked_at).to.be.a('string', 'claimed as it was pushed');
    // The same claim said again by the worker (an older one, or a retry) changes nothing.
    channel.send({ type: 'result', id: 1, body: { correlation_id: id, status: 'pending', boot_id: 'boot-1' } });
    expect(await channel.next((m) => m.id === 1)).to.deep.equal({ type: 'answer', id: 1, accepted: true });
    channel.send({ type: 'result', id: 2, body: { correlation_id: id, status: 'complete', result: { success: true, data: 1 } } });
    expect(payload(await call)).to.deep.include({ status: 'complete', result: { success: true, data: 1 } });

    // Claimed, it is never delivered to run again: a new start of the worker is asked to resume it.
    const second = client.callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return 2', wait_ms: 5_000 } });
    const pushed = await channel.next((m) => withQueries(m) && m.queries[0].correlation_id !== id);
    expect(pushed.queries[0]).to.deep.include({ claimed: true });
    const restarted = new RawChannel(h.port, { path: `/channel?${lease('inst-ch', 'boot-2')}&claim_on_delivery=true` });
    await restarted.opened;
    const { queries: resumed } = await restarted.next(withQueries);
    expect(resumed[0]).to.deep.include({ correlation_id: pushed.queries[0].correlation_id, resume: true });
    expect(resumed[0]).to.not.have.property('claimed');
    restarted.send({
      type: 'result',
      id: 1,
      body: { correlation_id: resumed[0].correlation_id, status: 'complete', result: { success: true, data: 2 } },
    });
    expect(payload(await second)).to.deep.include({ status: 'complete', result: { success: true, data: 2 } });
  });

  it('claims nothing for a worker that did not ask (no claim_on_delivery, or it without claims)', async () => {
    for (const path of [`/channel?${lease()}`, '/channel?instance_id=inst-other&boot_id=boot-9&claim_on_delivery=true']) {
      const channel = new RawChannel(h.port, { path });
      await channel.opened;
      const client = await h.client();
      void client.callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return 1' } });
      const { queries } = await channel.next(withQueries);
      expect(queries[0], path).to.not.have.property('claimed');
      const id = queries[0].correlation_id as string;
      const status = payload(
        await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id: id } }),
      );
      expect(status.timeline, path).to.not.have.property('acked_at');
      channel.socket.close();
      await channel.closed;
    }
  });

  it('refuses hostile messages in the one error shape and changes nothing; a message over 1 MB closes it (1009)', async () => {
    const channel = new RawChannel(h.port);
    await channel.opened;
    const client = await h.client();
    const queued = payload(await client.callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return 1' } }));
    const id = queued.correlation_id as string;
    await channel.next(withQueries);
    const from = channel.got.length;
    channel.send('not json');
    channel.send('[1,2]');
    channel.send({ type: 'result', body: {} });
    channel.send({ type: 'result', id: 0.5, body: {} });
    channel.send({ type: 'launch', id: 7 });
    channel.send({ type: 'result', id: 8, body: { correlation_id: id, status: 'done' } });
    channel.send({ type: 'result', id: 9, body: 'complete' });
    channel.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    // Nesting past 24 levels is cut, never an error: this result is taken, its deep part "[depth]".
    const deep = JSON.parse(`${'['.repeat(40)}1${']'.repeat(40)}`);
    channel.send({ type: 'result', id: 10, body: { correlation_id: id, status: 'pending', boot_id: 'boot-1', result: deep } });
    const refusals = await (async () => {
      await channel.next((m) => m.id === 10, from);
      return channel.got.slice(from).filter((m) => m.type === 'error');
    })();
    expect(refusals.map((m) => [m.id, m.error])).to.deep.equal([
      [undefined, 'invalid_json'],
      [undefined, 'invalid_message'],
      [undefined, 'invalid_message'],
      [undefined, 'invalid_message'],
      [7, 'unknown_message'],
      [8, 'invalid_body'],
      [9, 'invalid_body'],
      [undefined, 'invalid_message'],
    ]);
    for (const refusal of refusals) expect(refusal.message).to.be.a('string').and.not.equal('');
    expect(await channel.next((m) => m.id === 10, from)).to.deep.equal({ type: 'answer', id: 10, accepted: true });
    const state = payload(await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id: id } }));
    expect(state.status).to.equal('pending');
    channel.send({
      type: 'result',
      id: 11,
      body: { correlation_id: id, status: 'complete', result: 'x'.repeat(CHANNEL_LIMITS.maxMessageBytes) },
    });
    expect((await channel.closed).code).to.equal(1009);
    const after = payload(await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id: id } }));
    expect(after.status).to.equal('pending');
  });

  it('keeps one channel per browser profile: a newer one closes the older (4000); 8 profiles at most (503)', async () => {
    const first = new RawChannel(h.port);
    await first.opened;
    const second = new RawChannel(h.port, { path: `/channel?${lease('inst-ch', 'boot-2')}` });
    await second.opened;
    expect((await first.closed).code).to.equal(CHANNEL_CLOSE.replaced);
    const others = Array.from({ length: 7 }, (_, i) => new RawChannel(h.port, { path: `/channel?${lease(`inst-${i}`)}` }));
    await Promise.all(others.map((other) => other.opened));
    const refused = await new RawChannel(h.port, { path: `/channel?${lease('inst-9')}` }).refusal;
    expect(refused.status).to.equal(503);
    expect(refused.body.error).to.equal('too_many_channels');
    for (const other of [second, ...others]) other.socket.close();
  });

  it('tells a recording change at once', async () => {
    const channel = new RawChannel(h.port);
    await channel.opened;
    await channel.next((m) => m.type === 'queries');
    const client = await h.client();
    await client.callTool({ name: 'configure', arguments: { action: 'recording', values: false } });
    const told = await channel.next((m) => m.type === 'queries' && m.recording.values === false);
    expect(told).to.deep.equal({ type: 'queries', queries: [], recording: { actions: true, values: false } });
  });

  it('closes its channels (1001) when the daemon stops, at once', async () => {
    const channel = new RawChannel(h.port);
    await channel.opened;
    const started = Date.now();
    await h.daemon.stop();
    expect((await channel.closed).code).to.equal(1001);
    expect(Date.now() - started).to.be.below(1_000);
  });

  it('the extension’s own DaemonChannel: commands in, claims and results out, and HTTP when the channel is gone', async () => {
    const delivered: Query[] = [];
    const channel = new DaemonChannel({
      connect: (url) => new WebSocket(url, { origin: ORIGIN }) as unknown as ChannelSocket,
      onQueries: (queries) => delivered.push(...queries),
      onRecording: () => undefined,
      keepAlive: async () => undefined,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    });
    const overHttp: string[] = [];
    const sender = new ResultSender(channel, async (body) => {
      overHttp.push(body.status);
      return (await h.ext('POST', '/query-result', body, {})).body as { accepted: boolean };
    });
    const abort = new AbortController();
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const served = channel.run(`ws://127.0.0.1:${h.port}/channel?${lease('inst-x', 'boot-x')}`, abort.signal, opened);
    await open;
    const client = await h.client();
    const call = client.callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return 2', wait_ms: 5_000 } });
    while (delivered.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    const id = (delivered[0] as Query).correlation_id;
    expect(await sender.send({ correlation_id: id, status: 'pending', boot_id: 'boot-x' }, 2_500)).to.deep.equal({
      accepted: true,
    });
    abort.abort();
    expect(await served).to.equal(true);
    expect(
      await sender.send({ correlation_id: id, status: 'complete', result: { success: true, data: 2 } }, 10_000),
    ).to.deep.equal({
      accepted: true,
    });
    expect(overHttp).to.deep.equal(['complete']);
    expect(payload(await call)).to.deep.include({ status: 'complete', result: { success: true, data: 2 } });
  });
});

describe('the extension channel on the daemon clock', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness({ fakeClock: true });
  });

  afterEach(async () => h.stop());

  it('closes a channel that said nothing for 60 s (4001), not one that pings', async () => {
    const quiet = new RawChannel(h.port);
    const talking = new RawChannel(h.port, { path: `/channel?${lease('inst-talk')}` });
    await Promise.all([quiet.opened, talking.opened]);
    await quiet.next((m) => m.type === 'queries');
    await talking.next((m) => m.type === 'queries');
    let closed: number | undefined;
    void quiet.closed.then(({ code }) => (closed = code));
    for (let second = 0; second < 59; second += 20) {
      talking.send({ type: 'ping', id: second + 1 });
      await talking.next((m) => m.id === second + 1);
      await h.clock!.tickAsync(20_000);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).to.equal(CHANNEL_CLOSE.idle);
    expect(talking.socket.readyState).to.equal(WebSocket.OPEN);
    talking.socket.close();
  });
});
