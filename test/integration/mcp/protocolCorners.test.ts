import { expect } from 'chai';
import { join } from 'node:path';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { mcpMessages, startHarness, type Harness } from '../../support/daemonHarness.js';
import { HANG_MS, until } from '../../support/until.js';

/** Half the 20 s waits below: a stream that ended sooner was ended by the cancellation, not its wait. */
const HALF_THE_WAIT_MS = 10_000;

/**
 * The corners of MCP that clients trip over (real clients and the conformance suite): a cancelled
 * call ends its stream, batches by protocol version, SSE event ids and `retry`, which errors are
 * JSON-RPC errors and the ids they carry, and what a client without the token is told.
 */
describe('MCP protocol corners on the daemon (/mcp)', function () {
  this.timeout(20_000);
  let h: Harness;
  let auth: Record<string, string>;
  const initialize = (version: string, id: number | string = 0) => ({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'corners', version: '1' } },
  });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${h.base}/mcp`, {
      method: 'POST',
      headers: { ...auth, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  /** A new session speaking `version`: the headers of its later requests. */
  const open = async (version: string) => {
    const response = await post(initialize(version));
    await response.text();
    const session = { 'mcp-session-id': response.headers.get('mcp-session-id')!, 'mcp-protocol-version': version };
    expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).status).to.equal(202);
    return session;
  };
  const call = (id: number | string, name: string, args: Record<string, unknown>) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  /** The raw SSE events of a stream's text: each event's fields, in order. */
  const events = (text: string): Array<Record<string, string>> =>
    text
      .split('\n\n')
      .filter((block) => block.trim() !== '' && !block.startsWith(':'))
      .map((block) =>
        Object.fromEntries(
          block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        ),
      );

  before(async () => {
    h = await startHarness();
    auth = {
      authorization: `Bearer ${h.token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
  });
  after(async () => h.stop());

  describe('cancellation', () => {
    it('ends a cancelled call’s answer stream at once (it stayed open with keep-alives until the session ended)', async () => {
      const session = await open('2025-06-18');
      const { cursor } = mcpMessages(await (await post(call(1, 'observe', { what: 'logs' }), session)).text())[0].result
        .structuredContent;
      // A long poll: held for up to 20 s unless something arrives.
      const waiting = await post(call(2, 'observe', { what: 'logs', after_cursor: cursor, wait_ms: 20_000 }), session);
      expect(waiting.status).to.equal(200);
      const body = waiting.text();
      await h.holding();
      const cancelledAt = performance.now();
      const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'user' } };
      expect((await post(cancel, session)).status).to.equal(202);
      const text = await Promise.race([body, new Promise<string>((resolve) => setTimeout(resolve, HANG_MS, 'still open'))]);
      expect(text).to.not.equal('still open');
      expect(performance.now() - cancelledAt).to.be.below(HALF_THE_WAIT_MS);
      // No answer for a cancelled request (MCP "Cancellation"), and its id is free again.
      expect(mcpMessages(text)).to.deep.equal([]);
      const again = await post({ jsonrpc: '2.0', id: 2, method: 'ping' }, session);
      expect(mcpMessages(await again.text())[0]).to.deep.include({ id: 2, result: {} });
    });

    it('lets an SDK client’s cancelled calls go: each answer stream ends at once (three held three sockets)', async () => {
      const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
      const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
      const ended: number[] = [];
      // Notes when each tools/call answer body ends, as the client's socket is freed.
      const watching: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        const isCall = init?.method === 'POST' && String(init.body).includes('"tools/call"');
        if (!isCall || response.body === null) return response;
        const body = response.body.pipeThrough(new TransformStream({ flush: () => void ended.push(performance.now()) }));
        return new Response(body, { status: response.status, headers: response.headers });
      };
      const client = new Client({ name: 'cancelling', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${h.base}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${h.token}` } },
          fetch: watching,
        }),
      );
      const { cursor } = (await client.callTool({ name: 'observe', arguments: { what: 'logs' } })).structuredContent as {
        cursor: number;
      };
      // That call's stream ends just after its answer is read.
      await until(() => ended.length >= 1, 'the first call’s stream ending');
      ended.length = 0;
      const controllers = [0, 1, 2].map(() => new AbortController());
      const calls = controllers.map((controller) =>
        client
          .callTool({ name: 'observe', arguments: { what: 'logs', after_cursor: cursor, wait_ms: 20_000 } }, undefined, {
            signal: controller.signal,
          })
          .catch(() => 'cancelled'),
      );
      await h.holding((held) => held === 3);
      const cancelledAt = performance.now();
      for (const controller of controllers) controller.abort('the user pressed Esc');
      expect(await Promise.all(calls)).to.deep.equal(['cancelled', 'cancelled', 'cancelled']);
      await until(() => ended.length >= 3, 'the three answer streams ending');
      expect(ended).to.have.length(3);
      for (const at of ended) expect(at - cancelledAt).to.be.below(HALF_THE_WAIT_MS);
      await client.close();
    });

    it('keeps a stream open for the requests it still carries, and ends it after the last', async () => {
      const session = await open('2025-03-26');
      const { cursor } = mcpMessages(await (await post(call(1, 'observe', { what: 'logs' }), session)).text())[0].result
        .structuredContent;
      const response = await post(
        [
          call('slow', 'observe', { what: 'logs', after_cursor: cursor, wait_ms: 20_000 }),
          call('short', 'observe', { what: 'logs', after_cursor: cursor, wait_ms: 600 }),
        ],
        session,
      );
      const body = response.text();
      await h.holding(); // 'slow' first: the batch's calls start in order
      await post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'slow' } }, session);
      const startedAt = performance.now();
      const answers = mcpMessages(await body);
      expect(answers.map((a) => a.id)).to.deep.equal(['short']);
      expect(performance.now() - startedAt).to.be.below(HALF_THE_WAIT_MS); // ended after 'short' (600 ms), not 'slow'
    });
  });

  describe('batches by protocol version', () => {
    it('answers a 2025-03-26 batch on one stream, each answer once', async () => {
      const session = await open('2025-03-26');
      const response = await post(
        [{ jsonrpc: '2.0', id: 'a', method: 'ping' }, call('b', 'configure', { action: 'store', key: 'batched', data: 1 })],
        session,
      );
      expect(response.status).to.equal(200);
      const answers = mcpMessages(await response.text());
      expect(answers.map((a) => a.id).sort()).to.deep.equal(['a', 'b']);
      expect(answers.find((a) => a.id === 'b').result.isError).to.not.equal(true);
    });

    for (const version of ['2025-06-18', '2025-11-25']) {
      it(`refuses a ${version} batch as a whole with 400 and Invalid Request, running none of it`, async () => {
        const session = await open(version);
        const response = await post(
          [
            { jsonrpc: '2.0', id: 'a', method: 'ping' },
            call('b', 'configure', { action: 'store', key: `refused-${version}`, data: 1 }),
          ],
          session,
        );
        expect(response.status).to.equal(400);
        const body = (await response.json()) as any;
        expect(body.id).to.equal(null);
        expect(body.error.code).to.equal(-32600);
        expect(body.error.message).to.equal(
          `Invalid Request: JSON-RPC batches are not allowed in protocol version ${version}; send one message per POST`,
        );
        const load = mcpMessages(
          await (await post(call('c', 'configure', { action: 'load', key: `refused-${version}` }), session)).text(),
        );
        expect(load[0].result.structuredContent.error).to.equal('unknown_key');
      });
    }

    it('decides a batch around an initialize request by the version it asks for', async () => {
      const newer = await post([initialize('2025-06-18'), { jsonrpc: '2.0', id: 2, method: 'ping' }]);
      expect(newer.status).to.equal(400);
      expect(((await newer.json()) as any).error).to.deep.equal({
        code: -32600,
        message: 'Invalid Request: JSON-RPC batches are not allowed in protocol version 2025-06-18; send one message per POST',
      });
      const older = await post([initialize('2025-03-26')]);
      expect(older.status).to.equal(400);
      expect(((await older.json()) as any).error).to.deep.equal({
        code: -32600,
        message: 'Invalid Request: the initialize request must not be part of a JSON-RPC batch; send it alone',
      });
    });
  });

  describe('SSE event ids and retry', () => {
    it('gives every event an id unique in the session and announces retry once per stream (2025-06-18: no empty event)', async () => {
      const session = await open('2025-06-18');
      const seen: string[] = [];
      for (const id of [1, 2]) {
        const text = await (await post({ jsonrpc: '2.0', id, method: 'ping' }, session)).text();
        const stream = events(text);
        expect(stream).to.have.length(1);
        const event = stream[0]!;
        expect(event).to.include({ retry: '1000', event: 'message' });
        expect(event.id).to.match(/^\d+-\d+$/);
        expect(JSON.parse(event.data!)).to.deep.include({ id, result: {} });
        seen.push(event.id!);
      }
      expect(new Set(seen).size).to.equal(2);
    });

    it('opens a 2025-11-25 stream with a priming event (an id, retry and empty data) before the answer', async () => {
      const session = await open('2025-11-25');
      const text = await (await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, session)).text();
      const [priming, answer, ...rest] = events(text);
      expect(rest).to.deep.equal([]);
      expect(priming).to.deep.equal({ id: priming!.id, retry: '1000', data: '' });
      expect(answer).to.include({ event: 'message' });
      expect(answer!.retry).to.equal(undefined);
      expect(answer!.id).to.not.equal(priming!.id);
      expect(answer!.id!.split('-')[0]).to.equal(priming!.id!.split('-')[0]);
    });

    it('numbers the GET stream’s events too, answers a resumption of an ended answer stream with 204, and reopens the GET stream it names', async () => {
      const session = await open('2025-11-25');
      const text = await (await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, session)).text();
      const answerId = events(text)[1]!.id;
      const get = (lastEventId?: string, signal?: AbortSignal) =>
        fetch(`${h.base}/mcp`, {
          headers: {
            ...auth,
            ...session,
            accept: 'text/event-stream',
            ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
          },
          ...(signal === undefined ? {} : { signal }),
        });
      const resumedAnswer = await get(answerId);
      expect(resumedAnswer.status).to.equal(204);
      expect(await resumedAnswer.text()).to.equal('');

      const first = new AbortController();
      const stream = await get(undefined, first.signal);
      expect(stream.status).to.equal(200);
      const reader = stream.body!.getReader();
      const primed = new TextDecoder().decode((await reader.read()).value);
      const [priming] = events(primed);
      expect(priming).to.include({ retry: '1000', data: '' });
      expect(priming!.id).to.match(/^0-\d+$/);
      // The client lost that stream (here: it still looks open to the daemon) and resumes it.
      const second = new AbortController();
      const resumed = await get(priming!.id, second.signal);
      expect(resumed.status).to.equal(200);
      expect((await reader.read()).done, 'the stream it replaced ended').to.equal(true);
      second.abort();
      first.abort();
    });
  });

  describe('errors', () => {
    it('answers a call to an unknown tool with the JSON-RPC error -32602 "Unknown tool", not a tool result', async () => {
      const session = await open('2025-06-18');
      const [answer] = mcpMessages(await (await post(call(5, 'screenshot', {}), session)).text());
      expect(answer).to.deep.equal({
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32602, message: 'Unknown tool: screenshot', data: { tools: ['observe', 'interact', 'configure'] } },
      });
      // Bad arguments to a tool it has stay tool errors (docs/mcp-tools.md).
      const [bad] = mcpMessages(await (await post(call(6, 'observe', { what: 'nope' }), session)).text());
      expect(bad.result.isError).to.equal(true);
    });

    it('makes an SDK client’s callTool of an unknown tool reject with the protocol error', async () => {
      const client = await h.client('unknown-tool');
      const error = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(McpError);
      expect((error as McpError).code).to.equal(-32602);
      expect((error as McpError).message).to.contain('Unknown tool: no_such_tool');
      expect((await client.callTool({ name: 'configure', arguments: { action: 'health' } })).isError).to.not.equal(true);
    });

    it('carries the request’s id in the transport’s refusals when it is known, null when it is not', async () => {
      const session = await open('2025-06-18');
      const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
      const cases: Array<[string, Promise<Response>, number, number | null]> = [
        ['an unknown protocol version', post(ping(11), { ...session, 'mcp-protocol-version': '1999-01-01' }), 400, 11],
        ['an unknown session', post(ping(12), { ...session, 'mcp-session-id': 'gone' }), 404, 12],
        ['no session', post(ping(13)), 400, 13],
        ['no text/event-stream in Accept', post(ping(14), { ...session, accept: 'application/json' }), 406, 14],
        ['a body not JSON by type', post(ping(15), { ...session, 'content-type': 'text/plain' }), 415, 15],
        ['initialize again', post(initialize('2025-06-18', 16), session), 400, 16],
        ['a batch', post([ping(17), ping(18)], session), 400, null],
        ['an empty body', post('', session), 400, null],
      ];
      for (const [what, pending, status, id] of cases) {
        const response = await pending;
        expect(response.status, what).to.equal(status);
        expect(((await response.json()) as any).id, what).to.equal(id);
      }
    });

    it('tells a client without the token where the token is, in the body and in WWW-Authenticate (RFC 6750)', async () => {
      const tokenFile = join(h.stateDir, 'token');
      for (const authorization of [undefined, 'Bearer not-the-token']) {
        const response = await fetch(`${h.base}/mcp`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...(authorization === undefined ? {} : { authorization }),
          },
          body: JSON.stringify(initialize('2025-06-18')),
        });
        expect(response.status).to.equal(401);
        const challenge = response.headers.get('www-authenticate')!;
        expect(challenge).to.match(/^Bearer /);
        expect(challenge).to.contain('error="invalid_token"');
        const description = /error_description="([^"]*)"/.exec(challenge)?.[1];
        expect(description).to.contain(tokenFile);
        expect(description).to.contain(authorization === undefined ? 'no bearer token' : 'a wrong bearer token');
        const body = (await response.json()) as any;
        expect(body.error).to.equal('unauthorized');
        expect(body.message).to.contain(tokenFile);
        expect(body.message).to.contain('browsertap setup <client>');
      }
    });
  });
});
