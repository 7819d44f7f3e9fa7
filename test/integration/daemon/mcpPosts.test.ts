import { expect } from 'chai';
import { request } from 'node:http';
import { OUR_EXTENSION_ID } from '../../../src/domain/extension/ourExtension.js';
import { MAX_MCP_BODY_BYTES } from '../../../src/adapters/inbound/http/KoaDaemonServer.js';
import { startHarness, type Harness } from '../../support/daemonHarness.js';

/** One request of the corpus: what differs from a good `POST /mcp` (the token, the daemon's Host, JSON). */
interface Case {
  readonly name: string;
  readonly method?: string;
  readonly path?: string;
  /** Headers to set (a null value leaves that header out). */
  readonly headers?: (h: Harness) => Record<string, string | null>;
  /** The body, or pieces sent chunked (no Content-Length). */
  readonly body?: string | readonly string[];
}

/** What a client sees of an answer, with what differs between two daemons (port, session id, date) written alike. */
interface Seen {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'parity', version: '1' } },
});
const CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'observe', arguments: { what: 'logs' } },
});
const deep = (levels: number) =>
  `{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":${'['.repeat(levels)}${']'.repeat(levels)}}}`;
const MB = 1024 * 1024;

const CORPUS: readonly Case[] = [
  { name: 'initialize, as a client sends it', body: INIT },
  { name: 'no token', headers: () => ({ authorization: null }), body: INIT },
  { name: 'a wrong token', headers: () => ({ authorization: 'Bearer nope' }), body: INIT },
  { name: 'the token in lower-case "bearer"', headers: (h) => ({ authorization: `bearer ${h.token}` }), body: INIT },
  { name: 'another Host', headers: () => ({ host: 'evil.example:80' }), body: INIT },
  { name: 'localhost as Host', headers: (h) => ({ host: `localhost:${h.port}` }), body: INIT },
  { name: 'a web page’s Origin', headers: () => ({ origin: 'http://localhost:3000' }), body: INIT },
  { name: 'our extension’s Origin', headers: () => ({ origin: `chrome-extension://${OUR_EXTENSION_ID}` }), body: INIT },
  { name: 'another extension’s Origin', headers: () => ({ origin: `chrome-extension://${'b'.repeat(32)}` }), body: INIT },
  { name: 'a query string', path: '/mcp?session=1', body: INIT },
  { name: 'another spelling of the path', path: '/MCP', body: INIT },
  { name: 'a trailing slash', path: '/mcp/', body: INIT },
  { name: 'a method the route has not', method: 'PUT', body: INIT },
  { name: 'GET without a session', method: 'GET', headers: () => ({ accept: 'text/event-stream' }) },
  {
    name: 'GET of an unknown session',
    method: 'GET',
    headers: () => ({ accept: 'text/event-stream', 'mcp-session-id': 'nope' }),
  },
  { name: 'GET with a body', method: 'GET', headers: () => ({ accept: 'text/event-stream' }), body: INIT },
  {
    name: 'GET with a wrong token',
    method: 'GET',
    headers: () => ({ authorization: 'Bearer nope', accept: 'text/event-stream' }),
  },
  { name: 'GET with a query string', method: 'GET', path: '/mcp?x=1', headers: () => ({ accept: 'text/event-stream' }) },
  { name: 'DELETE without a session', method: 'DELETE' },
  { name: 'DELETE of an unknown session', method: 'DELETE', headers: () => ({ 'mcp-session-id': 'nope' }) },
  { name: 'DELETE from a web page', method: 'DELETE', headers: () => ({ origin: 'http://localhost:3000' }) },
  { name: 'HEAD', method: 'HEAD' },
  { name: 'a body that is not JSON', body: '{"jsonrpc":' },
  { name: 'an empty body', body: '' },
  { name: 'a body nested past the depth kept', body: deep(40) },
  { name: 'a call without a session', body: CALL },
  { name: 'text/plain', headers: () => ({ 'content-type': 'text/plain' }), body: INIT },
  { name: 'no Accept', headers: () => ({ accept: null }), body: INIT },
  { name: 'a chunked body', body: [INIT.slice(0, 20), INIT.slice(20)] },
  {
    name: 'a declared body over the limit (not sent)',
    headers: () => ({ 'content-length': String(MAX_MCP_BODY_BYTES + 1) }),
    body: [],
  },
  { name: 'a chunked body that passes the limit', body: [`{"x":"`, 'a'.repeat(4 * MB), 'a'.repeat(4 * MB), 'a'.repeat(MB)] },
  { name: 'a batch', body: `[${INIT}]` },
];

