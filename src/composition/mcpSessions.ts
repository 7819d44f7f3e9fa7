import type { Container } from 'inversify';
import { ForgetClient } from '../application/commands/ForgetClient.js';
import { TYPES } from '../application/tokens.js';
import { createMcpServer } from '../adapters/inbound/mcp/createMcpServer.js';
import { McpSessions } from '../adapters/inbound/mcp/McpSessions.js';
import type { McpStreamOutlets } from '../adapters/inbound/mcp/McpStreamOutlets.js';
import { VERSION } from './version.js';
import { mcpToolDeps } from './wiring.js';

/**
 * The daemon's MCP side: the SDK, its schemas and the three tools. Loaded on the first `/mcp`
 * request (or a moment after start-up), never before the daemon answers `/health` (docs/install.md).
 */
export function createMcpSessions(
  container: Container,
  outlets: McpStreamOutlets,
  maxSessions?: number,
  directToolCalls?: boolean,
): McpSessions {
  const tools = mcpToolDeps(container);
  const forget = container.get(ForgetClient);
  return new McpSessions({
    serverFor: (client) => createMcpServer(tools, client, VERSION),
    onClientGone: (clientId) => forget.execute({ clientId }),
    logger: container.get(TYPES.LoggerPort),
    clock: container.get(TYPES.ClockPort),
    outlets,
    ...(maxSessions === undefined ? {} : { maxSessions }),
    ...(directToolCalls === undefined ? {} : { directToolCalls }),
  });
}
