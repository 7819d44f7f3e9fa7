import type { IncomingMessage } from 'node:http';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { header, requestIdOf, type ReplyId } from './httpReplies.js';
import { isPlainMessage } from './plainMessage.js';

/** Messages one POST may carry (the SDK's own bound). */
export const MAX_BATCH = 100;

/** A POST's messages as the transport takes them, or the refusal it is answered with. */
export type Posted =
  | {
      readonly batch: boolean;
      /** Each message as sent (the SDK's parse leaves some argument keys out: droppedKeys.ts). */
      readonly raw: readonly unknown[];
      readonly messages: readonly JSONRPCMessage[];
    }
  | { readonly refusal: Refusal };

/** A transport's refusal: HTTP status, JSON-RPC error code and message, and the id to answer. */
export interface Refusal {
  readonly status: number;
  readonly code: number;
  readonly message: string;
  readonly id: ReplyId;
}

/**
 * What a POST to a session carries (MCP Streamable HTTP, "Sending messages to the server"): it
 * must accept JSON and SSE, send JSON, and hold one JSON-RPC message or a batch of 1 to
 * `MAX_BATCH`. A plain request or notification is taken as it is (what the schema would accept
 * and copy, plainMessage.ts); anything else goes through the SDK's message schema.
 */
export function postedMessages(req: IncomingMessage, body: unknown): Posted {
  const id = requestIdOf(body);
  const refuse = (status: number, code: number, message: string, answerId: ReplyId = null) => ({
    refusal: { status, code, message, id: answerId },
  });
  const accept = header(req, 'accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return refuse(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream', id);
  }
  if (header(req, 'content-type')?.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
    return refuse(415, -32000, 'Unsupported Media Type: Content-Type must be application/json', id);
  }
  if (body === undefined) return refuse(400, -32700, 'Parse error: Invalid JSON');
  const batch = Array.isArray(body);
  const raw: unknown[] = batch ? body : [body];
  if (raw.length === 0 || raw.length > MAX_BATCH) {
    return refuse(400, -32600, `Invalid Request: a batch holds 1 to ${MAX_BATCH} messages`);
  }
  const messages: JSONRPCMessage[] = [];
  for (const item of raw) {
    if (isPlainMessage(item)) {
      messages.push(item);
      continue;
    }
    const parsed = JSONRPCMessageSchema.safeParse(item);
    if (!parsed.success) return refuse(400, -32700, 'Parse error: Invalid JSON-RPC message', id);
    messages.push(parsed.data);
  }
  return { batch, raw, messages };
}
