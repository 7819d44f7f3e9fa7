import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { logEntry, payload, startHarness, type Harness } from '../../support/daemonHarness.js';

const PAGE = 'http://localhost:5173/cart';
const STACK = 'TypeError: total is undefined\n    at save (http://localhost:5173/src/cart.ts:10:5)';
const T = Date.now() - 60_000;

/** A person's session in tab 7 (a1 load, a2 fill, a3 click Save, a4 the push Save made) and one action in tab 9 (a5). */
const SESSION = [
  { ts: T, tab_id: 7, by: 'human', type: 'navigate', navigation: 'load', url: PAGE },
  {
    ts: T + 1_000,
    tab_id: 7,
    by: 'human',
    type: 'fill',
    url: PAGE,
    selector: '#qty',
    locator: "getByLabel('Quantity', { exact: true })",
    value: '3',
  },
  {
    ts: T + 2_000,
    tab_id: 7,
    by: 'human',
    type: 'click',
    url: PAGE,
    selector: 'role=button[name="Save"]',
    locator: "getByRole('button', { name: 'Save', exact: true })",
  },
  { ts: T + 2_100, tab_id: 7, by: 'human', type: 'navigate', navigation: 'push', url: `${PAGE}?saved=1` },
  { ts: T + 2_200, tab_id: 9, by: 'human', type: 'click', url: 'http://localhost:5173/other', selector: '#x' },
];
const ERROR = { message: 'TypeError: total is undefined', source: 'exception', stack: STACK, url: PAGE, tab_id: 7 };

