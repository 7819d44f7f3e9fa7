import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type Bridge, connectBridge, freePort, killDaemons, removeDir, runCliSync, tempDir } from '../../support/processes.js';
import { entriesOf } from '../../support/listEntries.js';

export interface ToolAnswer {
  readonly isError: boolean;
  readonly payload: any;
  readonly raw: CallToolResult;
}

/**
 * The agent's side: an MCP SDK client over the stdio bridge (`node dist/cli.js mcp`), which starts
 * the daemon on a free port with a fresh state dir. `stop()` ends the bridge and the daemon.
 * `cli`: another build's CLI (a bench's "before").
 */
export async function startAgent(cli = 'dist/cli.cjs') {
  const port = await freePort();
  const stateDir = tempDir('browsertap-e2e-');
  let bridge: Bridge = await connectBridge(port, stateDir, cli, 'e2e-agent');

  const agent = {
    port,
    stateDir,
    get bridge() {
      return bridge;
    },
    async call(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
      const raw = (await bridge.client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 })) as CallToolResult;
      return { isError: raw.isError === true, payload: raw.structuredContent, raw };
    },
    /** A tool call that must succeed; its payload. */
    async ok(name: string, args: Record<string, unknown>): Promise<any> {
      const answer = await agent.call(name, args);
      if (answer.isError) throw new Error(`${name} ${JSON.stringify(args)} failed: ${JSON.stringify(answer.payload)}`);
      return answer.payload;
    },
    /** interact with `wait_ms`, so the final result comes back inline. */
    async interact(action: string, args: Record<string, unknown> = {}, waitMs = 15_000): Promise<any> {
      return agent.ok('interact', { action, wait_ms: waitMs, ...args });
    },
    async health(): Promise<any> {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      return response.json();
    },
    /** Waits until the extension holds a poll (it announced itself after registering every listener). */
    async extensionConnected(timeoutMs = 15_000): Promise<void> {
      await eventually(
        async () => (await agent.health().catch(() => ({}))).extension?.connected === true,
        timeoutMs,
        'the extension never connected',
      );
    },
    /** Reconnects the bridge (after a test killed the daemon, the bridge restarts it on the next call). */
    async reconnect(): Promise<void> {
      await bridge.client.close().catch(() => undefined);
      bridge = await connectBridge(port, stateDir, cli, 'e2e-agent');
    },
    async stop(): Promise<void> {
      await bridge.client.close().catch(() => undefined);
      runCliSync(['stop', '--port', String(port), '--state-dir', stateDir]);
      await killDaemons(port);
      removeDir(stateDir);
    },
  };
  return agent;
}

export type Agent = Awaited<ReturnType<typeof startAgent>>;

/** Polls `check` every 50 ms until it is true, or fails after `timeoutMs`. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string | (() => string),
): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms: ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Observe until the entries satisfy `accept` (docs/mcp-tools.md list payload), returning them. */
export async function observeUntil(
  agent: Agent,
  args: Record<string, unknown>,
  accept: (entries: any[]) => boolean,
  timeoutMs = 10_000,
): Promise<any[]> {
  let entries: any[] = [];
  await eventually(
    async () => {
      const listed = args.what !== 'tabs' && args.what !== 'page';
      const payload = await agent.ok('observe', { ...(listed ? { limit: 1000 } : {}), ...args });
      entries = Array.isArray(payload.tabs) ? payload.tabs : entriesOf(payload);
      return accept(entries);
    },
    timeoutMs,
    () => `observe ${JSON.stringify(args)} never matched; last entries: ${JSON.stringify(entries).slice(0, 2_000)}`,
  );
  return entries;
}

/** Loads `url` in `page` and waits for the daemon to list its tab; the tab's id. */
export async function openTrackedPage(agent: Agent, page: { goto(url: string): Promise<unknown> }, url: string): Promise<number> {
  await page.goto(url);
  const tabs = await observeUntil(agent, { what: 'tabs' }, (entries) => entries.some((tab) => tab.url === url));
  return tabs.find((tab) => tab.url === url).tab_id;
}
