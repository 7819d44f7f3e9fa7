import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '../../../src/adapters/outbound/clock/FakeClock.js';
import { startDaemon, type McpSide, type RunningDaemon } from '../../../src/composition/startDaemon.js';
import { until } from '../../support/until.js';

/**
 * When the daemon loads its MCP side (the SDK, zod, the tools): a daemon started by hand on the
 * first `/mcp` request, however long that takes; one a client started once its first request
 * (the client's `/health`) has been answered.
 * The daemon runs on the fake clock: what comes first is the test's to decide, not the machine's.
 */
describe('loading the MCP side', function () {
  this.timeout(15_000);
  let daemon: RunningDaemon;
  let stateDir: string;
  let clock: FakeClock;
  let events: string[];

  const start = async (clientStarted: boolean) => {
    stateDir = mkdtempSync(join(tmpdir(), 'browsertap-mcp-load-'));
    clock = new FakeClock();
    events = [];
    daemon = await startDaemon({
      port: 0,
      stateDir,
      logLevel: 'warn',
      logSink: { write: () => undefined },
      profile: 'fake-clock',
      fakeClock: clock,
      clientStarted,
      afterStart: () => events.push('started'),
      afterWarmUp: () => events.push('warm'),
      loadMcpSide: async (): Promise<McpSide> => {
        events.push('load');
        return import('../../../src/composition/mcpSessions.js');
      },
    });
  };
  const initialize = async () => {
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
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'agent', version: '1' } },
      }),
    });
    await response.text();
    return response.status;
  };

  afterEach(async () => {
    await daemon.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('started by hand: says it has started a second after listening, and loads nothing for MCP until the first agent', async () => {
    await start(false);
    await clock.tickAsync(999);
    expect(events).to.deep.equal([]);
    await clock.tickAsync(1);
    expect(events).to.deep.equal(['started']);
    await clock.tickAsync(10 * 60_000);
    expect(events).to.deep.equal(['started']);
    expect(daemon.sessions.size).to.equal(0);

    expect(await initialize()).to.equal(200);
    expect(daemon.sessions.size).to.equal(1);
    expect(events).to.deep.equal(['started', 'load']);
    await clock.tickAsync(1_499);
    expect(events).to.deep.equal(['started', 'load']);
    await clock.tickAsync(1);
    expect(events).to.deep.equal(['started', 'load', 'warm']);
    expect(await initialize()).to.equal(200);
    expect(events, 'loaded once').to.deep.equal(['started', 'load', 'warm']);
  });

  it('started by a client: loads once its first request (the client’s /health) is answered, and is warm once that client’s first session had its time', async () => {
    await start(true);
    await clock.tickAsync(100);
    expect(events, 'nothing before the first answer').to.deep.equal([]);
    const health = await fetch(`http://127.0.0.1:${daemon.port}/health`);
    expect(health.status).to.equal(200);
    await health.text();
    expect(events, 'the answer went first').to.deep.equal([]);
    await until(async () => {
      await clock.tickAsync(0);
      return events.includes('load');
    }, 'the MCP side loading after that answer');
    expect(await daemon.sessions.whenLoaded()).to.equal(true);
    expect(events).to.deep.equal(['load']);
    expect(await initialize()).to.equal(200);
    await clock.tickAsync(1_500);
    expect(events).to.deep.equal(['load', 'warm']);
  });
});
