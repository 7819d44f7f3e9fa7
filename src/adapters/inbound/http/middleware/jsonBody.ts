import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { HttpProblem } from '../HttpProblem.js';
import { scanJson } from './cutJsonDepth.js';

export const MAX_BODY_BYTES = 1024 * 1024;
/** JSON nesting kept in a body: the envelope (`{entries:[{args:[…]}]}`) plus 20 levels of data (docs/security.md). */
export const MAX_BODY_DEPTH = 24;

/**
 * Reads and parses a JSON request body into `ctx.state.body`, refusing more than `limit` bytes
 * with 413 (before reading, from Content-Length, or as soon as the stream passes the limit)
 * and malformed JSON with 400. Values nested deeper than `MAX_BODY_DEPTH` are replaced by
 * `"[depth]"` before parsing, so no depth of nesting can cost more than a scan or fail later.
 */
export interface JsonBodyOptions {
  /** Bytes a body may have: one for every path, or per path. */
  readonly limit?: number | ((path: string) => number);
  /**
   * Most items an outer array (depth ≤ 2, e.g. `{"entries":[…]}`) may hold on this path, checked
   * before parsing: past it, 413 `too_many_entries`.
   */
  readonly maxItems?: (path: string) => number | undefined;
}

export function jsonBody(options: JsonBodyOptions = {}): Middleware {
  const limitFor =
    typeof options.limit === 'function' ? options.limit : () => (options.limit as number | undefined) ?? MAX_BODY_BYTES;
  return async (ctx, next) => {
    if (ctx.method !== 'POST') return next();
    const limit = limitFor(ctx.path);
    const declared = Number(ctx.get('content-length'));
    if (Number.isFinite(declared) && declared > limit) throw bodyTooLarge(limit);
    const text = await readLimited(ctx.req, limit);
    if (text === undefined) throw bodyTooLarge(limit);
    ctx.state.body = parseBody(text, options.maxItems?.(ctx.path));
    await next();
  };
}

/** 413 for a body over `limit` bytes; the connection is closed after it, so the rest is never read. */
export function bodyTooLarge(limit: number): HttpProblem {
  return new HttpProblem(413, 'payload_too_large', `request body is over ${limit} bytes`, { Connection: 'close' });
}

/**
 * A body's text as JSON (undefined when blank): nesting past `MAX_BODY_DEPTH` cut, then parsed.
 * @throws HttpProblem 413 `too_many_entries` when an outer array holds more than `maxItems`,
 * 400 `invalid_json` when the text is not JSON.
 */
export function parseBody(text: string, maxItems: number | undefined): unknown {
  if (text.trim() === '') return undefined;
  const scanned = scanJson(text, MAX_BODY_DEPTH);
  if (maxItems !== undefined && scanned.widest > maxItems) {
    throw new HttpProblem(
      413,
      'too_many_entries',
      `${scanned.widest} entries in one request; the limit is ${maxItems} (send them in smaller batches)`,
      { Connection: 'close' },
    );
  }
  try {
    return JSON.parse(scanned.text) as unknown;
  } catch (error) {
    throw new HttpProblem(400, 'invalid_json', `request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** The body as text, or undefined when it passes `limit` bytes (the rest is not read). */
export function readLimited(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}
