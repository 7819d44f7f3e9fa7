import { expect } from 'chai';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { freePort, killDaemons, removeDir, tempDir } from '../../support/processes.js';

/** A raw stdio client of the built bridge: lines in, parsed lines out. */
class RawClient {
  private stdout = '';

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk) => (this.stdout += chunk));
  }

  static start(port: number, stateDir: string): RawClient {
    return new RawClient(
      spawn(process.execPath, ['dist/cli.js', 'mcp', '--port', String(port), '--state-dir', stateDir], {
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    );
  }

  lines(): any[] {
    return this.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
  }

  send(message: unknown): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  async waitFor(n: number): Promise<any[]> {
    for (let i = 0; i < 600 && this.lines().length < n; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    return this.lines();
  }

  /** initialize (answered by the bridge) and initialized, as a client speaking `version` opens. */
  async open(version: string): Promise<void> {
    this.send({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    const [answer] = await this.waitFor(1);
    expect(answer.result.protocolVersion).to.equal(version);
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  async stop(): Promise<void> {
    this.child.stdin.end();
    if (this.child.exitCode === null) await new Promise((resolve) => this.child.once('exit', resolve));
  }
}

const call = (id: number | string, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

// Real processes: the built CLI as a client launches it, and the daemon it starts.
describe('browsertap mcp: JSON-RPC batches by protocol version (built CLI)', function () {
  this.timeout(30_000);
  let port: number;
  let stateDir: string;
  let client: RawClient | undefined;

  beforeEach(async () => {
    port = await freePort();
    stateDir = tempDir();
  });

  afterEach(async () => {
    await client?.stop();
    client = undefined;
    await killDaemons(port);
    removeDir(stateDir);
  });

  it('answers a 2025-03-26 client’s batch as a batch: one array with each answer', async () => {
    client = RawClient.start(port, stateDir);
    await client.open('2025-03-26');
    client.send([{ jsonrpc: '2.0', id: 10, method: 'ping' }, call(11, 'configure', { action: 'health' })]);
    const [, batch] = await client.waitFor(2);
    expect(batch).to.be.an('array').with.length(2);
    expect(batch.find((a: { id: number }) => a.id === 10).result).to.deep.equal({});
    expect(batch.find((a: { id: number }) => a.id === 11).result.structuredContent.status).to.equal('ok');
  });

  for (const version of ['2025-06-18', '2025-11-25']) {
    it(`refuses a ${version} client’s batch as a whole with one Invalid Request, running none of it`, async () => {
      client = RawClient.start(port, stateDir);
      await client.open(version);
      client.send([{ jsonrpc: '2.0', id: 10, method: 'ping' }, call(11, 'configure', { action: 'store', key: 'k', data: 1 })]);
      client.send(call(12, 'configure', { action: 'load', key: 'k' }));
      const [, ...rest] = await client.waitFor(3);
      expect(rest).to.deep.include({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: `Invalid Request: JSON-RPC batches are not allowed in protocol version ${version}; send one message per line`,
        },
      });
      const load = rest.find((answer) => answer.id === 12);
      expect(load.result.structuredContent.error).to.equal('unknown_key');
      expect(rest.some((answer) => Array.isArray(answer) || answer.id === 10 || answer.id === 11)).to.equal(false);
    });
  }

  it('refuses an initialize request inside a batch, by the version it asks for', async () => {
    client = RawClient.start(port, stateDir);
    const initialize = (version: string, id: string) => ({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    client.send([initialize('2025-03-26', 'a')]);
    client.send([initialize('2025-06-18', 'b'), { jsonrpc: '2.0', id: 2, method: 'ping' }]);
    const answers = await client.waitFor(2);
    expect(answers.map((answer) => answer.error)).to.deep.equal([
      { code: -32600, message: 'Invalid Request: the initialize request must not be part of a JSON-RPC batch; send it alone' },
      {
        code: -32600,
        message: 'Invalid Request: JSON-RPC batches are not allowed in protocol version 2025-06-18; send one message per line',
      },
    ]);
  });

  it('serves a 2025-11-25 client, whose daemon streams open with an empty priming event', async () => {
    client = RawClient.start(port, stateDir);
    await client.open('2025-11-25');
    client.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    client.send(call(4, 'configure', { action: 'health' }));
    const [, ...answers] = await client.waitFor(3);
    expect(answers.find((answer) => answer.id === 3).result.tools).to.have.length(3);
    expect(answers.find((answer) => answer.id === 4).result.structuredContent.status).to.equal('ok');
  });
});
