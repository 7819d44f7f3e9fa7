import { expect } from 'chai';
import { payload, startHarness, type Harness } from '../../support/daemonHarness.js';

/**
 * On the real clock, so each test says what the poll does, never how fast: a poll woken by a
 * command answers with it, one whose wait ran out answers with none, so what a poll carries tells
 * which of the two ended it. How quickly a command reaches a held poll is a benchmark
 * (docs/benchmarks.md, "command round trip"), not a test: a test that timed it failed on a loaded
 * machine. Where a test bounds a time, the bound is half a wait it must not have sat through.
 */
describe('GET /pending-queries long poll (real clock)', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness();
  });

  afterEach(async () => h.stop());

  it('wakes a waiting poll with a command queued while it waits', async () => {
    const ext = h.extension();
    const client = await h.client();
    const waiting = ext.poll(10_000);
    await h.holding();
    const { correlation_id } = payload(await client.callTool({ name: 'interact', arguments: { action: 'refresh' } }));
    // A poll that sat out its wait would answer with no queries.
    const queries = await waiting;
    expect(queries.map((q) => q.correlation_id)).to.deep.equal([correlation_id]);
    expect(queries[0]).to.deep.include({ type: 'refresh', params: { timeout_ms: 10_000 } });
    expect(queries[0]?.id).to.match(/^q-\d+$/);
  });

  it('drives the whole lifecycle: poll open → execute_js → delivered to the held poll → pending → complete → command_result', async () => {
    const ext = h.extension();
    const client = await h.client();
    const waiting = ext.poll(10_000);
    await h.holding();
    const { correlation_id } = payload(
      await client.callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return document.title' } }),
    );
    const [query] = await waiting;
    expect(query).to.deep.include({
      correlation_id,
      type: 'execute_js',
      params: { script: 'return document.title', timeout_ms: 10_000 },
    });
    expect((await ext.report(correlation_id, 'pending')).body).to.deep.equal({ accepted: true });
    expect(
      payload(await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id } })).status,
    ).to.equal('pending');
    expect((await ext.report(correlation_id, 'complete', { result: { success: true, data: 'Real Title' } })).body).to.deep.equal({
      accepted: true,
    });
    const result = payload(await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id } }));
    expect(result).to.deep.include({ status: 'complete', result: { success: true, data: 'Real Title' } });
    expect(Object.keys(result.timeline)).to.deep.equal(['queued_at', 'delivered_at', 'acked_at', 'finished_at', 'attempts']);
  });

  it('answers at once when a command is already queued', async () => {
    const client = await h.client();
    await client.callTool({ name: 'interact', arguments: { action: 'back' } });
    const started = performance.now();
    expect(await h.extension().poll(10_000)).to.have.length(1);
    expect(performance.now() - started).to.be.below(5_000); // half its wait: it did not wait
  });

  it('returns no queries when the wait ends without a command', async () => {
    const started = performance.now();
    expect(await h.extension().poll(200)).to.deep.equal([]);
    // Not before its wait (timers fire at most a millisecond early); the upper bound only ends a hang.
    expect(performance.now() - started).to.be.within(190, 2_000);
  });

  it('hands nothing to a poll whose request was abandoned', async () => {
    const ext = h.extension();
    const client = await h.client();
    const gone = new AbortController();
    const abandoned = ext.poll(10_000, gone.signal).catch(() => 'aborted');
    await h.holding();
    gone.abort();
    expect(await abandoned).to.equal('aborted');
    await h.holding((held) => held === 0); // the daemon saw the request go
    const { correlation_id } = payload(await client.callTool({ name: 'interact', arguments: { action: 'forward' } }));
    const status = payload(await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id } }));
    expect(status).to.include({ status: 'queued' });
    expect(status.timeline.delivered_at).to.equal(undefined);
    expect((await ext.poll(0)).map((q) => q.correlation_id)).to.deep.equal([correlation_id]);
  });

  it('ends a waiting poll cleanly, with no queries, when the daemon shuts down', async () => {
    const waiting = h.extension().poll(20_000);
    await h.holding();
    const started = performance.now();
    const stopping = h.daemon.stop();
    expect(await waiting).to.deep.equal([]);
    await stopping;
    expect(performance.now() - started).to.be.below(10_000); // half the poll's wait: the stop ended it
  });

  it('refuses a wait over 25 s and a missing instance or boot id with 400', async () => {
    expect((await h.ext('GET', '/pending-queries?instance_id=a&boot_id=b&wait_ms=25001')).status).to.equal(400);
    expect((await h.ext('GET', '/pending-queries?boot_id=b')).body).to.include({ error: 'invalid_query' });
    expect((await h.ext('GET', '/pending-queries?instance_id=a')).status).to.equal(400);
    expect((await h.ext('GET', '/pending-queries?instance_id=a&boot_id=b&wait_ms=soon')).status).to.equal(400);
  });

  it('reports the extension connected while a poll is held and up to 5 s after', async () => {
    expect((await h.call('GET', '/health')).body.extension).to.deep.equal({ connected: false, last_seen: null });
    const client = await h.client();
    const waiting = h.extension('inst-9').poll(10_000);
    await h.holding();
    const during = (await h.call('GET', '/health')).body.extension;
    expect(during).to.include({ connected: true, instance_id: 'inst-9' });
    await client.callTool({ name: 'interact', arguments: { action: 'refresh' } }); // ends the poll
    expect(await waiting).to.have.length(1);
    expect((await h.call('GET', '/health')).body.extension.connected).to.equal(true);
  });
});
