import { expect } from 'chai';
import { errorsLogged } from '../../../../support/loggers.js';
import { besideTheApp } from '../../../../support/servers.js';
import { request, type IncomingMessage } from 'node:http';
import { healthGets } from '../../../../../src/adapters/inbound/http/healthGets.js';
import type { ExtensionApi } from '../../../../../src/adapters/inbound/http/ExtensionApi.js';

const NONCE = 'a-nonce-of-sixteen-or-more_0123';

/**
 * `healthGets` on a bare server: which requests it takes (what it does not take goes to the Koa
 * app: the integration test holds both daemons' answers alike), and what it answers.
 */
describe('healthGets (GET /health beside the Koa app)', () => {
  let server: Awaited<ReturnType<typeof besideTheApp>>;
  let port: number;
  let prove: (nonce: string) => Promise<{ proof: string; pid: number }>;
  const { logger, errors } = errorsLogged();

  beforeEach(async () => {
    errors.length = 0;
    prove = async (nonce) => ({ proof: `proof of ${nonce}`, pid: 42 });
    const api = { health: { execute: () => ({ status: 'ok', version: 'test' }) } } as unknown as ExtensionApi;
    const gets = healthGets({
      guard: { port: () => port, extensions: [], token: () => 'token' },
      api,
      identity: { prove: (nonce) => prove(nonce) },
      logger,
    });
    server = await besideTheApp(gets);
    port = server.port;
  });

  afterEach(() => server.close());

  const get = (path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    new Promise<{ status: number; type: string | undefined; text: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers ?? {} },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], text }));
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });

  it('takes GET /health and answers the health as JSON', async () => {
    const answer = await get('/health');
    expect(answer).to.deep.equal({
      status: 200,
      type: 'application/json; charset=utf-8',
      text: '{"status":"ok","version":"test"}',
    });
    expect(server.left()).to.equal(0);
  });

  it('takes a challenge of 16 and of 128 characters (its bounds)', async () => {
    for (const nonce of ['a'.repeat(16), 'a'.repeat(128)]) {
      expect(JSON.parse((await get(`/health?challenge=${nonce}`)).text)).to.include({ proof: `proof of ${nonce}` });
    }
    expect(server.left()).to.equal(0);
  });

  it('takes one valid challenge and adds the proof and pid', async () => {
    const answer = await get(`/health?challenge=${NONCE}`);
    expect(JSON.parse(answer.text)).to.deep.equal({ status: 'ok', version: 'test', proof: `proof of ${NONCE}`, pid: 42 });
    expect(server.left()).to.equal(0);
  });

  it('leaves everything else to the app: other queries, methods, spellings, bodies, refused Hosts', async () => {
    const others: Array<[string, Parameters<typeof get>[1]]> = [
      ['/health?challenge=short', {}],
      [`/health?challenge=${'a'.repeat(15)}`, {}],
      [`/health?challenge=${'a'.repeat(129)}`, {}],
      [`/health?challenge=${'a'.repeat(20)}%2F`, {}],
      [`/health?challenge=${NONCE}&x=1`, {}],
      ['/health?x=1', {}],
      ['/health?', {}],
      ['/Health', {}],
      ['/health/', {}],
      ['/health', { method: 'HEAD' }],
      ['/health', { method: 'POST' }],
      ['/health', { headers: { 'content-length': '1' }, body: 'x' }],
      ['/health', { headers: { host: 'evil.example' } }],
      ['/health', { headers: { origin: 'http://localhost:3000' } }],
    ];
    for (const [path, options] of others) {
      expect((await get(path, options)).status, `${options?.method ?? 'GET'} ${path} ${JSON.stringify(options)}`).to.equal(599);
    }
    expect(server.left()).to.equal(others.length);
  });

  it('answers a failed proof as the app’s error handler would: 500 internal_error, logged, no internals', async () => {
    prove = async () => {
      throw new Error('the secret internals');
    };
    const answer = await get(`/health?challenge=${NONCE}`);
    expect(answer.status).to.equal(500);
    expect(JSON.parse(answer.text)).to.include({ error: 'internal_error' });
    expect(answer.text).not.to.contain('secret internals');
    expect(errors).to.have.length(1);
  });
});
