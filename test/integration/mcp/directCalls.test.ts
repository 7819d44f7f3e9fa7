import { expect } from 'chai';
import sinon from 'sinon';
import { DirectToolCalls } from '../../../src/adapters/inbound/mcp/DirectToolCalls.js';
import { mcpMessages, startHarness, type Harness } from '../../support/daemonHarness.js';
import { typicalConsole, typicalRequests } from '../../support/typicalCapture.js';
import { HANG_MS } from '../../support/until.js';

/** What a client gets for one POST: status, content type and body (event ids kept: both paths number alike). */
interface Reply {
  readonly status: number;
  readonly type: string | null;
  readonly body: string;
}

/** Where two texts part, with a little of each around it (chai's diff of long texts shows nothing). */
function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `at ${at}: direct …${a.slice(Math.max(0, at - 60), at + 60)}… sdk …${b.slice(Math.max(0, at - 60), at + 60)}…`;
}

const call = (id: number | string, name: string, args?: unknown, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, ...(args === undefined ? {} : { arguments: args }), ...extra },
});

/**
 * The corpus sent to both paths, in order, in one session each: every case a plain call can
 * take, and the neighbours that must stay on the SDK's path. A string is sent as it is (keys
 * JSON.stringify cannot write, such as an own `__proto__`).
 */
const CORPUS: ReadonlyArray<{ readonly name: string; readonly body: unknown }> = [
  { name: 'observe logs (a list of 100)', body: call(1, 'observe', { what: 'logs' }) },
  { name: 'observe network, full detail', body: call(2, 'observe', { what: 'network', detail: 'full', limit: 5 }) },
  { name: 'observe summary', body: call(3, 'observe', { what: 'summary' }) },
  { name: 'arguments in another order than the schema’s', body: call(4, 'observe', { limit: 3, zz: 1, what: 'logs', aa: 2 }) },
  { name: 'an unknown what', body: call(5, 'observe', { what: 'nothing' }) },
  { name: 'no what', body: call(6, 'observe', {}) },
  { name: 'no arguments at all', body: call(7, 'observe') },
  { name: 'an invalid argument', body: call(8, 'observe', { what: 'logs', limit: 'many' }) },
  { name: 'an unknown argument', body: call(9, 'observe', { what: 'logs', bogus: true }) },
  {
    name: 'a key the SDK drops (__proto__)',
    body: '{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"observe","arguments":{"what":"logs","__proto__":{"limit":1}}}}',
  },
  { name: 'configure store', body: call(11, 'configure', { action: 'store', key: 'k', data: { a: [1, 'two'] } }) },
  { name: 'configure load', body: call('twelve', 'configure', { action: 'load', key: 'k' }) },
  { name: 'interact with an invalid action', body: call(13, 'interact', { action: 'fly' }) },
  { name: 'an unknown tool', body: call(14, 'teleport', { to: 'mars' }) },
  { name: 'arguments an array', body: call(15, 'observe', ['logs']) },
  { name: 'arguments a string', body: call(16, 'observe', 'logs') },
  { name: 'a name that is no string', body: call(17, 7 as unknown as string, {}) },
  { name: 'a progress token', body: call(18, 'observe', { what: 'logs', limit: 2 }, { _meta: { progressToken: 'p' } }) },
  { name: 'an unknown params key', body: call(19, 'observe', { what: 'logs', limit: 2 }, { task: { ttl: 1000 } }) },
  { name: 'an id that is no safe integer', body: call(2 ** 53, 'observe', { what: 'logs', limit: 1 }) },
  { name: 'a fractional id', body: call(1.5, 'observe', { what: 'logs', limit: 1 }) },
  { name: 'an extra top-level key', body: { ...call(20, 'observe', { what: 'logs' }), extra: 1 } },
  { name: 'a ping', body: { jsonrpc: '2.0', id: 21, method: 'ping' } },
  { name: 'tools/list', body: { jsonrpc: '2.0', id: 22, method: 'tools/list' } },
];

/**
 * Plain `tools/call` requests skip the SDK's dispatch (DirectToolCalls.ts): the client must not
 * be able to tell. Two daemons on the fake clock, fed the same capture, one with the direct path
 * and one with every message through the SDK, answer the same corpus with the same bytes.
 */
