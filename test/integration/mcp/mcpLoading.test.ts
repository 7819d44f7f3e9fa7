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

  let logged: string[];
  const start = async (clientStarted: boolean, appLoader?: Parameters<typeof startDaemon>[0]['appLoader']) => {
    stateDir = mkdtempSync(join(tmpdir(), 'browsertap-mcp-load-'));
    clock = new FakeClock();
    events = [];
    logged = [];
    daemon = await startDaemon({
      port: 0,
      stateDir,
      logLevel: 'warn',
      logSink: { write: (line: string) => void logged.push(line) },
      profile: 'fake-clock',
      fakeClock: clock,
      clientStarted,
      afterStart: () => events.push('started'),
      afterWarmUp: () => events.push('warm'),
      loadMcpSide: async (): Promise<McpSide> => {
        events.push('load');
        return import('../../../src/composition/mcpSessions.js');
      },
      appLoader:
        appLoader ??
        ((build) => {
          events.push('app');
          return build();
        }),
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
    await clock.tickAsync(0);
    expect(events, 'the HTTP app, once the first request is answered').to.deep.equal(['started', 'load', 'app']);
    await clock.tickAsync(1_499);
    expect(events).to.deep.equal(['started', 'load', 'app']);
    await clock.tickAsync(1);
    expect(events).to.deep.equal(['started', 'load', 'app', 'warm']);
    expect(await initialize()).to.equal(200);
    expect(events, 'loaded once').to.deep.equal(['started', 'load', 'app', 'warm']);
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
    await clock.tickAsync(249);
    expect(events, 'the HTTP app waits while the client’s session starts').to.deep.equal(['load']);
    await clock.tickAsync(1);
    expect(events).to.deep.equal(['load', 'app']);
    await clock.tickAsync(1_250);
    expect(events).to.deep.equal(['load', 'app', 'warm']);
  });

  it('started by a client: a request that needs the HTTP app before then builds it at once', async () => {
    await start(true);
    await (await fetch(`http://127.0.0.1:${daemon.port}/health`)).text();
    await until(async () => {
      await clock.tickAsync(0);
      return events.includes('load');
    }, 'the MCP side loading after that answer');
    const page = await fetch(`http://127.0.0.1:${daemon.port}/status.json`);
    expect(page.status).to.equal(200);
    expect(events).to.deep.equal(['load', 'app']);
    await clock.tickAsync(250);
    expect(events, 'built once').to.deep.equal(['load', 'app']);
  });

  it('an HTTP app that fails to build: its requests are answered 500 internal_error and the failure is logged; /health and /mcp still answer', async () => {
    await start(false, () => Promise.reject(new Error('the app could not be built')));
    const page = await fetch(`http://127.0.0.1:${daemon.port}/status.json`);
    expect(page.status).to.equal(500);
    expect(await page.json()).to.deep.include({ error: 'internal_error' });
    expect(logged.join('\n')).to.include('the app could not be built');
    expect((await fetch(`http://127.0.0.1:${daemon.port}/health`)).status).to.equal(200);
    expect(await initialize()).to.equal(200);
  });
});
