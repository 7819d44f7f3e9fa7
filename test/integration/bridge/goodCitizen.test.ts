import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { payload } from '../../support/daemonHarness.js';
import { connectBridge, freePort, killDaemons, removeDir, tempDir, type Bridge } from '../../support/processes.js';
import { until } from '../../support/until.js';

/**
 * How long the bridge may take to exit once told to: it waits at most 500 ms for the daemon to
 * end its session (DaemonUpstream's close), and took 56 s before it ended what it started. A
 * bound of 5 s tells those apart however loaded the machine; how fast it really exits is not
 * this test's to say.
 */
const EXIT_MS = 5_000;

/** `node dist/cli.js mcp` spoken to line by line, as a client would. */
class RawBridge {
  readonly child: ChildProcessWithoutNullStreams;
  private stdout = '';
  readonly exited: Promise<number | null>;

  constructor(port: number, stateDir: string) {
    this.child = spawn(
      process.execPath,
      ['dist/cli.js', 'mcp', '--port', String(port), '--state-dir', stateDir, '--log-level', 'info'],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    this.child.stdout.on('data', (chunk) => (this.stdout += chunk));
    this.child.stderr.resume();
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  send(message: object): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  async answer(id: number): Promise<any> {
    const find = () =>
      this.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line))
        .find((message) => message.id === id);
    await until(() => find() !== undefined, `an answer to ${id}`);
    return find();
  }

  async initialize(): Promise<void> {
    this.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await this.answer(1);
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }
}

/** The bridge as a good citizen (docs/security.md): cancellation reaches the daemon, stdin and signals end it at once, its session goes with it. */
describe('browsertap mcp ends what it starts (built CLI, real processes)', function () {
  this.timeout(30_000);
  let port: number;
  let stateDir: string;
  const bridges: Bridge[] = [];
  const raws: RawBridge[] = [];

  beforeEach(async () => {
    port = await freePort();
    stateDir = tempDir('browsertap-citizen-');
  });

  afterEach(async () => {
    await Promise.all(bridges.splice(0).map((b) => b.client.close().catch(() => undefined)));
    for (const raw of raws.splice(0)) raw.child.kill('SIGKILL');
    await killDaemons(port);
    removeDir(stateDir);
  });

  const health = async (bridge: Bridge) =>
    payload(await bridge.client.callTool({ name: 'configure', arguments: { action: 'health' } }));
  const sessionsGone = () => (readFileSync(join(stateDir, 'daemon.log'), 'utf8').match(/"msg":"mcp client gone"/g) ?? []).length;
  /** Waits (and the daemon answers /health to anyone) until it holds `count` waits. */
  const heldWaits = (count: number) =>
    until(
      async () =>
        ((await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { held_waits: number }).held_waits === count,
      `the daemon holding ${count} waits`,
    );

  it('a cancelled observe wait ends in the daemon at once; nothing is re-run; the session and its commands survive (it ran 55 s, then again on a new session)', async () => {
    const bridge = await connectBridge(port, stateDir);
    bridges.push(bridge);
    const queued = payload(await bridge.client.callTool({ name: 'interact', arguments: { action: 'refresh' } }));
    const { cursor } = payload(await bridge.client.callTool({ name: 'observe', arguments: { what: 'errors' } }));
    const cancel = new AbortController();
    const started = Date.now();
    const held = bridge.client.callTool(
      { name: 'observe', arguments: { what: 'errors', after_cursor: cursor, wait_ms: 20_000 } },
      undefined,
      { signal: cancel.signal, timeout: 60_000 },
    );
    await heldWaits(1);
    cancel.abort('the user changed their mind');
    expect(
      await held.then(
        () => 'answered',
        () => 'rejected',
      ),
    ).to.equal('rejected');
    await heldWaits(0);
    expect(Date.now() - started).to.be.below(10_000); // half the wait: the cancellation ended it
    const pending = payload(await bridge.client.callTool({ name: 'observe', arguments: { what: 'pending_commands' } }));
    expect(pending.pending.map((c: { correlation_id: string }) => c.correlation_id)).to.deep.equal([queued.correlation_id]);
    expect(bridge.stderr()).to.not.contain('reconnected to the daemon with a new MCP session');
  });

  it('a cancelled interact wait ends in the daemon too, and the command stays queued', async () => {
    const bridge = await connectBridge(port, stateDir);
    bridges.push(bridge);
    const cancel = new AbortController();
    const held = bridge.client.callTool({ name: 'interact', arguments: { action: 'refresh', wait_ms: 15_000 } }, undefined, {
      signal: cancel.signal,
    });
    await heldWaits(1);
    cancel.abort();
    await held.catch(() => undefined);
    await heldWaits(0); // 15 s before the wait would have ended by itself
    expect((await health(bridge)).client.pending).to.equal(1);
  });

  it('stdin closing mid-call ends the bridge at once and ends its daemon session (it took 56 s and left the session)', async () => {
    const raw = new RawBridge(port, stateDir);
    raws.push(raw);
    await raw.initialize();
    raw.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'observe', arguments: { what: 'errors' } } });
    const { cursor } = (await raw.answer(2)).result.structuredContent;
    raw.send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'observe', arguments: { what: 'errors', after_cursor: cursor, wait_ms: 20_000 } },
    });
    await heldWaits(1); // mid-call: the daemon holds the wait
    const gone = sessionsGone();
    const closedAt = Date.now();
    raw.child.stdin.end();
    expect(await raw.exited).to.equal(0);
    expect(Date.now() - closedAt).to.be.below(EXIT_MS);
    await until(() => sessionsGone() > gone, 'the daemon ending the session');
    expect(sessionsGone()).to.equal(gone + 1);
  });

  it('SIGTERM ends the bridge at once and ends its daemon session (it left the session behind)', async () => {
    const raw = new RawBridge(port, stateDir);
    raws.push(raw);
    await raw.initialize();
    raw.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'configure', arguments: { action: 'health' } } });
    await raw.answer(2);
    const gone = sessionsGone();
    const signalledAt = Date.now();
    raw.child.kill('SIGTERM');
    expect(await raw.exited).to.equal(0);
    expect(Date.now() - signalledAt).to.be.below(EXIT_MS);
    await until(() => sessionsGone() > gone, 'the daemon ending the session');
    expect(sessionsGone()).to.equal(gone + 1);
  });
});
