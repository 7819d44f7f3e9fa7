import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '../../../src/adapters/outbound/clock/FakeClock.js';
import { startDaemon, type RunningDaemon } from '../../../src/composition/startDaemon.js';
import { until } from '../../support/until.js';

/**
 * A daemon nobody has asked for MCP yet loads its MCP side a second after start and runs one
 * session through its own /mcp, so the first agent does not pay for compiling those paths
 * (docs/benchmarks.md: the first session on a running daemon ≈ 150 → ≈ 100 ms). The daemon
 * runs on the fake clock: whether a client came before that second is the test's to decide,
 * not the machine's speed.
 */
describe('the MCP warm-up of a daemon started without a client', function () {
  this.timeout(15_000);
  let daemon: RunningDaemon;
  let stateDir: string;
  let lines: Array<Record<string, unknown>>;
  let clock: FakeClock;

  const start = async () => {
    stateDir = mkdtempSync(join(tmpdir(), 'browsertap-warm-'));
    lines = [];
    clock = new FakeClock();
    daemon = await startDaemon({
      port: 0,
      stateDir,
      logLevel: 'info',
      logSink: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
      profile: 'fake-clock',
      fakeClock: clock,
    });
  };
  const warmUps = () => lines.filter((l) => l.msg === 'mcp client connected' && l.name === 'browsertap-warm-up');

  afterEach(async () => {
    await daemon.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('runs one session through /mcp a second after start, and leaves none behind', async () => {
    await start();
    await clock.tickAsync(1_000);
    await until(() => lines.some((l) => l.msg === 'mcp client gone'), 'the warm-up session ending');
    const [warm] = warmUps();
    expect(warm, 'a warm-up session').to.not.equal(undefined);
    expect(lines.filter((l) => l.msg === 'mcp client gone').map((l) => l.client)).to.deep.equal([warm!.client]);
    expect(daemon.sessions.size).to.equal(0);
    expect(lines.filter((l) => l.level === 'warn' || l.level === 'error')).to.deep.equal([]);
  });

  it('runs none when a client asked for MCP first', async () => {
    await start();
    const response = await fetch(`http://127.0.0.1:${daemon.port}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${daemon.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: `agent${'x'.repeat(10_000)}`, version: '1' },
        },
      }),
    });
    await response.text();
    await clock.tickAsync(1_000);
    // Time for a warm-up that should not be to show itself (it takes ~50 ms); however slow the
    // machine, a daemon that does not warm up passes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(warmUps()).to.deep.equal([]);
    // The client's own name, cut to 64 characters.
    expect(lines.find((l) => l.msg === 'mcp client connected')).to.include({ name: `agent${'x'.repeat(59)}` });
    expect(daemon.sessions.size).to.equal(1);
  });
});
