import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { expect } from 'chai';
import { challengeDaemon } from '../../../src/adapters/outbound/process/daemonIdentity.js';
import { connectBridge, daemonPids, freePort, killDaemons, removeDir, tempDir, type Bridge } from '../../support/processes.js';
import { payload } from '../../support/daemonHarness.js';
import { listenLocal } from '../../support/servers.js';
import { until } from '../../support/until.js';

/** Runs the built CLI without blocking this process (a squatter served from here must keep answering). */
function runCli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/cli.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A process that has nothing to do with browsertap. */
function bystander(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Something else on the port that answers /health like a daemon and records what reaches it. */
async function startSquatter(port: number, pid: number) {
  const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
  const server = await listenLocal((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    const body = (req.url ?? '').startsWith('/health')
      ? { status: 'ok', version: '0.1.0', extension: { connected: false }, pid, proof: 'f'.repeat(64) }
      : { jsonrpc: '2.0', id: 1, result: {} };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }, port);
  return { seen, close: server.close };
}

/**
 * A squatter that relays every `/health` request to the daemon on `target` and returns its
 * answer verbatim, or with the pid replaced by `pid`; it records what reaches it.
 */
async function startRelay(port: number, target: number, pid?: number) {
  const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
  const server = await listenLocal((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    if (!(req.url ?? '').startsWith('/health')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":{}}');
      return;
    }
    get({ host: '127.0.0.1', port: target, path: req.url, agent: false }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => {
        if (pid !== undefined) body = JSON.stringify({ ...JSON.parse(body), pid });
        res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' }).end(body);
      });
    }).on('error', () => res.writeHead(502).end());
  }, port);
  return { seen, close: server.close };
}

