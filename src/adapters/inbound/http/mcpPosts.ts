import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerPort } from '../../../application/ports/LoggerPort.js';
import { problemAnswer, writeProblem } from './middleware/errorHandler.js';
import { bodyTooLarge, parseBody, readLimited } from './middleware/jsonBody.js';
import { refusalOf, type GuardSettings } from './middleware/securityGuard.js';
import type { McpHttpHandler } from './routes/mcpRoutes.js';

export interface McpPostSettings {
  readonly guard: GuardSettings;
  readonly mcp: McpHttpHandler;
  /** Bytes an MCP request's body may have. */
  readonly limit: number;
  readonly logger: LoggerPort;
}

/**
 * The daemon's busiest request, `POST /mcp`, served on Node's own request and response: Koa's
 * context, its middleware chain and the routers cost each tool call about a tenth of what the
 * daemon spends on it (docs/benchmarks.md). The rules are the same functions the Koa app runs —
 * the security guard's decision from the headers (`refusalOf`), the body's limit, depth cut and
 * parse (`readLimited`, `parseBody`), the error answers (`problemAnswer`) — and only a request
 * those rules let through is taken here: anything the guard refuses, a declared body over the
 * limit, a query string or any other method or path returns false and goes to the Koa app,
 * which answers it as it always has. Returns whether the request was taken.
 */
export function mcpPosts(settings: McpPostSettings): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== '/mcp') return false;
    const request = { method: 'POST', path: '/mcp', headers: req.headers, localAddress: req.socket.localAddress };
    if (refusalOf(request, settings.guard) !== undefined) return false;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > settings.limit) return false;
    void serve(req, res, settings);
    return true;
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, settings: McpPostSettings): Promise<void> {
  try {
    const text = await readLimited(req, settings.limit);
    if (text === undefined) throw bodyTooLarge(settings.limit);
    await settings.mcp.handle(req, res, parseBody(text, undefined));
  } catch (error) {
    const answer = problemAnswer(error, settings.logger, 'POST', '/mcp');
    // Begun already (the transport's own answer): nothing can be said in its place; it is ended.
    if (res.headersSent) {
      if (!res.writableEnded) res.end();
      return;
    }
    writeProblem(res, answer);
  }
}