describe('tool calls without the SDK’s dispatch answer byte for byte as through it', function () {
  this.timeout(30_000);
  let direct: Harness;
  let sdk: Harness;
  let taken: sinon.SinonSpy;
  /** Each daemon's run id, which starts its cursors (random per daemon): written as RUN to compare. */
  const runIds = new Map<Harness, string>();

  /** One POST to `/mcp` with the token, as a Streamable HTTP client sends it. */
  const send = (h: Harness, body: unknown, session: Record<string, string>) =>
    fetch(`${h.base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${h.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...session,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const post = async (h: Harness, body: unknown, session: Record<string, string>): Promise<Reply> => {
    const response = await send(h, body, session);
    const text = await response.text();
    const runId = runIds.get(h);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: runId ? text.replaceAll(runId, 'RUN') : text,
    };
  };
  const open = async (h: Harness, version: string) => {
    const init = { protocolVersion: version, capabilities: {}, clientInfo: { name: 'parity', version: '1' } };
    const response = await send(h, { jsonrpc: '2.0', id: 0, method: 'initialize', params: init }, {});
    await response.text();
    const session = { 'mcp-session-id': response.headers.get('mcp-session-id')!, 'mcp-protocol-version': version };
    await post(h, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    return session;
  };

  before(async () => {
    [direct, sdk] = await Promise.all([
      startHarness({ fakeClock: true }),
      startHarness({ fakeClock: true, directToolCalls: false }),
    ]);
    for (const h of [direct, sdk]) {
      await h.extension().send('/logs', typicalConsole(100));
      await h.extension().send('/network-bodies', typicalRequests(20));
      const reply = await post(h, call(1, 'observe', { what: 'logs', limit: 1 }), await open(h, '2025-06-18'));
      runIds.set(h, String(mcpMessages(reply.body)[0].result.structuredContent.cursor).split('.')[0]!);
    }
  });
  beforeEach(() => {
    taken = sinon.spy(DirectToolCalls.prototype, 'call');
  });
  afterEach(() => taken.restore());
  after(async () => Promise.all([direct.stop(), sdk.stop()]));

  for (const version of ['2025-06-18', '2025-11-25']) {
    it(`answers the corpus alike in protocol version ${version}`, async () => {
      const [a, b] = [await open(direct, version), await open(sdk, version)];
      for (const { name, body } of CORPUS) {
        const [fast, slow] = [await post(direct, body, a), await post(sdk, body, b)];
        expect({ status: fast.status, type: fast.type }, name).to.deep.equal({ status: slow.status, type: slow.type });
        expect(fast.body === slow.body, `${name}: ${firstDifference(fast.body, slow.body)}`).to.equal(true);
      }
      // The direct path answered the plain calls of known tools (ids 1–13; the rest went to the SDK).
      expect(taken.callCount).to.equal(13);
    });
  }

  it('sends no answer to a cancelled long call, and ends its stream, on both paths', async () => {
    const replies: Reply[] = [];
    for (const h of [direct, sdk]) {
      const session = await open(h, '2025-11-25');
      const first = mcpMessages((await post(h, call(1, 'observe', { what: 'logs', limit: 1 }), session)).body);
      // The cursor as this daemon wrote it (replies name its run id RUN).
      const cursor = String(first[0].result.structuredContent.cursor).replace('RUN', runIds.get(h)!);
      const waiting = post(h, call(2, 'observe', { what: 'logs', after_cursor: cursor, wait_ms: 20_000 }), session);
      await h.holding();
      const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'user' } };
      expect((await post(h, cancel, session)).status).to.equal(202);
      const reply = await Promise.race([waiting, new Promise<'open'>((resolve) => setTimeout(resolve, HANG_MS, 'open'))]);
      expect(reply, 'the cancelled call’s stream ended').to.not.equal('open');
      expect(mcpMessages((reply as Reply).body)).to.deep.equal([]);
      await h.holding((held) => held === 0);
      replies.push(reply as Reply);
    }
    expect(replies[0]).to.deep.equal(replies[1]);
    expect(taken.callCount).to.equal(2);
  });
});
