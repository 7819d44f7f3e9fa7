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
