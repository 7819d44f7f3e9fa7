import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isInitializeRequest,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { ClockPort } from '../../../application/ports/ClockPort.js';
import type { DirectToolCalls } from './DirectToolCalls.js';
import { noteDroppedKeys } from './droppedKeys.js';
import { header, reject, requestIdOf, type ReplyId } from './httpReplies.js';
import { AnswerStreams } from './AnswerStreams.js';
import { postedMessages } from './postedMessages.js';
import { batchesAllowed, batchRefusal, negotiatedVersion, primesStreams } from './protocolRules.js';
import { KEEP_ALIVE_MS, parseEventId, SSE_HEADERS, SseStream } from './SseStream.js';

export { KEEP_ALIVE_MS };

/** How long an answer may take before its response's headers are sent ahead of it (ms). */
export const HEADERS_AFTER_MS = 50;

/**
 * One session of MCP Streamable HTTP (spec 2025-11-25, "Transports"), served straight on Node's
 * `http` request and response. The SDK's own server transport converts every request to a Web
 * `Request` and back through @hono/node-server, which loads undici, http2 and tls into the daemon
 * (≈ 25 ms before the first answer, ≈ 6 MB; docs/benchmarks.md). Each POST with requests is
 * answered on its own SSE stream, ended once each of its requests is answered or cancelled
 * (`notifications/cancelled`); server messages without a request go on the one GET stream;
 * DELETE ends the session. Batches are accepted only in protocol versions that have them
 * (2025-03-26 and older). Events carry ids and `retry` (`SseStream`); nothing is replayed: a
 * `Last-Event-ID` naming an answer stream gets 204 (nothing more will come on it), one naming
 * the GET stream opens it again. The route has checked the token and read the body.
 */
