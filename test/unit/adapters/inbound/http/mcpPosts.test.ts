import { expect } from 'chai';
import { errorsLogged } from '../../../../support/loggers.js';
import { besideTheApp } from '../../../../support/servers.js';
import { request, type IncomingMessage } from 'node:http';
import { mcpPosts } from '../../../../../src/adapters/inbound/http/mcpPosts.js';
import type { McpHttpHandler } from '../../../../../src/adapters/inbound/http/routes/mcpRoutes.js';

const TOKEN = 'the-token';

/**
 * `mcpPosts` on a bare server: what it takes, and what it answers itself when the transport
 * behind it fails (what it does not take goes to the Koa app: the integration test holds those
 * answers to the app's own).
 */
describe('mcpPosts (POST /mcp beside the Koa app)', () => {
  let server: Awaited<ReturnType<typeof besideTheApp>>;
  let port: number;
  let handler: McpHttpHandler['handle'];
  const { logger, errors } = errorsLogged();

  beforeEach(async () => {
    errors.length = 0;
    handler = async (_req, res, body) => void res.writeHead(200).end(JSON.stringify({ body }));
    const posts = mcpPosts({
      guard: { port: () => port, extensions: [], token: () => TOKEN },
      mcp: { handle: (req, res, body) => handler(req, res, body) },
      limit: 100,
      logger,
    });
    server = await besideTheApp(posts);
    port = server.port;
  });

  afterEach(() => server.close());

  const post = (
    body: string | readonly string[],
    options: { path?: string; method?: string; headers?: Record<string, string> } = {},
  ) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: options.method ?? 'POST',
          path: options.path ?? '/mcp',
          headers: {
            authorization: `Bearer ${TOKEN}`,
            'content-type': 'application/json',
            ...(typeof body === 'string' ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
            ...options.headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)));
      if (typeof body === 'string') req.end(body);
      else {
        for (const piece of body) req.write(piece);
        req.end();
      }
    });

  it('takes a POST the guard lets through, and hands the transport the parsed body', async () => {
    const answer = await post('{"a":[1,2]}');
    expect(answer.status).to.equal(200);
    expect(JSON.parse(answer.text)).to.deep.equal({ body: { a: [1, 2] } });
    expect(server.left()).to.equal(0);
  });

  it('takes GET and DELETE (a session’s stream and its end) with no body for the transport, even when one is sent', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await post('{"ignored":true}', { method });
      expect(answer.status, method).to.equal(200);
      expect(JSON.parse(answer.text), method).to.deep.equal({});
    }
    expect(server.left()).to.equal(0);
  });

  it('leaves to the app what the guard refuses, a query string, another path or method, a declared body over the limit', async () => {
    await post('{}', { headers: { authorization: 'Bearer wrong' } });
    await post('{}', { headers: { origin: 'http://localhost:3000' } });
    await post('{}', { headers: { host: 'evil.example' } });
    await post('{}', { path: '/mcp?x=1' });
    await post('{}', { path: '/MCP' });
    await post('{}', { method: 'PUT' });
    await post('{}', { method: 'HEAD' });
    await post('{}', { method: 'GET', path: '/mcp?x=1' });
    await post('{}', { method: 'GET', headers: { authorization: 'Bearer wrong' } });
    await post('{}', { headers: { 'content-length': '101' } });
    expect(server.left()).to.equal(10);
  });

  it('answers 413 (and closes) a chunked body that passes the limit, 400 a body that is not JSON', async () => {
    const large = await post(['{"x":"', 'a'.repeat(60), 'a'.repeat(60), '"}']);
    expect(large.status).to.equal(413);
    expect(large.headers.connection).to.equal('close');
    expect(JSON.parse(large.text)).to.deep.equal({ error: 'payload_too_large', message: 'request body is over 100 bytes' });
    const broken = await post('{"a":');
    expect(broken.status).to.equal(400);
    expect(JSON.parse(broken.text).error).to.equal('invalid_json');
    expect(server.left()).to.equal(0);
  });

  it('takes a chunked body of exactly the limit, and refuses one byte past it', async () => {
    const within = await post(['{"x":"', 'a'.repeat(100 - 8), '"}']);
    expect(within.status).to.equal(200);
    expect(JSON.parse(within.text)).to.deep.equal({ body: { x: 'a'.repeat(92) } });
    const past = await post(['{"x":"', 'a'.repeat(100 - 7), '"}']);
    expect(past.status).to.equal(413);
    expect(server.left()).to.equal(0);
  });

  it('answers 500 without internals, and logs the error, when the transport fails before it answered', async () => {
    handler = async () => {
      throw new Error('the transport broke');
    };
    const answer = await post('{}');
    expect(answer.status).to.equal(500);
    expect(answer.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect(JSON.parse(answer.text)).to.deep.equal({
      error: 'internal_error',
      message: 'the daemon failed to handle this request; see its log',
    });
    expect(errors).to.have.length(1);
    expect(String(errors[0]?.fields?.error)).to.contain('the transport broke');
  });

  it('ends an answer the transport had begun when it fails, so the client is not left waiting', async () => {
    handler = async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('retry: 1000\n\n');
      throw new Error('failed mid-answer');
    };
    const answer = await post('{}');
    expect(answer.status).to.equal(200);
    expect(answer.text).to.equal('retry: 1000\n\n');
  });
});
