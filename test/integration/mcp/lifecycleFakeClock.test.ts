import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { payload, startHarness, type Harness, type SimulatedExtension } from '../../support/daemonHarness.js';

// The full lifecycle through real HTTP and MCP, with the daemon composed on the fake clock:
// the simulated extension speaks the API with fetch, time moves only with tickAsync.
describe('command lifecycle through the daemon on the fake clock (docs/architecture.md (the command lifecycle))', () => {
  let h: Harness;
  let client: Client;
  let ext: SimulatedExtension;
  const tick = (ms: number) => h.clock!.tickAsync(ms);
  const result = async (correlation_id: string) =>
    payload(await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id } }));
  const queue = async (args: Record<string, unknown> = {}) =>
    payload(
      await client.callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return document.title', ...args } }),
    ).correlation_id as string;

  beforeEach(async () => {
    h = await startHarness({ fakeClock: true });
    client = await h.client();
    ext = h.extension();
  });

  afterEach(async () => h.stop());

  describe('a burst past the 5-in-flight bound with wait_ms (docs/mcp-tools.md)', () => {
    const interact = (args: Record<string, unknown>) =>
      client.callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return 1', ...args } });
    /** Real time passes until the daemon holds the call (the fake clock only moves with tick). */
    const held = () => h.holding();

    it('waits for a slot within wait_ms, then runs and answers inline', async () => {
      const first = await queue();
      for (let i = 0; i < 4; i++) await queue();
      let answered = false;
      const sixth = interact({ wait_ms: 3_000 }).then((r) => {
        answered = true;
        return r;
      });
      await held();
      await tick(500);
      expect(answered).to.equal(false);
      const queries = await ext.poll(0);
      expect(queries.map((q) => q.correlation_id)).to.include(first);
      await ext.report(first, 'complete', { result: { success: true, data: 'first' } });
      await tick(0);
      // The freed slot went to the waiting call: its command is queued, and then answered.
      const [next] = await ext.poll(0);
      expect(next).to.not.equal(undefined);
      await ext.report(next!.correlation_id, 'complete', { result: { success: true, data: 'sixth' } });
      await tick(0);
      const result = payload(await sixth);
      expect(result).to.include({ status: 'complete' });
      expect(result.result).to.deep.equal({ success: true, data: 'sixth' });
    });

    it('answers queue_full when no slot frees within wait_ms, exactly at its end on the daemon clock', async () => {
      for (let i = 0; i < 5; i++) await queue();
      let settled = false;
      const sixth = interact({ wait_ms: 1_000 }).then((r) => {
        settled = true;
        return r;
      });
      await held();
      await tick(999);
      expect(settled).to.equal(false);
      await tick(1);
      const answer = await sixth;
      expect(answer.isError).to.equal(true);
      expect(payload(answer)).to.include({ error: 'queue_full' });
      // Without wait_ms the bound answers at once, as before.
      const at = await interact({});
      expect(payload(at)).to.include({ error: 'queue_full' });
    });
  });

  it('happy path: poll → delivered → pending → complete → command_result complete', async () => {
    const id = await queue();
    const [query] = await ext.poll(0);
    expect(query).to.deep.include({
      correlation_id: id,
      type: 'execute_js',
      params: { script: 'return document.title', timeout_ms: 10_000 },
    });
    expect((await ext.report(id, 'pending')).body).to.deep.equal({ accepted: true });
    expect(await result(id)).to.include({ status: 'pending' });
    await tick(250);
    expect((await ext.report(id, 'complete', { result: { success: true, data: 'Title' } })).body).to.deep.equal({
      accepted: true,
    });
    const done = await result(id);
    expect(done).to.include({ status: 'complete', duration_ms: 250 });
    expect(done.timeline).to.include({ attempts: 1 });
  });

  it('no extension: expires extension_not_connected at 30 000 ms, not 29 999', async () => {
    const id = await queue();
    await tick(29_999);
    expect((await result(id)).status).to.equal('queued');
    await tick(1);
    expect(await result(id)).to.include({ status: 'expired', error: 'extension_not_connected' });
  });

  it('delivered but never acknowledged: extension_no_response at 3 000 ms with the documented hint', async () => {
    const id = await queue();
    await ext.poll(0);
    await tick(2_999);
    expect((await result(id)).status).to.equal('queued');
    await tick(1);
    const failed = payload(await client.callTool({ name: 'observe', arguments: { what: 'failed_commands' } }));
    expect(failed.commands[0]).to.include({
      correlation_id: id,
      error: 'extension_no_response',
      message: 'Extension did not respond within 3s of receiving command',
    });
  });

  it('worker restarted before acking (new boot_id): delivered again, then completes', async () => {
    const id = await queue();
    await ext.poll(0);
    await tick(1_500);
    ext.bootId = 'boot-2';
    expect((await ext.poll(0)).map((q) => q.correlation_id)).to.deep.equal([id]);
    await tick(2_000); // 3.5 s after the first delivery, 2 s after the second: still alive
    await ext.report(id, 'complete', { result: { success: true, data: 1 } });
    const done = await result(id);
    expect(done.status).to.equal('complete');
    expect(done.timeline.attempts).to.equal(2);
  });

  describe('a worker that claims before it runs (over HTTP)', () => {
    beforeEach(() => {
      ext.claims = true;
    });

    it("takes the claim of the worker the command is leased to, and refuses another start's", async () => {
      const id = await queue();
      await ext.poll(0);
      const other = h.extension(ext.instanceId, 'boot-other');
      expect((await other.claim(id)).body).to.deep.equal({ accepted: false, reason: 'not_lease_holder' });
      expect((await ext.claim(id)).body).to.deep.equal({ accepted: true });
      expect((await result(id)).status).to.equal('pending');
    });

    it('hands a claimed command to the restarted worker as a resume, never as a run, and takes the outcome it reports', async () => {
      const id = await queue({ timeout_ms: 8_000 });
      await ext.poll(0);
      await ext.claim(id);
      await tick(1_000);
      ext.bootId = 'boot-2';
      const [resume] = await ext.poll(0);
      expect(resume).to.deep.include({ correlation_id: id, resume: true, params: { timeout_ms: 7_000 } });
      await ext.report(id, 'complete', { result: { success: true, data: 'once' } });
      const done = await result(id);
      expect(done).to.deep.include({ status: 'complete', result: { success: true, data: 'once' } });
      expect(done.timeline).to.include({ attempts: 1 }).and.have.property('resumed_at');
    });

    it('reads claims=true from the query string of a GET poll', async () => {
      const id = await queue();
      await ext.poll(0);
      await ext.claim(id);
      const answer = await h.ext('GET', `/pending-queries?instance_id=${ext.instanceId}&boot_id=boot-3&claims=true`);
      expect(answer.body.queries.map((q: { resume?: boolean }) => q.resume)).to.deep.equal([true]);
    });

    it('refuses a claims flag that is not a boolean, changing nothing', async () => {
      const answer = await h.ext('POST', '/pending-queries', { instance_id: 'i', boot_id: 'b', claims: 'yes' });
      expect(answer.status).to.equal(400);
      expect(answer.body.error).to.equal('invalid_body');
    });
  });

  it('the same worker polling again gets nothing twice', async () => {
    await queue();
    expect(await ext.poll(0)).to.have.length(1);
    expect(await ext.poll(0)).to.deep.equal([]);
  });

  it('acked but silent: the server backstop fails it as timeout at limit + 2 s', async () => {
    const id = await queue({ timeout_ms: 5_000 });
    await ext.poll(0);
    await ext.report(id, 'pending');
    await tick(6_999);
    expect((await result(id)).status).to.equal('pending');
    await tick(1);
    expect(await result(id)).to.include({ status: 'timeout', error: 'execution_timeout' });
  });

  it('the extension reports a timeout itself', async () => {
    const id = await queue();
    await ext.poll(0);
    await ext.report(id, 'pending');
    await tick(10_000);
    await ext.report(id, 'timeout', { error: 'execution_timeout', message: 'execute_js exceeded its 10000 ms limit' });
    expect(await result(id)).to.include({
      status: 'timeout',
      error: 'execution_timeout',
      message: 'execute_js exceeded its 10000 ms limit',
    });
  });

  it('an unretrieved result moves to the failed ring as expired at 60 000 ms', async () => {
    const id = await queue();
    await ext.poll(0);
    await ext.report(id, 'complete', { result: 1 });
    await tick(59_999);
    const listed = payload(await client.callTool({ name: 'observe', arguments: { what: 'pending_commands' } }));
    expect(listed.completed.map((c: { correlation_id: string }) => c.correlation_id)).to.deep.equal([id]);
    await tick(1);
    const failed = payload(await client.callTool({ name: 'observe', arguments: { what: 'failed_commands' } }));
    expect(failed.commands[0]).to.include({
      correlation_id: id,
      error: 'result_expired',
      message: 'Result expired after 60s (not retrieved in time)',
    });
  });

  it('a duplicate or late result changes nothing and says why', async () => {
    const id = await queue();
    await ext.poll(0);
    await ext.report(id, 'complete', { result: 'first' });
    expect((await ext.report(id, 'complete', { result: 'second' })).body).to.deep.equal({
      accepted: false,
      reason: 'already_final',
    });
    expect((await result(id)).result).to.equal('first');
    const late = await queue();
    await ext.poll(0);
    await tick(3_000);
    expect((await ext.report(late, 'complete', { result: 'too late' })).body).to.deep.equal({
      accepted: false,
      reason: 'already_final',
    });
  });

  it('interact wait_ms returns the queued handle when the wait ends on the daemon clock', async () => {
    let answer: any;
    const pending = client
      .callTool({ name: 'interact', arguments: { action: 'refresh', wait_ms: 2_000 } })
      .then((r) => (answer = payload(r)));
    await h.holding(); // its wait starts on the daemon clock when the daemon holds it
    await tick(1_999);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answer).to.equal(undefined);
    await tick(1);
    await pending;
    expect(answer.status).to.equal('queued');
  });
});
