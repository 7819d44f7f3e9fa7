import { spawnSync } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ROUTES } from '../../../src/adapters/inbound/http/routeTable.js';
import { OUR_EXTENSION_ID } from '../../../src/domain/extension/ourExtension.js';
import { freePort, removeDir, tempDir } from '../../support/processes.js';
import {
  connectRemoteBridge,
  copyToken,
  getWithHost,
  health,
  startTestDaemon,
  tokenFileIn,
  type TestDaemon,
} from './remoteSupport.js';
import { request } from 'node:http';

/** A non-loopback IPv4 address of this machine, or undefined. */
function outsideAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return undefined;
}

/** A POST to /mcp at `address:port` (an MCP initialize), with the headers given. */
function postMcp(address: string, port: number, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'listen-test', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: address,
        port,
        path: '/mcp',
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * docs/install.md: `browsertap daemon --listen ADDRESS` serves `/health` and `/mcp` (token required) on
 * that address of this machine too; the extension API and the status page stay on loopback.
 */
describe('the daemon with --listen ADDRESS (docs/install.md, built CLI)', function () {
  this.timeout(30_000);
  const address = outsideAddress();
  let stateDir: string;
  let agentHome: string;
  let port: number;
  let daemon: TestDaemon | undefined;
  const extensionOrigin = `chrome-extension://${OUR_EXTENSION_ID}`;

  before(function () {
    if (address === undefined) {
      console.log('      skipped: this machine has no non-loopback IPv4 address (os.networkInterfaces())');
      this.skip();
    }
  });

  beforeEach(async () => {
    stateDir = tempDir('browsertap-listen-');
    agentHome = tempDir('browsertap-listen-agent-');
    port = await freePort();
  });

  afterEach(async () => {
    await daemon?.stop();
    daemon = undefined;
    removeDir(stateDir);
    removeDir(agentHome);
  });

  const start = async () => {
    daemon = await startTestDaemon(port, stateDir, ['--listen', address as string]);
    expect(daemon.stderr(), daemon.stderr()).to.contain('daemon listening on');
    return daemon;
  };

  it('warns at start, on stderr only, naming the address and what is exposed there (before: --listen was an unknown option)', async () => {
    const running = await start();
    expect(running.stderr()).to.contain(`also listening on http://${address}:${port} (--listen)`);
    expect(running.stderr()).to.contain('the token travels there as plain HTTP');
    expect(running.stdout()).to.equal('');
  });

  it('answers /mcp on that address only with the token', async () => {
    await start();
    const token = copyToken(stateDir, tokenFileIn(agentHome));
    const host = `${address}:${port}`;
    const without = await postMcp(address as string, port, { host });
    expect(without.status).to.equal(401);
    expect(JSON.parse(without.body).error).to.equal('unauthorized');
    const wrong = await postMcp(address as string, port, { host, authorization: `Bearer ${'0'.repeat(64)}` });
    expect(wrong.status).to.equal(401);
    const right = await postMcp(address as string, port, { host, authorization: `Bearer ${token}` });
    expect(right.status, right.body).to.equal(200);
    expect(right.body).to.contain('"protocolVersion"');
  });

  it('accepts the address as Host and still refuses any other Host there', async () => {
    await start();
    expect((await getWithHost(address as string, port, '/health', { host: `${address}:${port}` })).status).to.equal(200);
    const foreign = await getWithHost(address as string, port, '/health', { host: `evil.example:${port}` });
    expect(foreign.status).to.equal(403);
    expect(JSON.parse(foreign.body).error).to.equal('forbidden_host');
  });

  it('refuses every extension route and the status page there, even with the extension’s Origin; loopback still serves them', async () => {
    await start();
    const guarded = [...ROUTES].filter(([, kind]) => kind === 'extension' || kind === 'status').map(([path]) => path);
    expect(guarded.length).to.be.above(5);
    for (const path of guarded) {
      const there = await getWithHost(address as string, port, path, { host: `${address}:${port}`, origin: extensionOrigin });
      expect(there.status, path).to.equal(403);
      expect(JSON.parse(there.body), path).to.include({ error: 'loopback_only' });
      expect(JSON.parse(there.body).message, path).to.contain(`${path} answers on 127.0.0.1 only`);
      const here = await getWithHost('127.0.0.1', port, path, { host: `127.0.0.1:${port}`, origin: extensionOrigin });
      expect(here.body, path).to.not.contain('loopback_only');
    }
  });

  it('a bridge elsewhere reaches it by that address with --daemon-url', async () => {
    await start();
    const tokenFile = tokenFileIn(agentHome);
    copyToken(stateDir, tokenFile);
    const bridge = await connectRemoteBridge(['--daemon-url', `http://${address}:${port}`, '--token-file', tokenFile], {
      HOME: agentHome,
    });
    try {
      const answer = await health(bridge);
      expect(answer.ok, JSON.stringify(answer)).to.equal(true);
    } finally {
      await bridge.close();
    }
  });

  it('refuses a wildcard address and one that is not this machine’s, binding nothing', () => {
    const wildcard = spawnSync(
      process.execPath,
      ['dist/cli.js', 'daemon', '--port', String(port), '--state-dir', stateDir, '--listen', '0.0.0.0'],
      {
        encoding: 'utf8',
        timeout: 10_000,
      },
    );
    expect(wildcard.status).to.equal(2);
    expect(wildcard.stderr).to.contain('--listen 0.0.0.0 would serve every network this machine is on');
    // 192.0.2.0/24 is TEST-NET-1: documentation only, never a real interface's address (unless it is ours).
    const foreign = address === '192.0.2.77' ? '198.51.100.77' : '192.0.2.77';
    const absent = spawnSync(
      process.execPath,
      ['dist/cli.js', 'daemon', '--port', String(port), '--state-dir', join(stateDir, 'x'), '--listen', foreign],
      { encoding: 'utf8', timeout: 10_000 },
    );
    expect(absent.status).to.equal(1);
    expect(absent.stderr).to.contain(`--listen ${foreign}: not an address of this machine (EADDRNOTAVAIL)`);
  });
});

describe('daemon --listen refuses the unspecified address in every spelling (built CLI)', function () {
  this.timeout(30_000);

  it('by its parsed value, before binding anything, saying it would serve every network (not a later "port in use")', async () => {
    const port = await freePort();
    const stateDir = tempDir('browsertap-listen-any-');
    try {
      for (const spelling of ['::0.0.0.0', '::ffff:0.0.0.0', '::ffff:0:0', '0:0::0.0.0.0', '::%lo', '000.000.000.000']) {
        const run = spawnSync(
          process.execPath,
          ['dist/cli.js', 'daemon', '--port', String(port), '--state-dir', stateDir, '--listen', spelling],
          { encoding: 'utf8', timeout: 10_000 },
        );
        expect(run.status, `${spelling}: ${run.stderr}`).to.equal(2);
        expect(run.stderr).to.contain(`--listen ${spelling} would serve every network this machine is on (it reads as`);
        expect(run.stderr).not.to.match(/in use/i);
      }
      const health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      expect(health, 'nothing was bound on the port').to.equal(undefined);
    } finally {
      removeDir(stateDir);
    }
  });
});
