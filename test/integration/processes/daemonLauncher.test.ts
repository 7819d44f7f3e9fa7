import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { expect } from 'chai';
import { DaemonLauncher } from '../../../src/adapters/outbound/process/DaemonLauncher.js';
import { quietLogger } from '../../support/loggers.js';
import { freePort, removeDir, tempDir } from '../../support/processes.js';

/** A program answering `/health` as a daemon would, once it has waited `afterMs` (then it exits on its own). */
const lateDaemon = (port: number, afterMs: number) => [
  '-e',
  `setTimeout(() => { const s = require('node:http').createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.end(JSON.stringify({ status: 'ok', version: 'late' })); }).listen(${port}, '127.0.0.1'); setTimeout(() => s.close(), 5000).unref(); }, ${afterMs});`,
];

/** A program answering `/health` with the path it was asked as its version (then it exits on its own). */
const challengedDaemon = (port: number) => [
  '-e',
  `const s = require('node:http').createServer((q, r) => r.end(JSON.stringify({ status: 'ok', version: q.url }))).listen(${port}, '127.0.0.1'); setTimeout(() => s.close(), 5000).unref();`,
];

/**
 * The launcher a bridge runs before the rest of it loads (docs/install.md, start-up): it says when
 * it knows it need start nothing more (`onDecided`), so the bridge can load its relay while the
 * daemon starts.
 */
describe('DaemonLauncher (real processes and sockets)', function () {
  this.timeout(20_000);
  let port: number;
  let stateDir: string;
  let server: Server | undefined;

  beforeEach(async () => {
    port = await freePort();
    stateDir = tempDir('browsertap-launcher-');
  });
  afterEach(async () => {
    await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
    server = undefined;
    removeDir(stateDir);
  });

  const launcher = (events: string[], args: readonly string[]) =>
    new DaemonLauncher({
      port,
      stateDir,
      command: process.execPath,
      args,
      logger: quietLogger,
      rotateBytes: 1_000_000,
      onDecided: () => events.push('decided'),
    });

  it('with nothing on the port: spawns, says it has decided while the daemon is still starting, then resolves at its /health', async () => {
    const events: string[] = [];
    const running = launcher(events, lateDaemon(port, 400))
      .ensureRunning()
      .then((health) => events.push(`healthy ${health.version}`));
    while (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(events).to.deep.equal(['decided']);
    await running;
    expect(events).to.deep.equal(['decided', 'healthy late']);
  });

  it('with a daemon answering: resolves at its /health and spawns nothing (decided is not said)', async () => {
    server = createServer((_, res) => res.end(JSON.stringify({ status: 'ok', version: 'running' })));
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    const events: string[] = [];
    const health = await launcher(events, ['-e', 'process.exit(3)']).ensureRunning();
    expect(health.version).to.equal('running');
    expect(events).to.deep.equal([]);
  });

  it('while another launcher holds the start: says it has decided, then resolves once that daemon answers', async () => {
    writeFileSync(join(stateDir, 'daemon.lock'), `${process.pid} ${Date.now()}\n`);
    const events: string[] = [];
    const running = launcher(events, ['-e', 'process.exit(3)']).ensureRunning();
    while (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(events).to.deep.equal(['decided']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events, 'said once, though it asks again every 10 ms').to.deep.equal(['decided']);
    server = createServer((_, res) => res.end(JSON.stringify({ status: 'ok', version: 'theirs' })));
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    expect((await running).version).to.equal('theirs');
  });

  it('asks every /health with the challenge it is given, and resolves with the answer to it', async () => {
    const asked: string[] = [];
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.end(JSON.stringify({ status: 'ok', version: 'running', proof: 'for the caller to check' }));
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    const health = await launcher([], ['-e', 'process.exit(3)']).ensureRunning('a-nonce-of-the-callers-0123');
    expect(asked).to.deep.equal(['/health?challenge=a-nonce-of-the-callers-0123']);
    expect(health.proof).to.equal('for the caller to check');
  });

  it('probes the daemon it spawned with the challenge too', async () => {
    const events: string[] = [];
    const health = await launcher(events, challengedDaemon(port)).ensureRunning('a-nonce-of-the-callers-0123');
    expect(events).to.deep.equal(['decided']);
    expect(health.version).to.equal('/health?challenge=a-nonce-of-the-callers-0123');
  });
});
