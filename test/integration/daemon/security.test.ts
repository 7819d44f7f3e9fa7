import { expect } from 'chai';
import { statSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { OUR_EXTENSION_ID } from '../../../src/domain/extension/ourExtension.js';
import { identityProof } from '../../../src/adapters/outbound/process/daemonIdentity.js';
import { logEntry, mcpMessages, payload, startHarness, type Harness } from '../../support/daemonHarness.js';

const EXTENSION_ID = OUR_EXTENSION_ID;
const OTHER_ID = 'abcdefghijklmnopabcdefghijklmnop';

/** A raw request, so Host and Origin can be anything (fetch will not set Host). */
function raw(port: number, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/health',
        headers: options.headers ?? {},
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const mcpInit = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('security (docs/security.md)', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness();
  });

  afterEach(async () => h.stop());

  it('listens on 127.0.0.1 only: other local addresses refuse the connection', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a !== undefined && a.address !== '127.0.0.1')
      .map((a) => a!.address);
    for (const host of ['::1', ...others]) {
      const outcome = await new Promise<string>((resolve) => {
        const req = request({ host, port: h.port, path: '/health', timeout: 1_000 }, () => resolve('answered'));
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
        req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
        req.end();
      });
      expect(outcome, host).to.not.equal('answered');
    }
  });

  describe('Host check (DNS rebinding)', () => {
    it('answers requests addressed to 127.0.0.1:<port> and localhost:<port>', async () => {
      expect((await raw(h.port, { headers: { host: `127.0.0.1:${h.port}` } })).status).to.equal(200);
      expect((await raw(h.port, { headers: { host: `localhost:${h.port}` } })).status).to.equal(200);
    });

    for (const host of ['evil.example', 'evil.example:PORT', '127.0.0.1', 'localhost:1', '127.0.0.1.nip.io:PORT']) {
      it(`refuses Host ${host} with 403 forbidden_host`, async () => {
        const response = await raw(h.port, { headers: { host: host.replace('PORT', String(h.port)) } });
        expect(response.status).to.equal(403);
        expect(JSON.parse(response.body).error).to.equal('forbidden_host');
      });
    }
  });

  describe('Origin check', () => {
    for (const origin of ['http://localhost:3000', 'https://evil.example', 'http://127.0.0.1:8080', 'null', 'file://']) {
      it(`refuses Origin ${origin} with 403, on reads and writes`, async () => {
        const read = await raw(h.port, { headers: { host: `127.0.0.1:${h.port}`, origin } });
        expect(read.status).to.equal(403);
        const write = await raw(h.port, {
          method: 'POST',
          path: '/logs',
          headers: { host: `127.0.0.1:${h.port}`, origin, 'content-type': 'application/json' },
          body: JSON.stringify({ entries: [logEntry()] }),
        });
        expect(JSON.parse(write.body).error).to.equal('forbidden_origin');
        expect((await h.call('GET', '/health')).body.buffers.logs.size).to.equal(0);
      });
    }

    it('accepts the extension’s chrome-extension:// origin', async () => {
      const response = await raw(h.port, {
        headers: { host: `127.0.0.1:${h.port}`, origin: `chrome-extension://${EXTENSION_ID}` },
      });
      expect(response.status).to.equal(200);
    });

    it('refuses another extension by default, naming the flag that would allow it', async () => {
      const other = await raw(h.port, {
        method: 'POST',
        path: '/logs',
        headers: { host: `127.0.0.1:${h.port}`, origin: `chrome-extension://${OTHER_ID}`, 'content-type': 'application/json' },
        body: JSON.stringify({ entries: [logEntry()] }),
      });
      expect(other.status).to.equal(403);
      expect(JSON.parse(other.body).message).to.contain(`--extension-id ${OTHER_ID}`);
      expect((await h.call('GET', '/health')).body.buffers.logs.size).to.equal(0);
    });

    it('accepts exactly the configured list of extension ids, or any with *', async () => {
      const listed = await startHarness({ extensions: [OTHER_ID, 'b'.repeat(32)] });
      const any = await startHarness({ extensions: '*' });
      try {
        const status = (port: number, id: string) =>
          raw(port, {
            path: '/pending-queries?instance_id=i&boot_id=b',
            headers: { host: `127.0.0.1:${port}`, origin: `chrome-extension://${id}` },
          }).then((r) => r.status);
        expect(await status(listed.port, OTHER_ID)).to.equal(200);
        expect(await status(listed.port, 'b'.repeat(32))).to.equal(200);
        expect(await status(listed.port, EXTENSION_ID)).to.equal(403);
        expect(await status(any.port, 'p'.repeat(32))).to.equal(200);
        expect(await status(any.port, EXTENSION_ID)).to.equal(200);
      } finally {
        await listed.stop();
        await any.stop();
      }
    });
  });

  describe('only the extension speaks the extension API (a page’s <img>, <script>, <link> and no-cors fetch send no Origin)', () => {
    const routes: ReadonlyArray<[method: string, path: string]> = [
      ['GET', '/pending-queries?instance_id=page&boot_id=page&wait_ms=0'],
      ['POST', '/query-result'],
      ['POST', '/dom-result'],
      ['POST', '/logs'],
      ['POST', '/network-bodies'],
      ['POST', '/websocket-events'],
      ['POST', '/vitals'],
      ['POST', '/actions'],
      ['POST', '/page'],
    ];
    for (const [method, path] of routes) {
      it(`refuses ${method} ${path.split('?')[0]} without an Origin`, async () => {
        const response = await raw(h.port, {
          method,
          path,
          headers: { host: `127.0.0.1:${h.port}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          ...(method === 'POST' ? { body: '{"entries":[]}' } : {}),
        });
        expect(response.status).to.equal(403);
        expect(JSON.parse(response.body)).to.deep.include({ error: 'forbidden_origin' });
        expect(JSON.parse(response.body).message).to.contain('no Origin');
      });
    }

    it('a no-Origin poll takes no command and fakes no presence (it took the command and showed connected:true)', async () => {
      const client = await h.client();
      const queued = payload(await client.callTool({ name: 'interact', arguments: { action: 'refresh' } }));
      const poll = await raw(h.port, {
        path: '/pending-queries?instance_id=evil-page&boot_id=1&wait_ms=0',
        headers: { host: `127.0.0.1:${h.port}` },
      });
      expect(poll.status).to.equal(403);
      expect(poll.body).to.not.contain(queued.correlation_id);
      const health = (await h.call('GET', '/health')).body;
      expect(health.extension.connected).to.equal(false);
      expect(health.extension.instance_id).to.equal(undefined);
      const pending = payload(
        await client.callTool({ name: 'observe', arguments: { what: 'command_result', correlation_id: queued.correlation_id } }),
      );
      expect(pending.timeline.delivered_at).to.equal(undefined);
      const delivered = await h.extension().poll();
      expect(delivered.map((q) => q.correlation_id)).to.deep.equal([queued.correlation_id]);
    });

    it('answers /health without an Origin (the launcher and status probe it)', async () => {
      expect((await raw(h.port, { headers: { host: `127.0.0.1:${h.port}` } })).status).to.equal(200);
    });

    it('never sends CORS headers, not even to a preflight', async () => {
      const responses = await Promise.all([
        raw(h.port, { headers: { host: `127.0.0.1:${h.port}` } }),
        raw(h.port, {
          method: 'OPTIONS',
          path: '/logs',
          headers: { host: `127.0.0.1:${h.port}`, origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
        }),
        raw(h.port, { method: 'OPTIONS', path: '/logs', headers: { host: `127.0.0.1:${h.port}` } }),
      ]);
      for (const response of responses) {
        expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).to.deep.equal([]);
      }
      expect(responses[1]!.status).to.equal(403);
    });
  });

  describe('identity proof (/health?challenge=)', () => {
    it('answers a challenge with a proof of the nonce, its bound port and its pid, without the token', async () => {
      const nonce = 'n0nce-of-twenty-four-chars';
      const { status, body } = await h.call('GET', `/health?challenge=${nonce}`);
      expect(status).to.equal(200);
      const proof = identityProof(h.token, { nonce, port: h.port, pid: process.pid });
      expect(body).to.include({ status: 'ok', proof, pid: process.pid });
      expect(JSON.stringify(body)).to.not.contain(h.token);
      expect((await h.call('GET', '/health')).body.proof).to.equal(undefined);
    });

    it('refuses a malformed challenge with 400', async () => {
      for (const nonce of ['short', 'x'.repeat(129), 'has spaces in it, sixteen+']) {
        const { status, body } = await h.call('GET', `/health?challenge=${encodeURIComponent(nonce)}`);
        expect(status, nonce).to.equal(400);
        expect(body.error).to.equal('invalid_query');
      }
    });
  });

  describe('bearer token on /mcp', () => {
    it('refuses a missing token with 401 and WWW-Authenticate', async () => {
      const response = await h.call('POST', '/mcp', mcpInit, mcpHeaders);
      expect(response.status).to.equal(401);
      expect(response.body.error).to.equal('unauthorized');
      expect(response.headers.get('www-authenticate')).to.contain('Bearer');
    });

    it('refuses a wrong token, including a prefix of the right one', async () => {
      for (const token of ['nope', h.token.slice(0, 10), `${h.token}x`, h.token.toUpperCase()]) {
        const response = await h.call('POST', '/mcp', mcpInit, { ...mcpHeaders, authorization: `Bearer ${token}` });
        expect(response.status, token).to.equal(401);
      }
    });

    it('accepts the token from <state-dir>/token', async () => {
      const response = await h.call('POST', '/mcp', mcpInit, { ...mcpHeaders, authorization: `Bearer ${h.token}` });
      expect(response.status).to.equal(200);
      expect(mcpMessages(response.body)[0].result.serverInfo.name).to.equal('browsertap');
    });

    it('does not need the token for the extension API (the extension’s Origin) or /health', async () => {
      expect((await h.call('GET', '/health')).status).to.equal(200);
      expect((await h.extension().send('/logs', [logEntry()])).status).to.equal(200);
    });

    it('keeps the token in a 0600 file inside a 0700 state dir, the same across restarts', async () => {
      expect(statSync(join(h.stateDir, 'token')).mode & 0o777).to.equal(0o600);
      expect(statSync(h.stateDir).mode & 0o077).to.equal(0);
      expect(h.token).to.match(/^[0-9a-f]{64}$/);
      const again = await startHarness({ stateDir: h.stateDir });
      try {
        expect(again.token).to.equal(h.token);
      } finally {
        await again.stop();
      }
    });
  });
});
