// `node --import tsx bench/tokenBench.ts [old/dist/cli.js] [new/dist/cli.js]`: what each typical
// answer costs an agent (docs/mcp-tools.md) — bytes of the text block (what Gemini CLI shows the model),
// bytes on the wire (text + structuredContent; Claude Code and Codex show the structured copy),
// ≈ tokens (bytes / 4) — and how long the list reads take. Both builds get the same captured
// mix (test/support/typicalCapture.ts), each its own daemon. Prints a table; nothing is written.
import { EXTENSION_HEADERS } from '../test/support/daemonHarness.js';
import { typicalConsole, typicalRequests, type WireLog } from '../test/support/typicalCapture.js';
import { answerCommands, percentile, RawMcpClient, startDaemonProcess, type DaemonProcess } from './lib.js';

const [OLD, NEW = 'dist/cli.js'] = process.argv.slice(2);
const READS = Number(process.env.BENCH_READS ?? 200);

interface Answer {
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: unknown;
}

interface Row {
  name: string;
  text: number;
  wire: number;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** What the extension posts for a navigate. */
const NAVIGATED = {
  success: true,
  data: { tab_id: 418, url: 'http://localhost:5173/todos', title: 'Todos', status: 'complete' },
};

/** The extension before docs/mcp-tools.md wrote objects into messages as JSON; the old build gets the mix that way. */
function asOldExtensionWrote(entry: WireLog): WireLog {
  const [head, ...rest] = entry.args;
  if (typeof head !== 'string' || head.includes('%') || rest.every((a) => typeof a === 'string')) return entry;
  return { ...entry, message: [head, ...rest.map((a) => (typeof a === 'string' ? a : JSON.stringify(a)))].join(' ') };
}

async function send(daemon: DaemonProcess, path: string, entries: unknown[]): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${daemon.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...EXTENSION_HEADERS },
    body: JSON.stringify({ entries }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
}

async function measure(cli: string, old: boolean): Promise<{ rows: Row[]; reads: Record<string, { p50: number; p99: number }> }> {
  const daemon = await startDaemonProcess(cli);
  const stop = new AbortController();
  try {
    const client = await new RawMcpClient(daemon.port, daemon.token).connect();
    const rows: Row[] = [];
    const record = (name: string, answer: Answer) => {
      const text = answer.content?.find((c) => c.type === 'text')?.text ?? '';
      rows.push({
        name,
        text: bytes(text),
        wire: bytes(text) + (answer.structuredContent === undefined ? 0 : bytes(JSON.stringify(answer.structuredContent))),
      });
    };
    const logs = typicalConsole(100);
    await send(daemon, '/logs', old ? logs.map(asOldExtensionWrote) : logs);
    await send(daemon, '/network-bodies', typicalRequests(50));
    const burst = logs
      .filter((e) => e.source === 'exception')
      .slice(0, 5)
      .map((e, i) => ({ ...e, tab_id: 7, ts: e.ts + i }));
    await send(daemon, '/logs', burst);

    // The logs buffer also holds the burst (another tab): read the 100 of the mix by their tab.
    record('observe logs (100 typical)', (await client.callTool('observe', { what: 'logs', limit: 100, tab_id: 418 })) as Answer);
    record('observe network (50 requests)', (await client.callTool('observe', { what: 'network', limit: 50 })) as Answer);
    record('observe errors (5 identical)', (await client.callTool('observe', { what: 'errors', tab_id: 7 })) as Answer);
    if (!old) record('observe summary', (await client.callTool('observe', { what: 'summary' })) as Answer);
    record('interact (queued answer)', (await client.callTool('interact', { action: 'refresh' })) as Answer);
    void answerCommands(daemon, stop.signal, NAVIGATED);
    record(
      'interact navigate (inline result)',
      (await client.callTool('interact', { action: 'navigate', url: 'http://localhost:5173/todos', wait_ms: 5000 })) as Answer,
    );

    const reads: Record<string, { p50: number; p99: number }> = {};
    for (const [name, args] of [
      ['read 100 logs', { what: 'logs', limit: 100, tab_id: 418 }],
      ['read 50 requests', { what: 'network', limit: 50 }],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < READS; i++) {
        const started = performance.now();
        await client.callTool('observe', args);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      reads[name] = { p50: percentile(times, 50), p99: percentile(times, 99) };
    }
    client.close();
    return { rows, reads };
  } finally {
    stop.abort();
    await daemon.stop();
  }
}

async function toolsList(cli: string): Promise<number> {
  const daemon = await startDaemonProcess(cli);
  try {
    const response = await fetch(`http://127.0.0.1:${daemon.port}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${daemon.token}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    const session = response.headers.get('mcp-session-id') ?? '';
    await response.text();
    const listed = await fetch(`http://127.0.0.1:${daemon.port}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${daemon.token}`,
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    const body = await listed.text();
    const data =
      body
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6) ?? body;
    return bytes(JSON.stringify((JSON.parse(data) as { result: unknown }).result));
  } finally {
    await daemon.stop();
  }
}

const tokens = (n: number) => Math.round(n / 4);
const builds =
  OLD === undefined
    ? [['new', NEW]]
    : [
        ['old', OLD],
        ['new', NEW],
      ];
const results = new Map<string, Awaited<ReturnType<typeof measure>>>();
const lists = new Map<string, number>();
for (const [name, cli] of builds) {
  results.set(name!, await measure(cli!, name === 'old'));
  lists.set(name!, await toolsList(cli!));
}
const names = [...new Set([...results.values()].flatMap((r) => r.rows.map((row) => row.name)))];
console.log(
  `| answer | ${builds.map(([b]) => `${b} text B (≈ tokens) | ${b} wire B`).join(' | ')}${OLD === undefined ? '' : ' | text ratio new/old'} |`,
);
for (const name of names) {
  const cells = builds.map(([b]) => {
    const row = results.get(b!)!.rows.find((r) => r.name === name);
    return row === undefined ? '— | —' : `${row.text} (${tokens(row.text)}) | ${row.wire}`;
  });
  const o = results.get('old')?.rows.find((r) => r.name === name);
  const n = results.get('new')?.rows.find((r) => r.name === name);
  const ratio = OLD === undefined ? '' : ` | ${o && n ? (n.text / o.text).toFixed(3) : '—'}`;
  console.log(`| ${name} | ${cells.join(' | ')}${ratio} |`);
}
console.log(`| tools/list | ${builds.map(([b]) => `${lists.get(b!)} | —`).join(' | ')} |`);
for (const [b] of builds) {
  for (const [name, t] of Object.entries(results.get(b!)!.reads))
    console.log(`${b} ${name}: p50 ${t.p50.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms`);
}