const NONCE = 'n0nce-of-the-parity-test_1234567';
const health = (spec: Omit<Case, 'method'> & { readonly method?: string }): Case => ({
  method: 'GET',
  path: '/health',
  ...spec,
  headers: (h) => ({ authorization: null, 'content-type': null, accept: null, ...spec.headers?.(h) }),
});

/** `GET /health` is served beside the Koa app too (healthGets.ts): what a launcher waits for after a spawn. */
const HEALTH_CORPUS: readonly Case[] = [
  health({ name: 'GET /health, as a launcher sends it' }),
  health({ name: 'GET /health with no Content-Length', headers: () => ({ 'content-length': null }) }),
  health({ name: 'a challenge', path: `/health?challenge=${NONCE}` }),
  health({ name: 'a challenge too short', path: '/health?challenge=short' }),
  health({ name: 'a challenge of 16 characters, the fewest', path: `/health?challenge=${'a'.repeat(16)}` }),
  health({ name: 'a challenge of 15', path: `/health?challenge=${'a'.repeat(15)}` }),
  health({ name: 'a challenge of 128 characters, the most', path: `/health?challenge=${'a'.repeat(128)}` }),
  health({ name: 'a challenge of 129', path: `/health?challenge=${'a'.repeat(129)}` }),
  health({ name: 'a challenge with a character outside its alphabet', path: `/health?challenge=${'a'.repeat(20)}%2F` }),
  health({ name: 'a challenge and another parameter', path: `/health?challenge=${NONCE}&x=1` }),
  health({ name: 'a challenge given twice', path: `/health?challenge=${NONCE}&challenge=${NONCE}` }),
  health({ name: 'another query', path: '/health?x=1' }),
  health({ name: 'an empty query', path: '/health?' }),
  health({ name: 'another Host', headers: () => ({ host: 'evil.example:80' }) }),
  health({ name: 'a web page’s Origin', headers: () => ({ origin: 'http://localhost:3000' }) }),
  health({ name: 'our extension’s Origin', headers: () => ({ origin: `chrome-extension://${OUR_EXTENSION_ID}` }) }),
  health({ name: 'HEAD', method: 'HEAD' }),
  health({ name: 'POST', method: 'POST' }),
  health({ name: 'another spelling', path: '/Health' }),
  health({ name: 'a trailing slash', path: '/health/' }),
  health({ name: 'a body', body: 'x' }),
  health({ name: 'a chunked body', body: ['{', '}'] }),
];

/** `text` with what differs between two daemons written alike: the port, the state dir, the run id in cursors, the proof (it names the port). */
const alike = (h: Harness, text: string): string =>
  text
    .replaceAll(String(h.port), 'PORT')
    .replaceAll(h.stateDir, 'STATE')
    .replace(/(cursor\\*":\\*")[0-9a-f]+/g, '$1RUN')
    .replace(/("proof":")[0-9a-f]{64}"/g, '$1PROOF"');

/** Sends one case to `h` and reads what comes back; an answer before the whole body was sent is what is seen. */
function send(h: Harness, spec: Case): Promise<Seen> {
  const headers: Record<string, string> = {
    host: `127.0.0.1:${h.port}`,
    authorization: `Bearer ${h.token}`,
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
  };
  const given = spec.headers?.(h) ?? {};
  for (const [name, value] of Object.entries(given)) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const body = spec.body ?? '';
  if (typeof body === 'string' && !('content-length' in given)) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: h.port, method: spec.method ?? 'POST', path: spec.path ?? '/mcp', headers, setHost: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const seen: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (name === 'date' || name === 'keep-alive') continue;
            seen[name] = name === 'mcp-session-id' ? 'SESSION' : alike(h, String(value));
          }
          resolve({ status: res.statusCode ?? 0, headers: seen, body: alike(h, text) });
        });
        res.on('error', reject);
      },
    );
    // The daemon may answer and close before a refused body is all sent.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (typeof body === 'string') req.end(body);
    else {
      req.flushHeaders();
      for (const piece of body) req.write(piece);
      if (body.length > 0) req.end();
    }
  });
}

