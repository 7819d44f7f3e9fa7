import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { payload } from '../../support/daemonHarness.js';
import { connectBridge, freePort, killDaemons, removeDir, tempDir, type Bridge } from '../../support/processes.js';

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

  async answer(id: number, timeoutMs = 10_000): Promise<any> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = this.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line))
        .find((message) => message.id === id);
      if (found !== undefined) return found;
      if (Date.now() > end) throw new Error(`no answer to ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
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

/** The bridge as a good citizen (SPEC 6): cancellation reaches the daemon, stdin and signals end it at once, its session goes with it. */
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
    for (let i = 0; i < 100 && (await health(bridge)).held_waits === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await health(bridge)).held_waits).to.equal(1);
    cancel.abort('the user changed their mind');
    expect(
      await held.then(
        () => 'answered',
        () => 'rejected',
      ),
    ).to.equal('rejected');
    let waits = 1;
    for (let i = 0; i < 50 && waits > 0; i++) {
      waits = (await health(bridge)).held_waits;
      if (waits > 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(waits).to.equal(0);
    expect(Date.now() - started).to.be.below(5_000);
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
    for (let i = 0; i < 100 && (await health(bridge)).held_waits === 0; i++) await new Promise((r) => setTimeout(r, 20));
    cancel.abort();
    await held.catch(() => undefined);
    let waits = 1;
    for (let i = 0; i < 50 && waits > 0; i++) {
      waits = (await health(bridge)).held_waits;
      if (waits > 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(waits).to.equal(0);
    expect((await health(bridge)).client.pending).to.equal(1);
  });

  it('stdin closing mid-call ends the bridge within 1 s and ends its daemon session (it took 56 s and left the session)', async () => {
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
    await new Promise((r) => setTimeout(r, 300));
    const gone = sessionsGone();
    const closedAt = Date.now();
    raw.child.stdin.end();
    expect(await raw.exited).to.equal(0);
    expect(Date.now() - closedAt).to.be.below(1_000);
    for (let i = 0; i < 50 && sessionsGone() === gone; i++) await new Promise((r) => setTimeout(r, 20));
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
    expect(Date.now() - signalledAt).to.be.below(1_000);
    for (let i = 0; i < 50 && sessionsGone() === gone; i++) await new Promise((r) => setTimeout(r, 20));
    expect(sessionsGone()).to.equal(gone + 1);
  });
});
