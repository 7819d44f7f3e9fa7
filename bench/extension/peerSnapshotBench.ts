// Snapshot size against Chrome DevTools MCP's take_snapshot on the same pages (docs/mcp-tools.md: ours must be
// smaller on a typical app page). Not part of `npm run bench`: it installs chrome-devtools-mcp from
// the registry into a temporary folder (or uses CHROME_DEVTOOLS_MCP=<its bin>) and drives it with
// the same Chromium (/usr/bin/chromium, headless). Run: node --import tsx bench/extension/peerSnapshotBench.ts
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CHROMIUM } from '../../test/e2e/support/chromium.js';
import { buildFixtureApp } from '../../test/e2e/support/fixtureApp.js';
import { startPageSession } from '../../test/e2e/support/session.js';

const PEER_VERSION = '1.11.0';

function peerBin(): string {
  if (process.env.CHROME_DEVTOOLS_MCP !== undefined) return process.env.CHROME_DEVTOOLS_MCP;
  const prefix = mkdtempSync(join(tmpdir(), 'peer-cdm-'));
  execFileSync('npm', ['install', '--prefix', prefix, `chrome-devtools-mcp@${PEER_VERSION}`], { stdio: 'ignore' });
  const bin = join(prefix, 'node_modules', '.bin', 'chrome-devtools-mcp');
  if (!existsSync(bin)) throw new Error(`chrome-devtools-mcp did not install into ${prefix}`);
  return bin;
}

const text = (result: any) =>
  (result.content as Array<{ type: string; text?: string }>)
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');

const app = await buildFixtureApp();
const session = await startPageSession('/app/form.html', app);
const peer = new Client({ name: 'peer-snapshot-bench', version: '0.0.0' });
await peer.connect(
  new StdioClientTransport({
    command: peerBin(),
    // As root (this VM) Chrome starts only without its sandbox.
    args: ['--headless', '--isolated', '--executablePath', CHROMIUM, '--viewport', '1280x720', '--chromeArg=--no-sandbox'],
    stderr: 'ignore',
  }),
);
try {
  const rows: string[] = [];
  for (const path of ['/app/index.html', '/app/form.html', '/app/pets.html', '/targets.html', '/app.html', '/big.html']) {
    const url = session.site.url(path);
    await session.agent.interact('navigate', { url });
    const ours = await session.agent.call('interact', { action: 'snapshot', wait_ms: 15_000 });
    const ourText = ours.payload.result.data.snapshot as string;
    await peer.callTool({ name: 'navigate_page', arguments: { pageId: 1, type: 'url', url } });
    const theirs = text(await peer.callTool({ name: 'take_snapshot', arguments: { pageId: 1 } }));
    // What the model reads: the text of every content block (the JSON header and the snapshot).
    const ourBytes = (ours.raw.content as Array<{ text?: string }>).reduce(
      (sum, block) => sum + Buffer.byteLength(block.text ?? ''),
      0,
    );
    const theirBytes = Buffer.byteLength(theirs);
    rows.push(
      `| ${path} | ${Buffer.byteLength(ourText)} | ${ourBytes} | ${theirBytes} | ${(theirBytes / ourBytes).toFixed(2)}× |`,
    );
    if (process.env.SHOW === '1') {
      process.stderr.write(
        `\n--- ours ${path}\n${(ours.raw.content as Array<{ text?: string }>).map((b) => b.text).join('\n')}\n--- theirs\n${theirs}\n`,
      );
    }
  }
  process.stdout.write(
    [
      `| page | our snapshot text (bytes) | our whole tool result | Chrome DevTools MCP ${PEER_VERSION} take_snapshot result | theirs / ours |`,
      '|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
} finally {
  await peer.close();
  await session.stop();
}
