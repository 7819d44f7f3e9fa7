import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { payload, startHarness, type Harness, type SimulatedExtension } from '../../support/daemonHarness.js';
import { pick } from '../../support/picks.js';

// interact pick waits for a person — the one command that may run for minutes (up to
// 300 s), past the 60 s execution limit and its backstop; proven on the daemon's fake clock.
describe('interact pick through the daemon on the fake clock', () => {
  let h: Harness;
  let client: Client;
  let ext: SimulatedExtension;
  const tick = (ms: number) => h.clock!.tickAsync(ms);
  const interact = async (args: Record<string, unknown>) => client.callTool({ name: 'interact', arguments: args });
  const result = async (correlation_id: string) =>
    payload(await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id } }));
  /** Queues a pick, hands it to the extension and has it acknowledged (`pending`); its id. */
  const running = async (args: Record<string, unknown> = {}) => {
    const queued = payload(await interact({ action: 'pick', ...args }));
    const [query] = await ext.poll(0);
    await ext.report(queued.correlation_id, 'pending');
    return { id: queued.correlation_id as string, query: query! };
  };

  beforeEach(async () => {
    h = await startHarness({ fakeClock: true });
    client = await h.client();
    ext = h.extension();
  });

  afterEach(async () => h.stop());

  it('hands the extension the prompt with a 120 s limit by default', async () => {
    const { query } = await running({ prompt: 'Which total is wrong?' });
    expect(query).to.deep.include({ type: 'pick', params: { prompt: 'Which total is wrong?', timeout_ms: 120_000 } });
  });

  it('takes a timeout_ms up to 300 000 for a pick only; any other command stays within 60 000', async () => {
    expect(payload(await interact({ action: 'pick', timeout_ms: 300_000 })).status).to.equal('queued');
    const over = await interact({ action: 'pick', timeout_ms: 300_001 });
    expect(over.isError).to.equal(true);
    expect(payload(over).error).to.equal('invalid_params');
    const other = await interact({ action: 'execute_js', script: 'return 1', timeout_ms: 120_000 });
    expect(other.isError).to.equal(true);
    expect(payload(other).message).to.match(/timeout_ms/);
  });

  it('is still running at 299 s and completes with the person’s pick, stored and in compact form', async () => {
    const { id } = await running({ timeout_ms: 300_000 });
    await tick(299_000);
    expect((await result(id)).status).to.equal('pending');
    await ext.send('/picks', [pick({ via: 'agent', correlation_id: id, ts: h.clock!.now() })]);
    await ext.report(id, 'complete', { result: { success: true, data: { picked: true } }, tab_id: 1 });
    const done = await result(id);
    expect(done.status).to.equal('complete');
    expect(done.result.data).to.include({ id: 'p1', note: 'this button is misaligned', via: 'agent', correlation_id: id });
    expect(done.result.data.locator).to.equal("getByRole('button', { name: 'Add to cart', exact: true })");
  });

  it('fails by the daemon’s backstop only at delivery + its limit + 2 s when the extension goes silent', async () => {
    const { id } = await running({ timeout_ms: 300_000 });
    await tick(301_999);
    expect((await result(id)).status).to.equal('pending');
    await tick(1);
    expect(await result(id)).to.include({ status: 'timeout', error: 'execution_timeout' });
  });

  it('says so when the person picked but the pick never reached the daemon, rather than carry an unchecked copy', async () => {
    const { id } = await running();
    await ext.report(id, 'complete', { result: { success: true, data: { picked: true, note: 'raw page text' } } });
    const data = (await result(id)).result.data;
    expect(data.picked).to.equal(false);
    expect(JSON.stringify(data)).not.to.include('raw page text');
  });

  it('passes the extension’s pick_cancelled and pick_in_progress through as the command’s error', async () => {
    const { id } = await running();
    await ext.report(id, 'error', { error: 'pick_cancelled', message: 'The person pressed Escape' });
    expect(await result(id)).to.include({ status: 'error', error: 'pick_cancelled' });
    const other = payload(await interact({ action: 'click', selector: '#go' }));
    await ext.poll(0);
    await ext.report(other.correlation_id, 'error', { error: 'pick_in_progress', message: 'The person is pointing' });
    expect(await result(other.correlation_id)).to.include({ status: 'error', error: 'pick_in_progress' });
  });
});
