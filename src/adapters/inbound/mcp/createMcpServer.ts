import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ClientContext, McpToolDeps } from './McpToolDeps.js';
import { registerConfigure } from './tools/configureTool.js';
import { registerInteract } from './tools/interactTool.js';
import { registerObserve } from './tools/observeTool.js';

export const SERVER_INSTRUCTIONS =
  'browsertap: eyes and hands in the developer’s own browser. observe reads captured console/errors/network/websocket/vitals; interact runs browser commands asynchronously (correlation ids); configure manages state and health.';

/** One MCP server for one client: the three tools of SPEC 2 bound to that client's identity. */
export function createMcpServer(deps: McpToolDeps, client: ClientContext, version: string): McpServer {
  const server = new McpServer(
    { name: 'browsertap', version },
    { capabilities: { logging: {} }, instructions: SERVER_INSTRUCTIONS },
  );
  registerObserve(server, deps, client);
  registerInteract(server, deps, client);
  registerConfigure(server, deps, client);
  return server;
}
