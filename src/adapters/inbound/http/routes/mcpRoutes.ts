import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from '@koa/router';
import { HttpProblem } from '../HttpProblem.js';

/** Whatever serves MCP Streamable HTTP for one request (the SDK transport behind it). */
export interface McpHttpHandler {
  handle(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `/mcp`: a bearer token is required (compared in constant time); the request is then handed
 * to the MCP transport, which writes the response itself.
 */
export function mcpRoutes(handler: McpHttpHandler, token: () => string): Router {
  const router = new Router();
  router.all('/mcp', async (ctx) => {
    const presented = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1] ?? '';
    if (!timingSafeEqual(digest(presented), digest(token()))) {
      throw new HttpProblem(401, 'unauthorized', 'missing or wrong bearer token for /mcp (see <state-dir>/token)', {
        'WWW-Authenticate': 'Bearer realm="browsertap"',
      });
    }
    ctx.respond = false;
    await handler.handle(ctx.req, ctx.res, ctx.state.body);
  });
  return router;
}
