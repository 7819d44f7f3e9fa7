import type { IncomingMessage, ServerResponse } from 'node:http';
import { exactRouter } from '../exactRouter.js';
import type Router from '@koa/router';

/** Whatever serves MCP Streamable HTTP for one request (the SDK transport behind it). */
export interface McpHttpHandler {
  handle(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void>;
}

/**
 * `/mcp`: handed to the MCP transport, which writes the response itself. The bearer token was
 * checked by the security guard from the headers, before the body was read (docs/security.md).
 */
export function mcpRoutes(handler: McpHttpHandler): Router {
  const router = exactRouter();
  router.all('/mcp', async (ctx) => {
    ctx.respond = false;
    await handler.handle(ctx.req, ctx.res, ctx.state.body);
  });
  return router;
}
