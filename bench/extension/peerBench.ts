// What an agent reads, side by side with Chrome DevTools MCP on the same pages (docs/mcp-tools.md): the text
// of `observe logs` against `list_console_messages` for a page that logs test/support/
// typicalCapture.ts's 100 console entries (typicalPage.ts), and of `interact navigate` (wait_ms:
// the result inline) against `navigate_page` for that page and for the fixture app's TodoMVC page.
// Chrome DevTools MCP is the dev dependency (node_modules/.bin/chrome-devtools-mcp, or
// CHROME_DEVTOOLS_MCP=<its bin>), driving the same Chromium (/usr/bin/chromium, headless, its own
// temporary profile); its update check, usage statistics and CrUX look-ups are off. Each figure is
// the UTF-8 bytes of the text content blocks of one tool result (what the model reads).
// `SHOW=1` prints both tools' texts on stderr.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CHROMIUM } from '../../test/e2e/support/chromium.js';
import { buildFixtureApp } from '../../test/e2e/support/fixtureApp.js';
import { startPageSession } from '../../test/e2e/support/session.js';
import { eventually, type ToolAnswer } from '../../test/e2e/support/stack.js';
import { median } from '../lib.js';
import type { PeerFigures } from './figures.js';
import { TYPICAL_CONSOLE_HTML, typicalConsoleScript } from './typicalPage.js';

const PEER_BIN = process.env.CHROME_DEVTOOLS_MCP ?? join('node_modules', '.bin', 'chrome-devtools-mcp');
const MESSAGES = 100;

interface Block {
  readonly type: string;
  readonly text?: string;
}

/** Bytes of the text blocks of a tool result: what the model reads. */
function textBytes(content: unknown): number {
  return (content as Block[]).reduce((sum, block) => sum + (block.type === 'text' ? Buffer.byteLength(block.text ?? '') : 0), 0);
}

function show(label: string, content: unknown): void {
  if (process.env.SHOW !== '1') return;
  const text = (content as Block[]).map((block) => block.text ?? `[${block.type}]`).join('\n');
  process.stderr.write(`\n--- ${label} (${textBytes(content)} bytes)\n${text}\n`);
}

export async function startPeer(): Promise<Client> {
  if (!existsSync(PEER_BIN)) throw new Error(`chrome-devtools-mcp is not installed (${PEER_BIN}): npm install`);
  const peer = new Client({ name: 'browsertap-peer-bench', version: '0.0.0' });
  await peer.connect(
    new StdioClientTransport({
      command: PEER_BIN,
      args: [
        '--headless',
        '--isolated',
        '--executablePath',
        CHROMIUM,
        '--viewport',
        '1280x720',
        '--no-usage-statistics',
        '--no-performance-crux',
        // As root (this VM) Chrome starts only without its sandbox.
        '--chromeArg=--no-sandbox',
      ],
      env: {
        ...(process.env as Record<string, string>),
        CHROME_DEVTOOLS_MCP_NO_UPDATE_CHECKS: '1',
        CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1',
        CHROME_DEVTOOLS_MCP_NO_CONFIG_DISCOVERY: '1',
      },
      stderr: 'ignore',
    }),
  );
  return peer;
}

/** One run: both tools on the same two pages of the same local site. */
export async function runPeerBench(): Promise<PeerFigures> {
  const app = await buildFixtureApp();
  writeFileSync(join(app, 'console.html'), TYPICAL_CONSOLE_HTML);
  writeFileSync(join(app, 'console.js'), typicalConsoleScript(MESSAGES));
  const session = await startPageSession('/app.html', app);
  const peer = await startPeer();
  try {
    const consolePage = session.site.url('/app/console.html');
    const todosPage = session.site.url('/app/index.html');
    const callPeer = async (name: string, args: Record<string, unknown>) =>
      (await peer.callTool({ name, arguments: { pageId: 1, ...args } }, undefined, { timeout: 60_000 })).content;

    // Ours: a fresh logs buffer, the agent navigates there, then reads the list once all 100 have arrived.
    await session.agent.ok('configure', { action: 'clear', buffer: 'all' });
    const navigated = await session.agent.call('interact', { action: 'navigate', url: consolePage, wait_ms: 15_000 });
    show('ours: interact navigate (console page)', navigated.raw.content);
    let logs: ToolAnswer | undefined;
    await eventually(
      async () => {
        logs = await session.agent.call('observe', { what: 'logs', tab_id: session.tabId });
        return logged(logs.payload) >= MESSAGES;
      },
      15_000,
      () => `our logs never reached ${MESSAGES}: ${JSON.stringify(logs?.payload).slice(0, 500)}`,
    );
    show('ours: observe logs', logs?.raw.content);
    const todos = await session.agent.call('interact', { action: 'navigate', url: todosPage, wait_ms: 15_000 });
    show('ours: interact navigate (TodoMVC)', todos.raw.content);

    // Theirs: the same pages; list_console_messages once the page has logged everything.
    const peerNavigated = await callPeer('navigate_page', { type: 'url', url: consolePage });
    show('peer: navigate_page (console page)', peerNavigated);
    let peerLogs: unknown;
    await eventually(
      async () => {
        peerLogs = await callPeer('list_console_messages', {});
        return peerLines(peerLogs) >= MESSAGES;
      },
      15_000,
      () => `the peer's messages never reached ${MESSAGES}`,
    );
    show('peer: list_console_messages', peerLogs);
    const peerTodos = await callPeer('navigate_page', { type: 'url', url: todosPage });
    show('peer: navigate_page (TodoMVC)', peerTodos);

    return {
      oursLogsBytes: textBytes(logs?.raw.content),
      peerLogsBytes: textBytes(peerLogs),
      oursLogsMessages: logged(logs?.payload),
      peerLogsMessages: peerLines(peerLogs),
      oursNavigateBytes: textBytes(navigated.raw.content),
      peerNavigateBytes: textBytes(peerNavigated),
      oursNavigateAppBytes: textBytes(todos.raw.content),
      peerNavigateAppBytes: textBytes(peerTodos),
    };
  } finally {
    await peer.close().catch(() => undefined);
    await session.stop();
  }
}

