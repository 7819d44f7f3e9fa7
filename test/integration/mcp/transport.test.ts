import { expect } from 'chai';
import { request } from 'node:http';
import { logEntry, mcpMessages, startHarness, type Harness } from '../../support/daemonHarness.js';
import { HANG_MS, until } from '../../support/until.js';

/**
 * MCP Streamable HTTP as the daemon serves it (src/adapters/inbound/mcp/SessionTransport.ts):
 * every refusal the spec and the SDK's own transport make, the answer streams, the GET stream.
 */
describe('MCP Streamable HTTP on the daemon (/mcp)', function () {
  this.timeout(20_000);
  let h: Harness;
  let auth: Record<string, string>;
  const initialize = (id: number | string = 0, protocolVersion = '2025-06-18') => ({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'transport', version: '1' } },
  });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${h.base}/mcp`, {
      method: 'POST',
      headers: { ...auth, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const errorOf = async (response: Response) => ((await response.json()) as { error: { code: number; message: string } }).error;
  /** A new session: its headers for later requests. */
  const open = async () => {
    const response = await post(initialize());
    await response.text();
    return { ...auth, 'mcp-session-id': response.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-06-18' };
  };

  before(async () => {
    h = await startHarness();
    auth = {
      authorization: `Bearer ${h.token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
  });
  after(async () => h.stop());

  it('answers initialize on an SSE stream with the session id, and a notification with 202', async () => {
    const response = await post(initialize(7));
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/event-stream');
    const session = response.headers.get('mcp-session-id');
    expect(session).to.match(/^[0-9a-f-]{36}$/);
    const [answer] = mcpMessages(await response.text());
    expect(answer).to.include({ id: 7 });
    expect(answer.result.serverInfo.name).to.equal('browsertap');
    const notified = await post(
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { 'mcp-session-id': session!, 'mcp-protocol-version': '2025-06-18' },
    );
    expect(notified.status).to.equal(202);
    expect(await notified.text()).to.equal('');
  });

  it('answers a batch of requests on one stream, each answer once, and closes it after the last (2025-03-26)', async () => {
    const opened = await post(initialize(0, '2025-03-26'));
    await opened.text();
    const session = { ...auth, 'mcp-session-id': opened.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-03-26' };
    const response = await post(
      [
        { jsonrpc: '2.0', id: 'a', method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'configure', arguments: { action: 'health' } } },
      ],
      session,
    );
    const answers = mcpMessages(await response.text());
    expect(answers.map((a) => a.id).sort()).to.deep.equal(['a', 'b']);
    expect(answers.find((a) => a.id === 'b').result.isError).to.not.equal(true);
  });

  it('refuses what the spec refuses, with a JSON-RPC error and the right status', async () => {
    const session = await open();
    const cases: Array<[string, Promise<Response>, number, number, RegExp]> = [
      ['no text/event-stream in Accept', post(initialize(), { accept: 'application/json' }), 406, -32000, /Not Acceptable/],
      ['a body not JSON by type', post(initialize(), { 'content-type': 'text/plain' }), 415, -32000, /Unsupported Media Type/],
      ['an empty body', post('', session), 400, -32700, /Parse error/],
      ['not JSON-RPC', post({ hello: 1 }, session), 400, -32700, /Invalid JSON-RPC/],
      ['an empty batch', post([], session), 400, -32600, /batch holds 1 to 100/],
      [
        'a batch of 101',
        post(
          Array.from({ length: 101 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })),
          session,
        ),
        400,
        -32600,
        /1 to 100/,
      ],
      ['initialize again', post(initialize(), session), 400, -32600, /already initialized/],
      [
        'an unknown protocol version',
        post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { ...session, 'mcp-protocol-version': '1999-01-01' }),
        400,
        -32000,
        /Unsupported protocol version: 1999-01-01/,
      ],
      [
        'an unknown session',
        post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { ...session, 'mcp-session-id': 'nope' }),
        404,
        -32001,
        /Session not found/,
      ],
      ['no session and no initialize', post({ jsonrpc: '2.0', id: 1, method: 'ping' }), 400, -32000, /start with an initialize/],
      [
        'a batch around initialize',
        post([initialize(), { jsonrpc: '2.0', id: 2, method: 'ping' }]),
        400,
        -32600,
        /batches are not allowed in protocol version 2025-06-18/,
      ],
      [
        'a batch in a 2025-06-18 session',
        post([{ jsonrpc: '2.0', id: 1, method: 'ping' }], session),
        400,
        -32600,
        /batches are not allowed in protocol version 2025-06-18; send one message per POST/,
      ],
      ['PUT', fetch(`${h.base}/mcp`, { method: 'PUT', headers: session }), 405, -32000, /Method not allowed/],
    ];
    for (const [what, pending, status, code, message] of cases) {
      const response = await pending;
      expect(response.status, what).to.equal(status);
      const error = await errorOf(response);
      expect(error.code, what).to.equal(code);
      expect(error.message, what).to.match(message);
    }
  });

  it('names a hostile protocol version in its refusal only by its first 40 characters', async () => {
    const session = await open();
    const version = `${'v'.repeat(40)}${'x'.repeat(10_000)}`;
    const response = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { ...session, 'mcp-protocol-version': version });
    expect(response.status).to.equal(400);
    const { message } = await errorOf(response);
    expect(message).to.contain(`Unsupported protocol version: ${'v'.repeat(40)} (`);
    expect(message).to.not.contain('x');
    expect(message.length).to.be.below(300);
  });

  it('refuses a request id already waiting for its answer in the session', async () => {
    const session = await open();
    const { cursor } = mcpMessages(
      await (
        await post(
          { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'observe', arguments: { what: 'logs' } } },
          session,
        )
      ).text(),
    )[0].result.structuredContent;
    // A long poll holds id 5 open until a log comes (or 20 s pass).
    const waiting = post(
      {
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'observe', arguments: { what: 'logs', after_cursor: cursor, wait_ms: 20_000 } },
      },
      session,
    );
    // Its response begins (headers) before its answer, which only the log below can bring
    // sooner than its 20 s wait: headers within half of it came first.
    const started = await Promise.race([waiting, new Promise((resolve) => setTimeout(resolve, HANG_MS, 'late'))]);
    expect(started, 'the headers of a long poll').to.not.equal('late');
    const again = await post({ jsonrpc: '2.0', id: 5, method: 'ping' }, session);
    expect(again.status).to.equal(400);
    expect((await errorOf(again)).message).to.match(/already in use/);
    await h.extension().send('/logs', [logEntry({ message: 'ends the wait' })]);
    expect(mcpMessages(await (await waiting).text())[0]).to.include({ id: 5 });
  });

  it('serves one GET stream per session (409 for a second), and DELETE ends the session and its stream', async () => {
    const session = await open();
    const get = () => fetch(`${h.base}/mcp`, { headers: { ...session, accept: 'text/event-stream' } });
    expect((await fetch(`${h.base}/mcp`, { headers: { ...session, accept: 'application/json' } })).status).to.equal(406);
    const stream = await get();
    expect(stream.status).to.equal(200);
    expect(stream.headers.get('mcp-session-id')).to.equal(session['mcp-session-id']);
    const second = await get();
    expect(second.status).to.equal(409);
    const ended = stream.text();
    const deleted = await fetch(`${h.base}/mcp`, { method: 'DELETE', headers: session });
    expect(deleted.status).to.equal(200);
    expect(await ended).to.equal('');
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, session)).status).to.equal(404);
  });

  it('lets go of a request whose client left before the answer, and the session goes on', async () => {
    const session = await open();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'observe', arguments: { what: 'logs', after_cursor: 0, wait_ms: 500 } },
    });
    await new Promise<void>((resolve, reject) => {
      const req = request(`${h.base}/mcp`, { method: 'POST', headers: session }, (res) => {
        expect(res.statusCode).to.equal(200);
        res.destroy();
        resolve();
      });
      req.on('error', reject);
      req.end(body);
    });
    // Its answer (after 500 ms) has nowhere to go and is dropped; the id is free again after it.
    await h.holding((held) => held === 0);
    let response: Response | undefined;
    await until(async () => {
      response = await post({ jsonrpc: '2.0', id: 9, method: 'ping' }, session);
      return response.status !== 400; // 400: the id is still the dropped call's, for a moment
    }, 'id 9 free again');
    expect(response!.status).to.equal(200);
    expect(mcpMessages(await response!.text())[0]).to.deep.include({ id: 9, result: {} });
  });
});