describe('daemon identity: who gets the token, what stop signals (docs/security.md, built CLI)', function () {
  this.timeout(30_000);
  let port: number;
  let stateDir: string;
  const cleanups: Array<() => unknown> = [];

  beforeEach(async () => {
    port = await freePort();
    stateDir = tempDir('browsertap-identity-');
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await killDaemons(port);
    removeDir(stateDir);
  });

  const startDaemon = async (on = port) => {
    const child = spawn(process.execPath, ['dist/cli.js', 'daemon', '--port', String(on), '--state-dir', stateDir], {
      stdio: 'ignore',
    });
    cleanups.push(() => child.kill('SIGKILL'));
    await until(() => existsSync(join(stateDir, 'daemon.pid')), 'the daemon listening (its pid file)');
    return child;
  };
  const bridge = async (): Promise<Bridge> => {
    const opened = await connectBridge(port, stateDir);
    cleanups.push(() => opened.client.close().catch(() => undefined));
    return opened;
  };

  it('stop leaves alone the process a stale pid file names (it sent SIGTERM, then SIGKILL)', async () => {
    const other = bystander();
    cleanups.push(() => other.kill('SIGKILL'));
    writeFileSync(join(stateDir, 'daemon.pid'), `${other.pid}\n`);
    const stop = await runCli(['stop', '--port', String(port), '--state-dir', stateDir]);
    expect(JSON.parse(stop.stdout)).to.deep.equal({ stopped: false, reason: 'not running' });
    expect(stop.stderr).to.contain(`named pid ${other.pid}, which was left alone`);
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(other.pid as number)).to.equal(true);
    expect(existsSync(join(stateDir, 'daemon.pid'))).to.equal(false);
  });

  it('stop stops the daemon that proves itself, with no pid file at all (it could not)', async () => {
    const daemon = await startDaemon();
    rmSync(join(stateDir, 'daemon.pid'));
    const stop = await runCli(['stop', '--port', String(port), '--state-dir', stateDir]);
    expect(JSON.parse(stop.stdout)).to.deep.equal({ stopped: true, pid: daemon.pid, forced: false });
    expect(daemonPids(port)).to.deep.equal([]);
  });

  it('stop refuses a program squatting on the port: nothing is signalled, exit 1, the port is named', async () => {
    const other = bystander();
    cleanups.push(() => other.kill('SIGKILL'));
    writeFileSync(join(stateDir, 'token'), `${'a'.repeat(64)}\n`, { mode: 0o600 });
    const squatter = await startSquatter(port, other.pid as number);
    cleanups.push(() => squatter.close());
    const stop = await runCli(['stop', '--port', String(port), '--state-dir', stateDir]);
    expect(stop.status).to.equal(1);
    expect(stop.stderr).to.contain(`another program holds port ${port}`);
    expect(alive(other.pid as number)).to.equal(true);
    expect(squatter.seen.every((r) => r.headers.authorization === undefined)).to.equal(true);
  });

  it('the bridge never sends its token to a squatter and says another program holds the port (it sent it and talked MCP)', async () => {
    const token = 'b'.repeat(64);
    writeFileSync(join(stateDir, 'token'), `${token}\n`, { mode: 0o600 });
    const squatter = await startSquatter(port, process.pid);
    cleanups.push(() => squatter.close());
    // `initialize` is answered by the bridge itself (docs/install.md); the first call carries the reason.
    const opened = await connectBridge(port, stateDir, 'dist/cli.cjs', 'bridge-test', false);
    cleanups.push(() => opened.client.close().catch(() => undefined));
    const error = await opened.client.callTool({ name: 'configure', arguments: { action: 'health' } }).then(
      () => 'answered',
      (failure: Error) => failure.message,
    );
    expect(error).to.contain(`another program holds port ${port}`);
    expect(squatter.seen.length).to.be.above(0);
    expect(squatter.seen.filter((r) => r.url.startsWith('/mcp'))).to.deep.equal([]);
    expect(JSON.stringify(squatter.seen)).to.not.contain(token);
  });

  it('a squatter relaying the challenge to the real daemon on another port is refused: no token reaches it (the proof did not cover the port: the bridge sent its token)', async () => {
    const daemonPort = await freePort();
    await startDaemon(daemonPort);
    const token = readFileSync(join(stateDir, 'token'), 'utf8').trim();
    const relay = await startRelay(port, daemonPort);
    cleanups.push(() => relay.close());
    expect((await challengeDaemon(daemonPort, token)).outcome).to.equal('proven');
    expect((await challengeDaemon(port, token)).outcome).to.equal('foreign');
    const opened = await connectBridge(port, stateDir, 'dist/cli.cjs', 'bridge-test', false);
    cleanups.push(() => opened.client.close().catch(() => undefined));
    const error = await opened.client.callTool({ name: 'configure', arguments: { action: 'health' } }).then(
      () => 'answered',
      (failure: Error) => failure.message,
    );
    expect(error).to.contain(`another program holds port ${port}`);
    const status = await runCli(['status', '--port', String(port), '--state-dir', stateDir]);
    expect(status.status).to.equal(3);
    expect(JSON.parse(status.stdout).identity.problem).to.contain(`another program holds port ${port}`);
    expect(relay.seen.some((r) => r.url.startsWith('/health?challenge='))).to.equal(true);
    expect(relay.seen.filter((r) => r.headers.authorization !== undefined)).to.deep.equal([]);
    expect(relay.seen.filter((r) => r.url.startsWith('/mcp'))).to.deep.equal([]);
    expect(JSON.stringify(relay.seen)).to.not.contain(token);
  });

  it('stop refuses a relayed proof whose pid was changed: neither the named process nor the daemon is signalled (it killed the named pid)', async () => {
    const other = bystander();
    cleanups.push(() => other.kill('SIGKILL'));
    const daemonPort = await freePort();
    const daemon = await startDaemon(daemonPort);
    const relay = await startRelay(port, daemonPort, other.pid as number);
    cleanups.push(() => relay.close());
    const stop = await runCli(['stop', '--port', String(port), '--state-dir', stateDir]);
    expect(stop.status).to.equal(1);
    expect(stop.stderr).to.contain(`another program holds port ${port}`);
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(other.pid as number)).to.equal(true);
    expect(alive(daemon.pid as number)).to.equal(true);
    expect(relay.seen.every((r) => r.headers.authorization === undefined)).to.equal(true);
  });

  it('/health?challenge= proves the token with HMAC-SHA256 and reports the pid; status shows it', async () => {
    const daemon = await startDaemon();
    const status = await runCli(['status', '--port', String(port), '--state-dir', stateDir]);
    expect(status.status).to.equal(0);
    expect(JSON.parse(status.stdout).identity).to.deep.equal({ proven: true, pid: daemon.pid });
    const elsewhere = tempDir('browsertap-identity-other-');
    cleanups.push(() => removeDir(elsewhere));
    writeFileSync(join(elsewhere, 'token'), `${'c'.repeat(64)}\n`, { mode: 0o600 });
    const unproven = await runCli(['status', '--port', String(port), '--state-dir', elsewhere]);
    expect(unproven.status).to.equal(3);
    expect(JSON.parse(unproven.stdout).identity.problem).to.contain(`another program holds port ${port}`);
  });

  it('a deleted token file: the next bridge gets it back from the daemon and says so (was a false "the daemon is being restarted")', async () => {
    const first = await bridge();
    const tokenFile = join(stateDir, 'token');
    const token = readFileSync(tokenFile, 'utf8');
    rmSync(tokenFile);
    const second = await bridge();
    const health = payload(await second.client.callTool({ name: 'configure', arguments: { action: 'health' } }));
    expect(health.status).to.equal('ok');
    expect(readFileSync(tokenFile, 'utf8')).to.equal(token);
    expect(second.stderr()).to.contain('was missing; the daemon on port');
    expect(payload(await first.client.callTool({ name: 'configure', arguments: { action: 'health' } })).status).to.equal('ok');
  });

  it('an empty token file: the daemon starts with a new token and logs why (it refused to start)', async () => {
    writeFileSync(join(stateDir, 'token'), '  \n', { mode: 0o600 });
    const opened = await bridge();
    const health = payload(await opened.client.callTool({ name: 'configure', arguments: { action: 'health' } }));
    expect(health.status).to.equal('ok');
    expect(readFileSync(join(stateDir, 'token'), 'utf8').trim()).to.match(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(stateDir, 'daemon.log'), 'utf8')).to.contain('the token file was empty; wrote a new token');
  });
});
