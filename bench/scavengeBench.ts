// `npx tsx bench/scavengeBench.ts [cli ...]`: young-generation collections per 1 000 observe reads
// (100 log entries, the lean client) of each build named (default this checkout's dist/cli.cjs),
// counted from the daemon's `--trace-gc` lines. A V8 flag on the command line costs the daemon
// its start-up code cache (src/composition/daemonFlags.ts), nothing a read does. With
// `HEAP_PROF=dir`, the daemon also writes a sampling heap profile (every 4 KB) of the reads there.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_HEADERS } from '../test/support/daemonHarness.js';
import { freePort, tempDir } from '../test/support/processes.js';
import { daemonArgs, launchEnv, logEntry, RawMcpClient } from './lib.js';

const READS = 1_000;
const WARM_UP = 500;

async function scavengesPer1000(cli: string): Promise<{ scavenges: number; ms: number }> {
  const port = await freePort();
  const stateDir = tempDir('browsertap-scavenge-');
  const profile = process.env.HEAP_PROF;
  const child = spawn(
    process.execPath,
    [
      '--trace-gc',
      ...(profile === undefined ? [] : ['--heap-prof', `--heap-prof-dir=${profile}`, '--heap-prof-interval=4096']),
      ...daemonArgs(cli, port, stateDir),
    ],
    { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, ...launchEnv(cli) } },
  );
  let scavenges = 0;
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.includes('Scavenge')) scavenges++;
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const token = readFileSync(join(stateDir, 'token'), 'utf8').trim();
  await fetch(`http://127.0.0.1:${port}/logs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...EXTENSION_HEADERS },
    body: JSON.stringify({ entries: Array.from({ length: 100 }, (_, i) => logEntry(i)) }),
  }).then((r) => r.arrayBuffer());
  const client = await new RawMcpClient(port, token).connect();
  for (let i = 0; i < WARM_UP; i++) await client.callTool('observe', { what: 'logs' });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const before = scavenges;
  const started = performance.now();
  for (let i = 0; i < READS; i++) await client.callTool('observe', { what: 'logs' });
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 100));
  const counted = scavenges - before;
  client.close();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(stateDir, { recursive: true, force: true });
  return { scavenges: (counted * 1000) / READS, ms: ms / READS };
}

for (const cli of process.argv.length > 2 ? process.argv.slice(2) : ['dist/cli.cjs']) {
  const { scavenges, ms } = await scavengesPer1000(cli);
  process.stdout.write(`${cli}: ${scavenges} scavenges per 1 000 reads (${ms.toFixed(2)} ms a read, traced)\n`);
}
