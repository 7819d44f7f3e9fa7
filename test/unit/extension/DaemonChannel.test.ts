import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { CHANNEL_LIMITS } from '../../../src/domain/wire/channel.js';
import type { Query } from '../../../extension/src/shared/commands.js';
import { CHANNEL, ChannelUnavailable, DaemonChannel, type ChannelSocket } from '../../../extension/src/worker/DaemonChannel.js';
import { DaemonRefused } from '../../../extension/src/worker/DaemonRefused.js';
import { ResultSender } from '../../../extension/src/worker/ResultSender.js';

/** A socket the test drives: what the worker sent, and the daemon's side played by hand. */
class FakeSocket implements ChannelSocket {
  readyState = 0;
  onopen: ChannelSocket['onopen'] = null;
  onmessage: ChannelSocket['onmessage'] = null;
  onclose: ChannelSocket['onclose'] = null;
  onerror: ChannelSocket['onerror'] = null;
  readonly sent: any[] = [];
  closedWith: number | undefined;

  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }
  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The daemon's side. */
  accept(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  say(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function setup() {
  const clock = createClock(0);
  const sockets: FakeSocket[] = [];
  const delivered: Query[][] = [];
  const recordings: unknown[] = [];
  let keepAlives = 0;
  const channel = new DaemonChannel({
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    onQueries: (queries) => delivered.push(queries),
    onRecording: (recording) => recordings.push(recording),
    keepAlive: async () => void keepAlives++,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle as number),
  });
  return { clock, sockets, delivered, recordings, channel, keepAlives: () => keepAlives };
}

const q: Query = { id: 'q-1', correlation_id: 'corr-1-aaaaaaaa', type: 'execute_js', params: {} };
const claim = { correlation_id: q.correlation_id, status: 'pending' as const, boot_id: 'boot-1' };

describe('extension DaemonChannel (the command channel)', () => {
  it('hands pushed commands and recording settings over, and answers claims by their id', async () => {
    const { sockets, delivered, recordings, channel } = setup();
    const abort = new AbortController();
    let opened = 0;
    const served = channel.run('ws://x', abort.signal, () => opened++);
    const socket = sockets[0] as FakeSocket;
    socket.accept();
    expect(opened).to.equal(1);
    expect(channel.open).to.equal(true);
    socket.say({ type: 'queries', queries: [], recording: { actions: true, values: false } });
    socket.say({ type: 'queries', queries: [q], recording: { actions: true, values: false } });
    expect(delivered).to.deep.equal([[q]]);
    expect(recordings).to.deep.equal([
      { actions: true, values: false },
      { actions: true, values: false },
    ]);
    const answer = channel.postResult(claim, 2_500);
    expect(socket.sent).to.deep.equal([{ type: 'result', body: claim, id: 1 }]);
    socket.say({ type: 'answer', id: 1, accepted: false, reason: 'not_lease_holder' });
    expect(await answer).to.deep.equal({ accepted: false, reason: 'not_lease_holder' });
    abort.abort();
    expect(await served).to.equal(true);
    expect(socket.closedWith).to.equal(1000);
  });

  it('a refusal is final (DaemonRefused); a channel that closes first or never answers is unavailable', async () => {
    const { clock, sockets, channel } = setup();
    const served = channel.run('ws://x', new AbortController().signal, () => undefined);
    const socket = sockets[0] as FakeSocket;
    socket.accept();
    const refused = channel.postResult(claim, 2_500);
    socket.say({ type: 'error', id: 1, error: 'invalid_body', message: 'result body status must be one of …' });
    const error = await refused.catch((e: unknown) => e);
    expect(error).to.be.instanceOf(DaemonRefused);
    expect((error as Error).message).to.include('invalid_body');
    const late = channel.postResult(claim, 2_500).catch((e: unknown) => e);
    await clock.tickAsync(2_500);
    expect(await late).to.be.instanceOf(ChannelUnavailable);
    const cut = channel.postResult(claim, 2_500).catch((e: unknown) => e);
    socket.drop();
    expect(await cut).to.be.instanceOf(ChannelUnavailable);
    expect(await served).to.equal(true);
    expect(channel.open).to.equal(false);
    expect(await channel.postResult(claim, 2_500).catch((e: unknown) => e)).to.be.instanceOf(ChannelUnavailable);
  });

  it('ignores what is not the daemon’s (not JSON, unknown ids, binary data)', () => {
    const { sockets, delivered, channel } = setup();
    void channel.run('ws://x', new AbortController().signal, () => undefined);
    const socket = sockets[0] as FakeSocket;
    socket.accept();
    socket.say('not json');
    socket.say({ type: 'answer', id: 99, accepted: true });
    socket.onmessage?.({ data: new ArrayBuffer(4) });
    socket.say({ type: 'queries', queries: 'nope' });
    expect(delivered).to.deep.equal([]);
  });

  it('gives up a channel not open within 2 s (then the loop polls over HTTP)', async () => {
    const { clock, sockets, channel } = setup();
    const served = channel.run('ws://x', new AbortController().signal, () => undefined);
    await clock.tickAsync(CHANNEL.openTimeoutMs);
    expect(await served).to.equal(false);
    expect((sockets[0] as FakeSocket).closedWith).to.equal(1000);
  });

  it('pings every 20 s with an extension API call, and takes a pong missing for 10 s as a dead channel', async () => {
    const { clock, sockets, channel, keepAlives } = setup();
    let ended = false;
    void channel.run('ws://x', new AbortController().signal, () => undefined).then(() => (ended = true));
    const socket = sockets[0] as FakeSocket;
    socket.accept();
    await clock.tickAsync(CHANNEL_LIMITS.heartbeatMs);
    expect(socket.sent).to.deep.equal([{ type: 'ping', id: 1 }]);
    expect(keepAlives()).to.equal(1);
    socket.say({ type: 'pong', id: 1 });
    await clock.tickAsync(CHANNEL_LIMITS.heartbeatMs);
    expect(socket.sent.at(-1)).to.deep.equal({ type: 'ping', id: 2 });
    expect(keepAlives()).to.equal(2);
    await clock.tickAsync(CHANNEL_LIMITS.pongTimeoutMs - 1);
    expect(ended).to.equal(false);
    await clock.tickAsync(1);
    expect(ended).to.equal(true);
    expect(socket.closedWith).to.equal(1000);
  });

  it('keeps at most 64 requests waiting; past that they go over HTTP', async () => {
    const { sockets, channel } = setup();
    void channel.run('ws://x', new AbortController().signal, () => undefined);
    (sockets[0] as FakeSocket).accept();
    for (let i = 0; i < CHANNEL_LIMITS.maxPending; i++) void channel.postResult(claim, 2_500).catch(() => undefined);
    expect(await channel.postResult(claim, 2_500).catch((e: unknown) => e)).to.be.instanceOf(ChannelUnavailable);
    const overHttp: unknown[] = [];
    const sender = new ResultSender(channel, async (body) => (overHttp.push(body), { accepted: true }));
    expect(await sender.send(claim, 2_500)).to.deep.equal({ accepted: true });
    expect(overHttp).to.deep.equal([claim]);
  });
});

describe('extension ResultSender (channel first, HTTP otherwise)', () => {
  it('says a claim over HTTP when the channel is not open, or lost it before its answer', async () => {
    const overHttp: Array<{ body: unknown; timeoutLeft: boolean }> = [];
    const http = async (body: unknown, signal: AbortSignal) => (
      overHttp.push({ body, timeoutLeft: !signal.aborted }),
      { accepted: true }
    );
    const closed = new ResultSender({ open: false, postResult: async () => ({ accepted: false }) }, http);
    expect(await closed.send(claim, 2_500)).to.deep.equal({ accepted: true });
    const lost = new ResultSender(
      {
        open: true,
        postResult: async () => {
          throw new ChannelUnavailable('the channel closed before the daemon answered');
        },
      },
      http,
    );
    expect(await lost.send(claim, 2_500)).to.deep.equal({ accepted: true });
    expect(overHttp).to.deep.equal([
      { body: claim, timeoutLeft: true },
      { body: claim, timeoutLeft: true },
    ]);
    const refused = new ResultSender(
      {
        open: true,
        postResult: async () => {
          throw new DaemonRefused(400, 'channel: invalid_body: …');
        },
      },
      http,
    );
    expect(await refused.send(claim, 2_500).catch((e: unknown) => e)).to.be.instanceOf(DaemonRefused);
    expect(overHttp).to.have.length(2);
  });
});
