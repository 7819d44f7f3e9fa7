import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

type RequestHandler = (request: unknown, extra: unknown) => Promise<unknown>;

/** Longest part of a tool name the error repeats. */
const MAX_NAME_ECHO = 100;

/** An error the SDK answers as a JSON-RPC error with this code and message as they are (McpError prefixes "MCP error <code>: "). */
class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

/**
 * MCP (server/tools, "Error Handling"): calling a tool the server does not have is a protocol
 * error, JSON-RPC -32602 `Unknown tool: <name>` (the spec's words; `data.tools` lists the
 * server's tools), not a tool result. The SDK's McpServer answers
 * it as a result with `isError` (it turns every failure of `tools/call` into one), so this puts
 * the check in front of the SDK's handler; known tools reach it unchanged.
 * @throws Error when the SDK keeps its handlers elsewhere (an upgrade moved them): caught by the
 * unit test rather than by a client.
 */
export function refuseUnknownTools(server: McpServer, tools: ReadonlySet<string>): void {
  // Protocol keeps its request handlers in a private map; only the original is read from it.
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, RequestHandler> })._requestHandlers;
  const sdkHandler = handlers?.get('tools/call');
  if (sdkHandler === undefined) throw new Error('the MCP SDK keeps no tools/call handler where browsertap wraps it');
  const data = { tools: [...tools] };
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    if (!tools.has(name)) {
      throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${name.slice(0, MAX_NAME_ECHO)}`, data);
    }
    return (await sdkHandler(request, extra)) as CallToolResult;
  });
}
