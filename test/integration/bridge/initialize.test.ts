import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { PROTOCOL_VERSIONS } from '../../../src/adapters/inbound/mcp/serverIdentity.js';
import { freePort, killDaemons, removeDir, tempDir } from '../../support/processes.js';
import { listenLocal } from '../../support/servers.js';
import { until } from '../../support/until.js';

const initialize = (id: number, protocolVersion: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'init-test', version: '1' } },
});

/** The daemon's own answer to `initialize`, over HTTP. */
async function daemonAnswer(port: number, stateDir: string, protocolVersion: string): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${readFileSync(join(stateDir, 'token'), 'utf8').trim()}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify(initialize(1, protocolVersion)),
  });
  const text = await response.text();
  // The first event with data: a 2025-11-25 stream opens with an event of empty data.
  const data = text.split('\n').find((line) => line.startsWith('data: ') && line.length > 'data: '.length);
  return (JSON.parse((data ?? '').slice('data: '.length)) as { result: unknown }).result;
}

// docs/install.md: the bridge answers `initialize` itself while it starts the daemon.
describe('the bridge answers initialize itself, as the daemon would (built CLI)', function () {
  this.timeout(30_000);
  let port: number;
  let stateDir: string;

  beforeEach(async () => {
    port = await freePort();
    stateDir = tempDir();
  });
  afterEach(async () => {
    await killDaemons(port);
    removeDir(stateDir);
  });

  it('knows the protocol versions the SDK the daemon runs accepts', () => {
    expect(PROTOCOL_VERSIONS).to.deep.equal(SUPPORTED_PROTOCOL_VERSIONS);
  });

  for (const requested of ['2025-06-18', '2024-11-05', '1999-01-01']) {
    it(`answers before any daemon runs, with what the daemon answers (client asks ${requested})`, async () => {
      // Another program holds the port until the bridge has answered, so no daemon can be
      // answering yet whatever the machine's speed: the answer can only be the bridge's own.
      const squatter = await listenLocal((_req, res) => res.end('not browsertap'), port);
      const child = spawn(process.execPath, ['dist/cli.js', 'mcp', '--port', String(port), '--state-dir', stateDir], {
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      const messages = () =>
        stdout
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as { id?: number; result?: unknown });
      const answer = async (id: number) => {
        await until(() => messages().some((m) => m.id === id), `the answer to ${id}`);
        return messages().find((m) => m.id === id)!;
      };
      child.stdin.write(`${JSON.stringify(initialize(1, requested))}\n`);
      const fromBridge = (await answer(1)).result;
      expect(fromBridge, 'the bridge answered initialize').to.not.equal(undefined);
      await squatter.close();
      // Once the port is free, the bridge starts the daemon (a failure it just met is held for a
      // second, so the next request may still carry it): the daemon's own answer is the same.
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      let id = 2;
      const listed = async () => {
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' })}\n`);
        return (await answer(id++)).result !== undefined;
      };
      await until(listed, 'tools/list answered by a daemon', undefined, 200);
      expect(fromBridge).to.deep.equal(await daemonAnswer(port, stateDir, requested));
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    });
  }
});
