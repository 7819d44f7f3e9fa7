import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { DirectToolCalls } from './DirectToolCalls.js';
import type { ClientContext, McpToolDeps } from './McpToolDeps.js';
import { SERVER_INSTRUCTIONS, SERVER_NAME } from './serverIdentity.js';
import { registerConfigure } from './tools/configureTool.js';
import { registerInteract } from './tools/interactTool.js';
import { registerObserve } from './tools/observeTool.js';
import { refuseUnknownTools } from './unknownTools.js';

/**
 * The SDK validates a client's elicitation answers against JSON Schema; browsertap never elicits.
 * Given this, the SDK builds no Ajv instance per session, and the bundle leaves Ajv out
 * (scripts/build.mjs).
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator() {
    throw new Error('browsertap asks clients for no elicitation, so it validates no elicitation answer');
  },
};

/** One client's MCP server, and its tools as the transport calls them without the SDK's dispatch. */
export interface ClientServer {
  readonly server: McpServer;
  readonly toolCalls: DirectToolCalls;
}

/**
 * One MCP server for one client: the three tools of docs/mcp-tools.md bound to that client's identity. A
 * call to any other tool is a JSON-RPC error (`refuseUnknownTools`). Each tool is also noted in
 * `toolCalls`, as registered, for the transport's direct path (DirectToolCalls.ts).
 */
export function createMcpServer(deps: McpToolDeps, client: ClientContext, version: string): ClientServer {
  const server = new McpServer(
    { name: SERVER_NAME, version },
    { capabilities: { logging: {} }, instructions: SERVER_INSTRUCTIONS, jsonSchemaValidator: NO_ELICITATION },
  );
  // The names the tools register under, as they register.
  const tools = new Set<string>();
  const toolCalls = new DirectToolCalls();
  const registerTool = server.registerTool.bind(server);
  server.registerTool = ((name: string, ...rest: unknown[]) => {
    tools.add(name);
    const registered = (registerTool as (...args: unknown[]) => RegisteredTool)(name, ...rest);
    toolCalls.add(name, registered);
    return registered;
  }) as typeof server.registerTool;
  registerObserve(server, deps, client);
  registerInteract(server, deps, client);
  registerConfigure(server, deps, client);
  refuseUnknownTools(server, tools);
  return { server, toolCalls };
}
