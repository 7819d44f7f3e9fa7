import { expect } from 'chai';
import { statSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { logEntry, startHarness, type Harness } from '../../support/daemonHarness.js';

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';

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

describe('security (SPEC 6)', () => {
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

    it('accepts only the configured extension id when one is set', async () => {
      const pinned = await startHarness({ extensionId: EXTENSION_ID });
      try {
        const ok = await raw(pinned.port, {
          headers: { host: `127.0.0.1:${pinned.port}`, origin: `chrome-extension://${EXTENSION_ID}` },
        });
        expect(ok.status).to.equal(200);
        const other = await raw(pinned.port, {
          headers: { host: `127.0.0.1:${pinned.port}`, origin: `chrome-extension://${'p'.repeat(32)}` },
        });
        expect(other.status).to.equal(403);
      } finally {
        await pinned.stop();
      }
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
      expect(response.body.result.serverInfo.name).to.equal('browsertap');
    });

    it('does not need the token for the extension API or /health', async () => {
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
