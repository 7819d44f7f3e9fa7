import type { IncomingMessage, ServerResponse } from 'node:http';

/** A JSON-RPC id, or null when the request's id cannot be known. */
export type ReplyId = string | number | null;

/**
 * A refusal of the transport, as a JSON-RPC error body with `status`. It carries the request's
 * id when the body is one request with a readable id (JSON-RPC 5: null only when the id cannot
 * be known, as for a batch or a body that is not JSON).
 */
export function reject(res: ServerResponse, status: number, code: number, message: string, id: ReplyId = null): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
}

/** The id of a parsed body that is one JSON-RPC request (a string or a finite number), else null. */
export function requestIdOf(body: unknown): ReplyId {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { id, method } = body as { id?: unknown; method?: unknown };
  if (typeof method !== 'string') return null;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
