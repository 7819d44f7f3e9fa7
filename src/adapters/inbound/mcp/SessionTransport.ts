import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isInitializeRequest,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** Messages one POST may carry (the SDK's own bound). */
export const MAX_BATCH = 100;
/** An SSE comment this often keeps a quiet stream from being taken for dead (ms). */
export const KEEP_ALIVE_MS = 15_000;

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
};

/** The answer stream of one POST: open until every request it carried is answered. */
interface PostStream {
  readonly res: ServerResponse;
  readonly unanswered: Set<RequestId>;
  /** Something was written (which sent the headers along). */
  begun: boolean;
}

/**
 * One session of MCP Streamable HTTP (spec 2025-06-18, "Transports"), served straight on Node's
 * `http` request and response. The SDK's own server transport converts every request to a Web
 * `Request` and back through @hono/node-server, which loads undici, http2 and tls into the daemon
 * (≈ 25 ms before the first answer, ≈ 6 MB; docs/benchmarks.md). Same behaviour as the SDK's
 * transport without resumability: each POST with requests is answered on its own SSE stream,
 * closed once all its requests are answered; server messages without a request go on the one
 * GET stream; DELETE ends the session. The route has checked the token and read the body.
 */
export class SessionTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private initialized = false;
  private closed = false;
  /** Each unanswered request's answer stream. */
  private readonly streams = new Map<RequestId, PostStream>();
  private standalone: ServerResponse | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly sessionId: string,
    /** Called once the session's initialize request is accepted. */
    private readonly onInitialized: () => void,
    private readonly keepAliveMs = KEEP_ALIVE_MS,
  ) {}

  async start(): Promise<void> {}

  /** Serves one HTTP request of the session, writing the response (or the head of its stream). */
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    if (this.closed) return reject(res, 404, -32001, 'Session not found');
    if (req.method === 'POST') return this.post(req, res, body);
    if (req.method === 'GET') return this.get(req, res);
    if (req.method === 'DELETE') return this.delete(req, res);
    res.setHeader('Allow', 'GET, POST, DELETE');
    reject(res, 405, -32000, 'Method not allowed.');
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const answer = isAnswer(message);
    // An answer goes on its request's stream; a message tied to no request on the GET stream.
    const requestId = answer ? message.id : options?.relatedRequestId;
    if (requestId === undefined) {
      if (this.standalone !== undefined) writeEvent(this.standalone, message);
      return;
    }
    const stream = this.streams.get(requestId);
    // Its connection is gone (the client left): nobody to tell.
    if (stream === undefined) return;
    writeEvent(stream.res, message);
    stream.begun = true;
    if (!answer) return;
    this.streams.delete(requestId);
    stream.unanswered.delete(requestId);
    if (stream.unanswered.size === 0) stream.res.end();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    for (const stream of new Set(this.streams.values())) stream.res.end();
    this.streams.clear();
    this.standalone?.end();
    this.standalone = undefined;
    this.onclose?.();
  }

  private post(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    const accept = header(req, 'accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return reject(res, 406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    }
    if (header(req, 'content-type')?.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      return reject(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    if (body === undefined) return reject(res, 400, -32700, 'Parse error: Invalid JSON');
    const raw = Array.isArray(body) ? body : [body];
    if (raw.length === 0 || raw.length > MAX_BATCH) {
      return reject(res, 400, -32600, `Invalid Request: a batch holds 1 to ${MAX_BATCH} messages`);
    }
    const messages: JSONRPCMessage[] = [];
    for (const item of raw) {
      const parsed = JSONRPCMessageSchema.safeParse(item);
      if (!parsed.success) return reject(res, 400, -32700, 'Parse error: Invalid JSON-RPC message');
      messages.push(parsed.data);
    }
    if (messages.some(isInitializeRequest)) {
      if (this.initialized) return reject(res, 400, -32600, 'Invalid Request: Server already initialized');
      if (messages.length > 1) {
        return reject(res, 400, -32600, 'Invalid Request: Only one initialization request is allowed');
      }
      this.initialized = true;
      this.onInitialized();
    } else if (!this.acceptedVersion(req, res)) {
      return;
    }
    const ids = messages.flatMap((message) => (isRequest(message) ? [message.id] : []));
    const extra: MessageExtraInfo = { requestInfo: { headers: req.headers } };
    if (ids.length === 0) {
      res.writeHead(202).end();
      for (const message of messages) this.onmessage?.(message, extra);
      return;
    }
    if (new Set(ids).size !== ids.length || ids.some((id) => this.streams.has(id))) {
      return reject(res, 400, -32600, 'Invalid Request: a request id is already in use in this session');
    }
    res.writeHead(200, { ...SSE_HEADERS, 'mcp-session-id': this.sessionId });
    const stream: PostStream = { res, unanswered: new Set(ids), begun: false };
    for (const id of ids) this.streams.set(id, stream);
    const stopKeepAlive = this.keepAlive(res);
    res.once('close', () => {
      stopKeepAlive();
      for (const id of stream.unanswered) if (this.streams.get(id) === stream) this.streams.delete(id);
      stream.unanswered.clear();
    });
    for (const message of messages) this.onmessage?.(message, extra);
    // An answer not ready by the next turn (a long poll, a browser command) still gets its
    // headers now: a client may time out a request whose response has not begun.
    setImmediate(() => {
      if (!stream.begun && !res.writableEnded && !res.destroyed) res.flushHeaders();
    });
  }

  private get(req: IncomingMessage, res: ServerResponse): void {
    if (!(header(req, 'accept') ?? '').includes('text/event-stream')) {
      return reject(res, 406, -32000, 'Not Acceptable: Client must accept text/event-stream');
    }
    if (!this.acceptedVersion(req, res)) return;
    if (this.standalone !== undefined) {
      return reject(res, 409, -32000, 'Conflict: Only one SSE stream is allowed per session');
    }
    res.writeHead(200, { ...SSE_HEADERS, 'mcp-session-id': this.sessionId });
    res.flushHeaders();
    this.standalone = res;
    const stopKeepAlive = this.keepAlive(res);
    res.once('close', () => {
      stopKeepAlive();
      if (this.standalone === res) this.standalone = undefined;
    });
  }

  private delete(req: IncomingMessage, res: ServerResponse): void {
    if (!this.acceptedVersion(req, res)) return;
    res.writeHead(200).end();
    void this.close();
  }

  /** A protocol version named in the header must be one the SDK speaks; none means the negotiated one. */
  private acceptedVersion(req: IncomingMessage, res: ServerResponse): boolean {
    const version = header(req, 'mcp-protocol-version');
    if (version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return true;
    reject(
      res,
      400,
      -32000,
      `Bad Request: Unsupported protocol version: ${version.slice(0, 40)} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
    );
    return false;
  }

  private keepAlive(res: ServerResponse): () => void {
    const timer = setInterval(() => res.write(': keepalive\n\n'), this.keepAliveMs).unref();
    this.timers.add(timer);
    return () => {
      clearInterval(timer);
      this.timers.delete(timer);
    };
  }
}

/** A JSON-RPC error body with no id, as the transport's refusals are written. */
export function reject(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function writeEvent(res: ServerResponse, message: JSONRPCMessage): void {
  if (!res.writableEnded && !res.destroyed) res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

/** Parsed messages only: a request has a method and an id; an answer has an id and no method. */
function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return 'method' in message && 'id' in message;
}

function isAnswer(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return !('method' in message) && 'id' in message;
}
