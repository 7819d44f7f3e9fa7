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
 * daemon spends on it (docs/benchmarks.md). `GET /mcp` (a session's stream) and `DELETE /mcp`
 * (its end) are served so too: a client opens its stream right after `initialize`, and through
 * the app it would wait for the app to be built (docs/install.md, start-up). The rules are the
 * same functions the Koa app runs — the security guard's decision from the headers
 * (`refusalOf`), the body's limit, depth cut and parse (`readLimited`, `parseBody`; a POST's
 * only, as the app's parser), the error answers (`problemAnswer`) — and only a request those
 * rules let through is taken here: anything the guard refuses, a declared body over the limit, a
 * query string or any other method or path returns false and goes to the Koa app, which answers
 * it as it always has. Returns whether the request was taken.
 */
export function mcpPosts(settings: McpPostSettings): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const method = req.method;
    if ((method !== 'POST' && method !== 'GET' && method !== 'DELETE') || req.url !== '/mcp') return false;
    const request = { method, path: '/mcp', headers: req.headers, localAddress: req.socket.localAddress };
    if (refusalOf(request, settings.guard) !== undefined) return false;
    if (method !== 'POST') {
      // As the app: its body parser reads POST bodies only, and the transport reads none of these.
      void serve(req, res, settings, false);
      return true;
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > settings.limit) return false;
    void serve(req, res, settings, true);
    return true;
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, settings: McpPostSettings, withBody: boolean): Promise<void> {
  try {
    if (!withBody) return await settings.mcp.handle(req, res, undefined);
    const text = await readLimited(req, settings.limit);
    if (text === undefined) throw bodyTooLarge(settings.limit);
    await settings.mcp.handle(req, res, parseBody(text, undefined));
  } catch (error) {
    const answer = problemAnswer(error, settings.logger, req.method ?? 'POST', '/mcp');
    // Begun already (the transport's own answer): nothing can be said in its place; it is ended.
    if (res.headersSent) {
      if (!res.writableEnded) res.end();
      return;
    }
    writeProblem(res, answer);
  }
}