describe('interact replay over MCP, with a simulated extension (docs/mcp-tools.md)', () => {
  let h: Harness;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => payload(await client.callTool({ name, arguments: args }));
  const fails = async (args: Record<string, unknown>) => {
    const result = await client.callTool({ name: 'interact', arguments: { action: 'replay', ...args } });
    expect(result.isError, JSON.stringify(result)).to.equal(true);
    return payload(result) as { error: string; message: string };
  };

  beforeEach(async () => {
    h = await startHarness();
    client = await h.client();
    const ext = h.extension();
    expect((await ext.send('/actions', SESSION)).body).to.deep.include({ received: 5 });
    // l1: Save's error when the person clicked it.
    expect((await ext.send('/logs', [logEntry({ ...ERROR, ts: T + 2_050 })])).body).to.deep.include({ received: 1 });
  });

  afterEach(async () => h.stop());

  it('queues ONE replay command with the steps of the range and an execution limit derived from them', async () => {
    const queued = await call('interact', { action: 'replay', from: 'a1', settle_ms: 500 });
    expect(queued.status).to.equal('queued');
    const [query, ...more] = await h.extension().poll(0);
    expect(more).to.deep.equal([]);
    expect(query?.type).to.equal('replay');
    expect(query?.params).to.deep.equal({
      steps: [
        { id: 'a1', type: 'navigate', params: { url: PAGE } },
        {
          id: 'a2',
          type: 'type',
          params: { selector: '#qty', text: '3', clear: true },
          locator: "getByLabel('Quantity', { exact: true })",
        },
        {
          id: 'a3',
          type: 'click',
          params: { selector: 'role=button[name="Save"]' },
          locator: "getByRole('button', { name: 'Save', exact: true })",
        },
        { id: 'a4', type: 'caused', params: { url: `${PAGE}?saved=1` }, caused_by: 'a3', navigates: true },
      ],
      settle_ms: 500,
      // 1 s + a load (5 s) and two element steps (3 s), each + 500 ms of settle.
      timeout_ms: 1_000 + 5_500 + 2 * 3_500,
    });
  });

  it('says reproduced:true with the new ids when the range’s error happens again in the replay’s tab', async () => {
    const queued = await call('interact', { action: 'replay', from: 'a1', to: 'a3' });
    const ext = h.extension();
    const [query] = await ext.poll(0);
    await ext.report(query!.correlation_id, 'pending');
    // The replay's own error (l2), the same text elsewhere in another tab (l3), then the result.
    await ext.send('/logs', [logEntry({ ...ERROR, ts: Date.now() }), logEntry({ ...ERROR, tab_id: 9, ts: Date.now() })]);
    const steps = [
      { id: 'a1', ok: true },
      { id: 'a2', ok: true },
      { id: 'a3', ok: true, effects: { errors: [{ message: 'TypeError: total is undefined', at: 'src/cart.ts:10:5' }] } },
    ];
    await ext.report(query!.correlation_id, 'complete', { result: { success: true, data: { steps } }, tab_id: 7 });
    const result = await call('observe', { what: 'command_result', correlation_id: queued.correlation_id });
    expect(result).to.include({ status: 'complete', command: 'replay' });
    expect(result.result).to.deep.equal({
      success: true,
      data: {
        reproduced: true,
        errors: [{ message: 'TypeError: total is undefined', at: 'src/cart.ts:10:5', original: ['l1'], again: ['l2'] }],
        steps,
      },
    });
  });

  it('says reproduced:false when the replay ran without the error', async () => {
    const ext = h.extension();
    const answer = (async () => {
      const [query] = await ext.poll(5_000);
      await ext.send('/logs', [logEntry({ ...ERROR, message: 'TypeError: something else', ts: Date.now() })]);
      await ext.report(query!.correlation_id, 'complete', { result: { success: true, data: { steps: [] } }, tab_id: 7 });
    })();
    const result = await call('interact', { action: 'replay', from: 'a2', to: 'a3', wait_ms: 5_000 });
    await answer;
    expect(result.status).to.equal('complete');
    expect(result.result.data).to.deep.include({ reproduced: false });
    expect(result.result.data.errors).to.deep.equal([
      { message: 'TypeError: total is undefined', at: 'src/cart.ts:10:5', original: ['l1'], again: [] },
    ]);
  });

  it('passes a step whose target is gone on as replay_step_failed, with the steps before it and whether the error came again', async () => {
    const ext = h.extension();
    const answer = (async () => {
      const [query] = await ext.poll(5_000);
      await ext.send('/logs', [logEntry({ ...ERROR, ts: Date.now() })]);
      await ext.report(query!.correlation_id, 'error', {
        error: 'replay_step_failed',
        message: `Step a3 (click getByRole('button', { name: 'Save', exact: true })) failed: No element matches "role=button[name=\\"Save\\"]" (waited 2000 ms)`,
        result: {
          failed_step: 'a3',
          error: 'element_not_found',
          steps: [
            { id: 'a1', ok: true },
            { id: 'a2', ok: true },
          ],
        },
        tab_id: 7,
      });
    })();
    const result = await call('interact', { action: 'replay', from: 'a1', wait_ms: 5_000 });
    await answer;
    expect(result).to.include({ status: 'error', error: 'replay_step_failed' });
    expect(result.message).to.match(
      /^Step a3 \(click getByRole\('button', \{ name: 'Save', exact: true \}\)\) failed: No element/,
    );
    expect(result.result).to.deep.include({ reproduced: true, failed_step: 'a3', error: 'element_not_found' });
    expect(result.result.steps).to.have.length(2);
  });

  it('refuses a bad range or a missing value with a clear error, and queues nothing', async () => {
    expect(await fails({ from: 'a3', to: 'a1' })).to.deep.include({ error: 'invalid_params' });
    expect((await fails({ from: 'a3', to: 'a1' })).message).to.match(/from \(a3\) comes after to \(a1\)/);
    expect((await fails({ from: 'a1', to: 'a5' })).message).to.match(/different tabs \(7 and 9\)/);
    expect(await fails({ from: 'a99' })).to.deep.include({ error: 'unknown_entry' });
    expect((await fails({ from: 'l1' })).message).to.match(/from must be an action id/);
    expect((await fails({})).message).to.match(/from/);
    expect((await fails({ from: 'a1', values: { a3: 'x' } })).message).to.match(/values names a3, which is not a fill or select/);
    expect((await fails({ from: 'a1', selector: '#x' })).message).to.match(/selector: not an argument of interact replay/);
    const ext = h.extension();
    await ext.send('/actions', [
      {
        ts: T + 3_000,
        tab_id: 7,
        by: 'human',
        type: 'fill',
        url: PAGE,
        selector: '#pw',
        value: '[redacted]',
        value_name: 'Password',
      },
    ]);
    const needs = await fails({ from: 'a6' });
    expect(needs.error).to.equal('replay_needs_value');
    expect(needs.message).to.match(/Step a6 \(fill #pw\).*"Password".*values: \{"a6": "…"\}/);
    expect(await ext.poll(0)).to.deep.equal([]);
    expect((await call('observe', { what: 'pending_commands' })).pending).to.deep.equal([]);
    // With the value, it runs: the secret travels only to the extension, in the step.
    await call('interact', { action: 'replay', from: 'a6', values: { a6: 's3cret' } });
    const [query] = await ext.poll(0);
    expect((query?.params.steps as Array<{ params: unknown }>)[1]?.params).to.deep.equal({
      selector: '#pw',
      text: 's3cret',
      clear: true,
    });
  });
});