/** Opens a session's stream (`GET /mcp`) and reads its status and headers, then closes it. */
function streamHead(h: Harness, session: Record<string, string>): Promise<Omit<Seen, 'body'>> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: h.port,
        method: 'GET',
        path: '/mcp',
        headers: { authorization: `Bearer ${h.token}`, accept: 'text/event-stream', ...session },
      },
      (res) => {
        const seen: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (name !== 'date' && name !== 'keep-alive') seen[name] = name === 'mcp-session-id' ? 'SESSION' : String(value);
        }
        resolve({ status: res.statusCode ?? 0, headers: seen });
        req.destroy();
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end();
  });
}

/**
 * `/mcp` is served beside the Koa app (mcpPosts.ts) by the same rules: a client must not be
 * able to tell. Two daemons, one serving it so and one through the Koa app, answer a corpus of
 * good and bad requests with the same status, headers and body.
 */
describe('POST, GET and DELETE /mcp (and GET /health) beside the Koa app answer as the app does', function () {
  this.timeout(30_000);
  let lean: Harness;
  let koa: Harness;

  before(async () => {
    lean = await startHarness();
    koa = await startHarness({ leanRoutes: false });
  });
  after(async () => {
    await lean.stop();
    await koa.stop();
  });

  for (const spec of CORPUS) {
    it(spec.name, async () => {
      const [a, b] = [await send(lean, spec), await send(koa, spec)];
      expect(a).to.deep.equal(b);
    });
  }

  describe('and GET /health beside it, as the app does', () => {
    for (const spec of HEALTH_CORPUS) {
      it(spec.name, async () => {
        const [a, b] = [await send(lean, spec), await send(koa, spec)];
        expect(a).to.deep.equal(b);
      });
    }
    it('a challenge is answered with a proof and this process’s pid', async () => {
      const seen = JSON.parse((await send(lean, HEALTH_CORPUS[2]!)).body) as { proof: string; pid: number; status: string };
      expect(seen).to.include({ status: 'ok', pid: process.pid });
      expect(seen.proof).to.equal('PROOF');
    });
  });

  it('serves a whole session (initialize, initialized, a call) with the same answers', async () => {
    const session = async (h: Harness) => {
      const init = await new Promise<string>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: h.port,
            method: 'POST',
            path: '/mcp',
            headers: {
              authorization: `Bearer ${h.token}`,
              accept: 'application/json, text/event-stream',
              'content-type': 'application/json',
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(String(res.headers['mcp-session-id'])));
          },
        );
        req.on('error', reject);
        req.end(INIT);
      });
      const headers = () => ({ 'mcp-session-id': init, 'mcp-protocol-version': '2025-06-18' });
      await send(h, {
        name: 'initialized',
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      });
      const call = await send(h, { name: 'call', headers, body: CALL });
      const stream = await streamHead(h, headers());
      const end = await send(h, { name: 'end', method: 'DELETE', headers });
      const after = await send(h, { name: 'after', headers, body: CALL });
      return { call, stream, end, after };
    };
    const [a, b] = [await session(lean), await session(koa)];
    expect(a.call.status).to.equal(200);
    expect(a.call.body).to.contain('"structuredContent"');
    expect(a.stream.headers['content-type']).to.equal('text/event-stream');
    expect(a.end.status).to.equal(200);
    expect(a.after.status, 'the session is gone').to.equal(404);
    expect(a).to.deep.equal(b);
  });
});
