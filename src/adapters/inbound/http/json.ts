import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';

/**
 * Answers `value` as JSON. Serialised here, not by Koa: an object body makes Koa test it against
 * `ReadableStream`, `Blob` and `Response`, and the first such test loads Node's fetch
 * implementation (≈ 20 ms on the daemon's first request, docs/install.md's start-up budget).
 */
export function sendJson(ctx: Context, value: unknown): void {
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(value);
}

/**
 * Answers `text` (JSON) on Node's own response, as the Koa app answers JSON: what the requests
 * served beside the app send (mcpPosts.ts, healthGets.ts).
 */
export function writeJson(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
