// The Go peer (Gasoline 0.7.9, the design browsertap's seeds come from), for measuring beside it:
// installed from npm into a cache dir outside the checkout (never a dependency of browsertap), its
// daemon started as its README says, an MCP client over its HTTP /mcp, and its extension's side
// simulated as its /sync endpoint expects (one POST that carries results and long-polls commands).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonHttp } from './jsonHttp.js';

export const GO_PEER_VERSION = '0.7.9';
const INSTALL_DIR = join(tmpdir(), `browsertap-bench-gasoline-${GO_PEER_VERSION}`);
/** What its extension sends on every request (its extension-only routes refuse anything else). */
export const GO_EXTENSION_HEADERS = { 'x-gasoline-client': 'gasoline-extension' } as const;

/**
 * The peer's Go binary, installed on first use with npm (`--ignore-scripts`: its install scripts
 * kill every running Gasoline daemon and install agent skills into the user's home).
 */
export function goPeerBinary(): string {
  const binary = join(
    INSTALL_DIR,
    'node_modules',
    '@brennhill',
    `gasoline-${process.platform}-${process.arch}`,
    'bin',
    'gasoline',
  );
  if (!existsSync(binary)) {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        INSTALL_DIR,
        '--no-save',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        `gasoline-mcp@${GO_PEER_VERSION}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  if (!existsSync(binary)) throw new Error(`the Go peer's binary is not at ${binary} after npm install`);
  return binary;
}

/** Its processes write their state and logs under their state dir; HOME too, so nothing lands in the user's. */
export const goPeerEnv = (stateDir: string): NodeJS.ProcessEnv => ({ ...process.env, HOME: stateDir });

/** `gasoline --daemon`: the HTTP daemon on its own, as its bridge starts it. */
export function spawnGoDaemon(port: number, stateDir: string): ChildProcess {
  return spawn(goPeerBinary(), ['--daemon', '--port', String(port), '--state-dir', stateDir], {
    stdio: 'ignore',
    env: goPeerEnv(stateDir),
  });
}

/** The pid of the daemon its stdio bridge started (it records it in its state dir). */
export function goDaemonPid(port: number, stateDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(stateDir, 'run', `gasoline-${port}.pid`), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** An MCP client of its HTTP `/mcp` (plain JSON-RPC over POST, no session). */
export class GoMcpClient {
  private next = 1;
  constructor(private readonly http: JsonHttp) {}

  async callTool(name: string, args: Record<string, unknown>): Promise<{ text: string; isError?: boolean }> {
    const { body } = await this.http.post('/mcp', {
      jsonrpc: '2.0',
      id: this.next++,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    const message = JSON.parse(body) as {
      result?: { content: Array<{ text?: string }>; isError?: boolean };
      error?: { message: string };
    };
    if (message.result === undefined) throw new Error(message.error?.message ?? 'no result');
    return { text: message.result.content.map((c) => c.text ?? '').join('\n'), isError: message.result.isError };
  }
}

/** The status a Go command's result text says (`Command <id>: complete` then its JSON). */
export function goCommandStatus(text: string): string | undefined {
  const json = text.slice(text.indexOf('{'));
  try {
    return (JSON.parse(json) as { status?: string }).status;
  } catch {
    return undefined;
  }
}

/**
 * The peer's extension, simulated: `/sync` with its settings (the agent may act) and the results of
 * the commands it was handed, each answered `complete` after `holdMs()` (when it is "posted").
 */
export async function goExtension(
  http: JsonHttp,
  stop: AbortSignal,
  options: { readonly holdMs?: () => number; readonly posted?: (correlationId: string, at: number) => void } = {},
): Promise<void> {
  let results: Array<Record<string, unknown>> = [];
  while (!stop.aborted) {
    const body = {
      ext_session_id: 'bench',
      extension_version: GO_PEER_VERSION,
      settings: {
        pilot_enabled: true,
        tracking_enabled: true,
        tracked_tab_id: 1,
        tracked_tab_url: 'http://localhost:3000/',
        tracked_tab_title: 'Bench',
      },
      command_results: results,
      in_progress: [],
    };
    for (const result of results) options.posted?.(result.correlation_id as string, performance.now());
    results = [];
    let answer: { commands?: Array<{ id: string; correlation_id: string }> };
    try {
      answer = JSON.parse((await http.post('/sync', body, GO_EXTENSION_HEADERS, stop)).body) as typeof answer;
    } catch {
      continue; // stopped, or the daemon went away
    }
    for (const command of answer.commands ?? []) {
      const hold = options.holdMs?.() ?? 0;
      if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
      results.push({
        id: command.id,
        correlation_id: command.correlation_id,
        status: 'complete',
        result: { success: true, result: 'Bench Title' },
      });
    }
  }
}
