import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { until } from './until.js';

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const tempDir = (prefix = 'browsertap-proc-'): string => mkdtempSync(join(tmpdir(), prefix));

export interface Bridge {
  readonly client: Client;
  readonly transport: StdioClientTransport;
  readonly stderr: () => string;
}

/** An SDK client over stdio to `node <cli> mcp` (the built CLI), as an MCP client launches it. */
/**
 * Starts a bridge and connects an SDK client to it. The bridge answers `initialize` itself while
 * the daemon starts (docs/install.md), so unless `untilDaemon` is false this also waits for one call to
 * be answered: tests then start with a daemon running, as they did before that change.
 */
export async function connectBridge(
  port: number,
  stateDir: string,
  cli = 'dist/cli.cjs',
  name = 'bridge-test',
  untilDaemon = true,
): Promise<Bridge> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp', '--port', String(port), '--state-dir', stateDir, '--log-level', 'info'],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  // A bridge whose first call failed is closed here: the test never gets it to close, and its
  // process would keep mocha from exiting (a failure turned into a hang).
  if (untilDaemon)
    await client.callTool({ name: 'configure', arguments: { action: 'health' } }).catch(async (error: unknown) => {
      await client.close().catch(() => undefined);
      throw error;
    });
  return { client, transport, stderr: () => stderr };
}

/** Pids of browsertap daemons serving `port` (from /proc, so nothing is missed). */
export function daemonPids(port: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf('daemon');
      const cli = args[at - 1] ?? '';
      if (at > 0 && (cli.endsWith('cli.js') || cli.endsWith('cli.cjs')) && args[args.indexOf('--port') + 1] === String(port))
        pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/**
 * Kills every daemon on `port` and waits until those are gone (a loaded machine can take a while
 * to reap them). Not for the port to be empty: a bridge whose stream to the daemon broke starts
 * another at once, and on a loaded machine it can be up before the killed one is seen gone.
 */
export async function killDaemons(port: number, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  const killed = daemonPids(port);
  for (const pid of killed) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
  await until(
    () => {
      const left = daemonPids(port);
      return killed.every((pid) => !left.includes(pid));
    },
    `the daemons on port ${port} gone (${killed.join(', ')})`,
  );
}

/** Runs the built CLI to completion. */
export function runCliSync(args: string[], cli = 'dist/cli.js') {
  return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 15_000 });
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