export class SessionTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private initialized = false;
  private closed = false;
  /** The protocol version of the session: asked for by its initialize request, then as answered. */
  private version: string | undefined;
  private initializeId: RequestId | undefined;
  /** Each unanswered request's answer stream, and every stream still open. */
  private readonly answers = new AnswerStreams();
  private standalone: SseStream | undefined;
  private postStreams = 0;
  private getEvents = 0;

  constructor(
    readonly sessionId: string,
    /** Called once the session's initialize request is accepted. */
    private readonly onInitialized: () => void,
    /** Times the headers of an answer that is not ready at once. */
    private readonly clock: Pick<ClockPort, 'schedule'>,
    private readonly keepAliveMs = KEEP_ALIVE_MS,
    /** The session's tools, for plain `tools/call` requests answered without the SDK's dispatch; none: all go to the SDK. */
    private readonly direct?: DirectToolCalls,
  ) {}

  /** The protocol version the session speaks (undefined before its initialize request). */
  get protocolVersion(): string | undefined {
    return this.version;
  }

  async start(): Promise<void> {}

  /** Serves one HTTP request of the session, writing the response (or the head of its stream). */
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    if (this.closed) return reject(res, 404, -32001, 'Session not found', requestIdOf(body));
    if (req.method === 'POST') return this.post(req, res, body);
    if (req.method === 'GET') return this.get(req, res);
    if (req.method === 'DELETE') return this.delete(req, res);
    res.setHeader('Allow', 'GET, POST, DELETE');
    reject(res, 405, -32000, 'Method not allowed.', requestIdOf(body));
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const answer = isAnswer(message);
    if (answer && message.id === this.initializeId) this.learnVersion(message);
    // An answer goes on its request's stream; a message tied to no request on the GET stream.
    const requestId = answer ? message.id : options?.relatedRequestId;
    if (requestId === undefined) {
      this.standalone?.send(message);
      return;
    }
    if (answer) this.answers.settle(requestId, message);
    else this.answers.related(requestId, message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.direct?.abortAll();
    this.answers.endAll();
    this.standalone = undefined;
    this.onclose?.();
  }

  private post(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    const id = requestIdOf(body);
    const posted = postedMessages(req, body);
    if ('refusal' in posted) {
      const { status, code, message, id: answerId } = posted.refusal;
      return reject(res, status, code, message, answerId);
    }
    const { batch, raw, messages } = posted;
    // The method first: the schema check (a zod parse) only for what names initialize.
    const initialize = messages.find(
      (message) => 'method' in message && message.method === 'initialize' && isInitializeRequest(message),
    ) as (JSONRPCMessage & { id: RequestId; params: { protocolVersion?: unknown } }) | undefined;
    if (initialize !== undefined) {
      if (this.initialized) return reject(res, 400, -32600, 'Invalid Request: Server already initialized', id);
      // McpSessions opens a session only for an initialize request sent alone.
      if (batch) return reject(res, 400, -32600, 'Invalid Request: Only one initialization request is allowed');
      this.initialized = true;
      this.initializeId = initialize.id;
      this.version = negotiatedVersion(initialize.params.protocolVersion);
      this.onInitialized();
    } else {
      if (!this.acceptedVersion(req, res, id)) return;
      if (batch && !batchesAllowed(this.version)) {
        return reject(res, 400, -32600, batchRefusal(this.version ?? LATEST_PROTOCOL_VERSION, 'POST'));
      }
    }
    const ids = messages.flatMap((message) => (isRequest(message) ? [message.id] : []));
    const extra: MessageExtraInfo = { requestInfo: { headers: req.headers } };
    if (ids.length === 0) {
      res.writeHead(202).end();
      messages.forEach((message, i) => this.deliver(message, extra, raw[i]));
      return;
    }
    if (new Set(ids).size !== ids.length || ids.some((requestId) => this.answers.has(requestId))) {
      return reject(res, 400, -32600, 'Invalid Request: a request id is already in use in this session', id);
    }
    // The head is made at the first write: an answer ready at once goes out whole, with its length.
    res.statusCode = 200;
    for (const [name, value] of SSE_POST_HEADERS) res.setHeader(name, value);
    res.setHeader('mcp-session-id', this.sessionId);
    const number = ++this.postStreams;
    let events = 0;
    const sse = new SseStream(res, number, () => events++, this.keepAliveMs, primesStreams(this.version));
    this.answers.add(sse, ids);
    // One plain message (taken as sent, so the very body): a tool call may skip the SDK's dispatch.
    const call = batch || messages[0] !== body ? undefined : this.direct?.takes(body as JSONRPCMessage);
    if (call !== undefined) this.direct!.call(call, noteDroppedKeys(body, extra).requestInfo, (answer) => this.send(answer));
    else messages.forEach((message, i) => this.deliver(message, extra, raw[i]));
    // An answer not ready within HEADERS_AFTER_MS (a long poll, a browser command) gets its
    // headers then: a client may time out a request whose response has not begun. One ready
    // sooner (a command answered inline in a few ms) goes out whole, in one write.
    const cancel = this.clock.schedule(HEADERS_AFTER_MS, () => sse.begin());
    res.once('close', cancel);
  }

  /**
   * Hands a message to the server. A cancellation also ends the cancelled request's part of its
   * stream: the server drops the call and will not answer it (MCP "Cancellation"), and a stream
   * left open would hold the client's connection until the session ends.
   */
  private deliver(message: JSONRPCMessage, extra: MessageExtraInfo, sent: unknown): void {
    // Read from the message as sent: the SDK's parsing leaves some argument keys out (droppedKeys.ts).
    this.onmessage?.(message, noteDroppedKeys(sent, extra));
    if (!('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message) return;
    this.direct?.cancel(message);
    const cancelled = (message.params as { requestId?: unknown } | undefined)?.requestId;
    if ((typeof cancelled === 'string' || typeof cancelled === 'number') && this.answers.has(cancelled)) {
      this.answers.settle(cancelled);
    }
  }

  private get(req: IncomingMessage, res: ServerResponse): void {
    if (!(header(req, 'accept') ?? '').includes('text/event-stream')) {
      return reject(res, 406, -32000, 'Not Acceptable: Client must accept text/event-stream');
    }
    if (!this.acceptedVersion(req, res, null)) return;
    const resumed = parseEventId(header(req, 'last-event-id'));
    if (resumed !== undefined && resumed.stream > 0) {
      // Nothing is kept to replay: an answer stream, once its connection is gone, has nothing
      // more to say. 204 is SSE's "do not reconnect".
      res.writeHead(204, { 'Content-Type': 'text/event-stream', 'mcp-session-id': this.sessionId }).end();
      return;
    }
    if (this.standalone !== undefined) {
      // The client resumes its GET stream: it has lost the one still open here.
      if (resumed !== undefined) this.standalone.end();
      else return reject(res, 409, -32000, 'Conflict: Only one SSE stream is allowed per session');
    }
    res.writeHead(200, { ...SSE_HEADERS, 'mcp-session-id': this.sessionId });
    const sse = this.answers.track(new SseStream(res, 0, () => ++this.getEvents, this.keepAliveMs, primesStreams(this.version)));
    sse.begin();
    this.standalone = sse;
    res.once('close', () => {
      if (this.standalone === sse) this.standalone = undefined;
    });
  }

  private delete(req: IncomingMessage, res: ServerResponse): void {
    if (!this.acceptedVersion(req, res, null)) return;
    res.writeHead(200).end();
    void this.close();
  }

  /** A protocol version named in the header must be one the SDK speaks; none means the negotiated one. */
  private acceptedVersion(req: IncomingMessage, res: ServerResponse, id: ReplyId): boolean {
    const version = header(req, 'mcp-protocol-version');
    if (version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return true;
    reject(
      res,
      400,
      -32000,
      `Bad Request: Unsupported protocol version: ${version.slice(0, 40)} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      id,
    );
    return false;
  }

  /** The version the server answered the initialize request with. */
  private learnVersion(message: JSONRPCMessage): void {
    this.initializeId = undefined;
    const version = (message as { result?: { protocolVersion?: unknown } }).result?.protocolVersion;
    if (typeof version === 'string') this.version = version;
  }
}

const SSE_POST_HEADERS = Object.entries(SSE_HEADERS);

/** Parsed messages only: a request has a method and an id; an answer has an id and no method. */
function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return 'method' in message && 'id' in message;
}

function isAnswer(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return !('method' in message) && 'id' in message;
}
