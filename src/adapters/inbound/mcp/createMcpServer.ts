import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ClientContext, McpToolDeps } from './McpToolDeps.js';
import { SERVER_INSTRUCTIONS, SERVER_NAME } from './serverIdentity.js';
import { registerConfigure } from './tools/configureTool.js';
import { registerInteract } from './tools/interactTool.js';
import { registerObserve } from './tools/observeTool.js';

/** One MCP server for one client: the three tools of SPEC 2 bound to that client's identity. */
export function createMcpServer(deps: McpToolDeps, client: ClientContext, version: string): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version },
    { capabilities: { logging: {} }, instructions: SERVER_INSTRUCTIONS },
  );
  registerObserve(server, deps, client);
  registerInteract(server, deps, client);
  registerConfigure(server, deps, client);
  return server;
}