/** Console messages our list stands for (a folded run counts each of its entries). */
function logged(payload: any): number {
  if (payload === undefined) return 0;
  const rows: unknown[] = payload.rows ?? payload.entries ?? [];
  const countAt = Array.isArray(payload.columns) ? (payload.columns as string[]).indexOf('count') : -1;
  return rows.reduce<number>((sum, row: any) => {
    const count = Array.isArray(row) ? (countAt === -1 ? undefined : row[countAt]) : row.count;
    return sum + (typeof count === 'number' ? count : 1);
  }, 0);
}

/** Messages the peer listed: one `msgid=` line each, or `[N times]` for a folded run. */
function peerLines(content: unknown): number {
  const text = (content as Block[]).map((block) => block.text ?? '').join('\n');
  let count = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('msgid=')) continue;
    count += Number(/ \[(\d+) times\]$/.exec(line)?.[1] ?? 1);
  }
  return count;
}

const PEER_VERSION = '1.11.0';

/** The docs/benchmarks.md section of `npm run bench -- peer`: medians of the runs, ours beside the peer's. */
export function peerSection(runs: readonly PeerFigures[], machine: string, chromium: string, date: string): string {
  const m = (key: keyof PeerFigures) => median(runs.map((r) => r[key]));
  const each = (key: keyof PeerFigures) => runs.map((r) => r[key]).join(' / ');
  const row = (label: string, ours: keyof PeerFigures, theirs: keyof PeerFigures) =>
    `| ${label} | ${m(ours)} (${each(ours)}) | ${m(theirs)} (${each(theirs)}) | ${(m(ours) / m(theirs)).toFixed(2)}× |`;
  return [
    `## What an agent reads, beside Chrome DevTools MCP (${date})`,
    '',
    `Machine: ${machine}; ${chromium} headless; chrome-devtools-mcp ${PEER_VERSION}. ${runs.length} runs, medians (the runs in brackets).`,
    '',
    '| UTF-8 bytes of the tool result’s text | browsertap | Chrome DevTools MCP | ours / theirs |',
    '|---|---|---|---|',
    row(
      `\`observe logs\` / \`list_console_messages\`, a page that logged ${m('peerLogsMessages')} typical messages`,
      'oursLogsBytes',
      'peerLogsBytes',
    ),
    row(
      '`interact navigate` (wait_ms) / `navigate_page`: the fixture app’s TodoMVC page',
      'oursNavigateAppBytes',
      'peerNavigateAppBytes',
    ),
    row(
      'the same to the page of 100 messages (ours lists the 3 distinct errors it logged, 11 in all)',
      'oursNavigateBytes',
      'peerNavigateBytes',
    ),
    '',
    'How (`bench/extension/peerBench.ts`, `npm run bench -- peer`): one local site serves both pages; ours is the',
    'whole stack (stdio bridge, daemon, Chromium with the extension, an SDK client), theirs',
    '`node_modules/.bin/chrome-devtools-mcp --headless --isolated --executablePath /usr/bin/chromium` (usage',
    'statistics, update checks and CrUX off) over stdio. The page (`bench/extension/typicalPage.ts`) runs',
    'test/support/typicalCapture.ts’s 100 console calls with their real arguments (objects, arrays, an',
    'Error, a `%c` notice), one per task, each from its own call site; 5 identical uncaught exceptions in a',
    'row and an unhandled rejection among them. Each side reads its list once all 100 are in (ours:',
    '`observe logs` with its default limit; theirs: `list_console_messages` with its defaults) and navigates',
    'to each page (ours with `wait_ms`, so the result is inline). Both fold the 5 identical exceptions.',
  ].join('\n');
}

if (process.argv[1]?.endsWith('peerBench.ts')) {
  const figures = await runPeerBench();
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}
