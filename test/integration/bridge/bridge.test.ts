import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { logEntry, payload, SimulatedExtension } from '../../support/daemonHarness.js';
import {
  connectBridge,
  daemonPids,
  freePort,
  killDaemons,
  removeDir,
  runCliSync,
  tempDir,
  type Bridge,
} from '../../support/processes.js';
import { entriesOf } from '../../support/listEntries.js';
import { HANG_MS, until } from '../../support/until.js';

// Real processes: the built CLI as an MCP client launches it, a detached daemon it starts.
describe('browsertap mcp, the stdio bridge (built CLI, real processes)', function () {
  this.timeout(30_000);
  let port: number;
  let stateDir: string;
  const bridges: Bridge[] = [];
  const open = async (name?: string) => {
    const bridge = await connectBridge(port, stateDir, 'dist/cli.cjs', name);
    bridges.push(bridge);
    return bridge;
  };
  const call = async (bridge: Bridge, name: string, args: Record<string, unknown>) =>
    payload(await bridge.client.callTool({ name, arguments: args }));
  /** Until the daemon holds a wait (its /health answers anyone): the call is in flight there, not on its way. */
  const daemonHolds = () =>
    until(
      async () => ((await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { held_waits: number }).held_waits > 0,
      'the daemon holding the call',
    );

  beforeEach(async () => {
    port = await freePort();
    stateDir = tempDir();
  });

  afterEach(async () => {
    await Promise.all(bridges.splice(0).map((b) => b.client.close().catch(() => undefined)));
    await killDaemons(port);
    removeDir(stateDir);
  });

  it('starts the daemon, lists the tools and runs observe, interact and configure', async () => {
    const bridge = await open();
    expect(existsSync(join(stateDir, 'daemon.pid'))).to.equal(true);
    expect(daemonPids(port)).to.have.length(1);
    if (process.platform === 'linux') {
      // Started with two malloc arenas and large blocks mapped apart (src/composition/daemonFlags.ts,
      // DAEMON_ENV), and no V8 flag on its command line (it sets its own at run time).
      const pid = daemonPids(port)[0];
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environ).to.include.members(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=65536']);
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const cliAt = argv.findIndex((arg) => arg.endsWith('cli.cjs'));
      expect(argv.slice(1, cliAt), 'no V8 flag before the CLI').to.deep.equal([]);
    }
    const tools = await bridge.client.listTools();
    expect(tools.tools.map((t) => t.name)).to.deep.equal(['observe', 'interact', 'configure']);

    const ext = new SimulatedExtension(`http://127.0.0.1:${port}`, 'inst-b', 'boot-1');
    await ext.send('/logs', [logEntry({ message: 'through the bridge' })]);
    expect(entriesOf(await call(bridge, 'observe', { what: 'errors' }))[0].message).to.equal('through the bridge');

    const worker = (async () => {
      const [query] = await ext.poll(5_000);
      await ext.report(query!.correlation_id, 'complete', { result: { success: true, data: 'Bridged' } });
    })();
    const inline = await call(bridge, 'interact', { action: 'execute_js', script: 'return document.title', wait_ms: 5_000 });
    await worker;
    expect(inline).to.include({ status: 'complete' });
    expect(inline.result.data).to.equal('Bridged');

    const health = await call(bridge, 'configure', { action: 'health' });
    expect(health.versions).to.deep.equal({ daemon: '0.1.0', bridge: '0.1.0', mismatch: false });
  });

  it('writes nothing but JSON-RPC to stdout, and answers a malformed line with a parse error', async () => {
    const child = spawn(process.execPath, ['dist/cli.js', 'mcp', '--port', String(port), '--state-dir', stateDir], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const lines = () => stdout.split('\n').filter((l) => l !== '');
    const waitFor = (n: number) => until(() => lines().length >= n, `${n} lines from the bridge`);
    const send = (message: unknown) => child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await waitFor(1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send('{ this is not json');
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'observe', arguments: { what: 'logs' } } });
    await waitFor(4);
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
    const messages = lines().map((line) => JSON.parse(line) as { jsonrpc: string; id: unknown; error?: { code: number } });
    expect(messages.every((m) => m.jsonrpc === '2.0')).to.equal(true);
    expect(messages.map((m) => m.id).sort()).to.deep.equal([1, 2, 3, null].sort());
    expect(messages.find((m) => m.id === null)?.error?.code).to.equal(-32700);
  });

  it('answers an id without a method and batches of non-messages with Invalid Request, one per element, never dropping one', async () => {
    const child = spawn(process.execPath, ['dist/cli.js', 'mcp', '--port', String(port), '--state-dir', stateDir], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const lines = () => stdout.split('\n').filter((l) => l !== '');
    const waitFor = (n: number) => until(() => lines().length >= n, `${n} lines from the bridge`);
    const send = (message: unknown) => child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
    // A version with batches (2025-06-18 and later refuse them whole: batches.test.ts).
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await waitFor(1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 7 });
    send('[1,2,3]');
    send('[]');
    send({ jsonrpc: '1.0', id: 8, method: 'ping' });
    send([
      { jsonrpc: '2.0', id: 10, method: 'ping' },
      { jsonrpc: '2.0', id: 11 },
    ]);
    send({ jsonrpc: '2.0', id: 12, method: 'ping' });
    await waitFor(7);
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
    const answers = lines().map((line) => JSON.parse(line) as any);
    const invalid = (id: unknown) => ({ jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request' } });
    expect(answers).to.have.length(7);
    const single = answers.filter((a) => !Array.isArray(a));
    const batches = answers.filter((a) => Array.isArray(a));
    expect(single).to.deep.include(invalid(7));
    expect(single).to.deep.include(invalid(8));
    expect(single).to.deep.include(invalid(null)); // the empty batch
    expect(single.find((a) => a.id === 12)?.result).to.deep.equal({});
    expect(batches).to.deep.include([invalid(null), invalid(null), invalid(null)]);
    const mixed = batches.find((batch) => batch.length === 2);
    expect(mixed).to.deep.include(invalid(11));
    expect(mixed?.find((a: { id: unknown }) => a.id === 10)?.result).to.deep.equal({});
  });

  it('answers 100 concurrent calls through one bridge, each with its own result', async () => {
    const bridge = await open();
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(bridge, 'configure', { action: 'store', key: `c${i}`, data: i })),
    );
    const loaded = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(bridge, 'configure', { action: 'load', key: `c${i}` })),
    );
    loaded.forEach((result, i) => expect(result).to.deep.equal({ key: `c${i}`, data: i }));
  });

  it('keeps two bridges’ clients apart, each with its own queue limit', async () => {
    const [a, b] = [await open('a'), await open('b')];
    const mine = await call(a, 'interact', { action: 'refresh' });
    const peek = await b.client.callTool({
      name: 'observe',
      arguments: { what: 'command_result', correlation_id: mine.correlation_id },
    });
    expect(payload(peek).error).to.equal('unknown_correlation_id');
    for (let i = 0; i < 4; i++) await call(a, 'interact', { action: 'refresh' });
    expect((await a.client.callTool({ name: 'interact', arguments: { action: 'refresh' } })).isError).to.equal(true);
    expect((await call(b, 'interact', { action: 'refresh' })).status).to.equal('queued');
    expect((await call(b, 'observe', { what: 'pending_commands' })).pending).to.have.length(1);
  });

  it('leaves exactly one daemon when five bridges start at the same instant', async () => {
    const five = await Promise.all(Array.from({ length: 5 }, (_, i) => open(`b${i}`)));
    expect(daemonPids(port)).to.have.length(1);
    const pid = Number(readFileSync(join(stateDir, 'daemon.pid'), 'utf8'));
    expect(daemonPids(port)).to.deep.equal([pid]);
    const answers = await Promise.all(five.map((b) => call(b, 'configure', { action: 'health' })));
    expect(answers.every((h) => h.status === 'ok')).to.equal(true);
    expect(answers[0].commands.clients).to.equal(0);
  });

  it('survives the daemon being killed: a read in flight is answered or fails with a clear error, the next call works', async () => {
    const bridge = await open();
    const { cursor } = await call(bridge, 'observe', { what: 'errors' });
    // Handlers attached at once: the rejection may come while the daemon is still being killed.
    const inFlight = bridge.client
      .callTool({ name: 'observe', arguments: { what: 'errors', after_cursor: cursor, wait_ms: 3_000 } })
      .then(
        (result) => ({ ok: true as const, body: payload(result) }),
        (error: Error) => ({ ok: false as const, error: error.message }),
      );
    await daemonHolds();
    const killedAt = performance.now();
    await killDaemons(port);
    const outcome = await inFlight;
    // At most the repeated 3 s wait and a daemon start; the bound only ends a hang.
    expect(performance.now() - killedAt).to.be.below(3_000 + HANG_MS);
    // A read is safe to repeat, so the bridge repeats it on the restarted daemon, whose cursor
    // says honestly that the old run's entries are gone.
    if (outcome.ok) expect(outcome.body).to.include({ cursor_restarted: true, count: 0 });
    else expect(outcome.error).to.match(/daemon/);
    const after = await call(bridge, 'configure', { action: 'health' });
    expect(after.status).to.equal('ok');
    expect(daemonPids(port)).to.have.length(1);
    expect(bridge.stderr()).to.contain('reconnected to the daemon with a new MCP session');
  });

  it('renews the client’s stream subscription on the restarted daemon', async () => {
    const bridge = await open();
    const received: Array<Record<string, unknown>> = [];
    bridge.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      received.push((n.params as { data: Record<string, unknown> }).data);
    });
    await call(bridge, 'configure', { action: 'streaming', enabled: true, subscribe: ['error'], filters: { severity: 'high' } });
    await killDaemons(port);
    expect((await call(bridge, 'configure', { action: 'streaming_status' })).subscription).to.deep.include({
      subscribe: ['error'],
    });
    await new SimulatedExtension(`http://127.0.0.1:${port}`, 'inst-r', 'boot-1').send('/logs', [
      logEntry({ message: 'after the restart' }),
    ]);
    await until(() => received.length > 0, 'the notification');
    expect(received.map((d) => d.message)).to.deep.equal(['after the restart']);
    expect(bridge.stderr()).to.contain('the stream subscription was renewed');
  });

  it('tells the agent when a browser command was cut off by a dying daemon, instead of repeating it', async () => {
    const bridge = await open();
    const inFlight = bridge.client.callTool({ name: 'interact', arguments: { action: 'refresh', wait_ms: 10_000 } }).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await daemonHolds(); // cut off in the daemon, not on its way there
    await killDaemons(port);
    const outcome = await inFlight;
    expect(outcome).to.match(/connection to the daemon was lost while handling this request.*repeat the call if it is safe/);
    expect((await call(bridge, 'observe', { what: 'pending_commands' })).pending).to.deep.equal([]);
  });

  it('answers with a clear error, and never hangs, when no daemon can start (port taken by another program)', async () => {
    const { createServer } = await import('node:http');
    const squatter = createServer((_req, res) => res.end('not browsertap')).listen(port, '127.0.0.1');
    try {
      const started = performance.now();
      // `initialize` is answered by the bridge itself (docs/install.md); the first call carries the reason.
      const bridge = await connectBridge(port, stateDir, 'dist/cli.cjs', 'squatted', false);
      const failure = await bridge.client.callTool({ name: 'configure', arguments: { action: 'health' } }).then(
        () => 'answered',
        (error: Error) => error.message,
      );
      await bridge.client.close();
      expect(failure).to.match(/daemon unavailable.*(port|EADDRINUSE|taken)/i);
      expect(performance.now() - started).to.be.below(15_000);
    } finally {
      squatter.closeAllConnections();
      squatter.close();
    }
  });

  it('detects and reports a version mismatch between the bridge and a running daemon', async () => {
    const old = tempDir('browsertap-old-build-');
    try {
      cpSync('dist', join(old, 'dist'), { recursive: true });
      writeFileSync(join(old, 'package.json'), JSON.stringify({ name: 'browsertap', version: '0.0.9-old', type: 'module' }));
      symlinkSync(resolve('node_modules'), join(old, 'node_modules'));
      const daemon = spawn(
        process.execPath,
        [join(old, 'dist/cli.js'), 'daemon', '--port', String(port), '--state-dir', stateDir],
        { stdio: 'ignore', detached: true },
      );
      daemon.unref();
      await until(
        () => runCliSync(['status', '--port', String(port), '--state-dir', stateDir]).status === 0,
        'the old daemon answering',
      );

      const bridge = await open();
      const health = await call(bridge, 'configure', { action: 'health' });
      expect(health.versions).to.deep.equal({ daemon: '0.0.9-old', bridge: '0.1.0', mismatch: true });
      expect(bridge.stderr()).to.contain(
        "version mismatch: the running daemon is browsertap 0.0.9-old, this bridge is 0.1.0; run 'browsertap stop'",
      );
      const status = JSON.parse(runCliSync(['status', '--port', String(port), '--state-dir', stateDir]).stdout);
      expect(status.versions).to.deep.equal({ daemon: '0.0.9-old', cli: '0.1.0', mismatch: true });
    } finally {
      removeDir(old);
    }
  });

  it('status prints the health as JSON; stop stops the daemon and removes its pid file', async () => {
    await open();
    const status = runCliSync(['status', '--port', String(port), '--state-dir', stateDir]);
    expect(status.status).to.equal(0);
    expect(JSON.parse(status.stdout)).to.deep.include({
      status: 'ok',
      versions: { daemon: '0.1.0', cli: '0.1.0', mismatch: false },
    });
    // A connected bridge starts the daemon again when it goes away (that is its job): close it
    // first, or the last check races its restart (CI saw status 3: a new daemon answered).
    await Promise.all(bridges.splice(0).map((b) => b.client.close().catch(() => undefined)));
    const stop = runCliSync(['stop', '--port', String(port), '--state-dir', stateDir]);
    expect(JSON.parse(stop.stdout)).to.include({ stopped: true, forced: false });
    expect(daemonPids(port)).to.deep.equal([]);
    expect(existsSync(join(stateDir, 'daemon.pid'))).to.equal(false);
    expect(runCliSync(['status', '--port', String(port)]).status).to.equal(1);
  });
});
