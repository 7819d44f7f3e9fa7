import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ClientServer } from './createMcpServer.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ClockPort } from '../../../application/ports/ClockPort.js';
import type { LoggerPort } from '../../../application/ports/LoggerPort.js';
import { BRIDGE_VERSION_HEADER } from './headers.js';
import type { McpStreamOutlets } from './McpStreamOutlets.js';
import type { ClientContext } from './McpToolDeps.js';
import { header, reject, requestIdOf } from './httpReplies.js';
import { initializeInBatch } from './protocolRules.js';
import { KEEP_ALIVE_MS, SessionTransport } from './SessionTransport.js';

export interface SessionSettings {
  /** Builds the MCP server of a new client. */
  readonly serverFor: (client: ClientContext) => ClientServer;
  /**
   * Plain `tools/call` requests skip the SDK's dispatch (DirectToolCalls.ts; default true). False
   * sends every message through the SDK: the parity tests compare the two.
   */
  readonly directToolCalls?: boolean;
  /** Called once when a client's session ends (closed, deleted, evicted): release what it held. */
  readonly onClientGone: (clientId: string) => void;
  readonly logger: LoggerPort;
  /** Where each session's stream notifications are held and sent. */
  readonly outlets: McpStreamOutlets;
  /** Sessions kept at once; the least recently active is closed to admit a new one. */
  readonly maxSessions?: number;
  /** A session without any request for this long is closed when the next one opens (ms). */
  readonly idleMs?: number;
  readonly now?: () => number;
  /** Schedules each answer's headers when the answer is not ready at once. */
  readonly clock: Pick<ClockPort, 'schedule'>;
}

interface Session {
  readonly client: ClientContext;
  readonly transport: SessionTransport;
  readonly server: McpServer;
  lastActive: number;
}

/**
 * MCP over Streamable HTTP, one transport and one MCP server per session; a session is a
 * client (docs/architecture.md). Each request is answered on its own short SSE stream; server notifications go
 * on the session's GET stream. Bounded: at most `maxSessions`, idle ones closed. Each request's
 * entry is released when its answer is sent (test/integration/mcp/sessionMemory); the SDK's
 * JSON-response mode, in 1.32, never released it (≈ 5 KB per call for the session's life).
 */
export class McpSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly maxSessions: number;
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(private readonly settings: SessionSettings) {
    this.maxSessions = settings.maxSessions ?? 64;
    this.idleMs = settings.idleMs ?? 60 * 60 * 1000;
    this.now = settings.now ?? Date.now;
  }

  get size(): number {
    return this.sessions.size;
  }

  async handle(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId !== undefined) {
      const session = this.sessions.get(sessionId);
      if (session === undefined) {
        return reject(
          res,
          404,
          -32001,
          'Session not found: the daemon restarted or the session ended; initialize again',
          requestIdOf(parsedBody),
        );
      }
      session.lastActive = this.now();
      session.transport.handle(req, res, parsedBody);
      // The session's notification stream is open: notifications held for this client (e.g. the
      // first event after subscribing) can flow.
      if (req.method === 'GET') this.attachStream(sessionId, res);
      return;
    }
    if (req.method === 'POST' && isInitializeRequest(parsedBody)) return this.open(req, res, parsedBody);
    const initialize = Array.isArray(parsedBody) ? parsedBody.find(isInitializeRequest) : undefined;
    if (initialize !== undefined) {
      // Decided by the version the initialize request asks for: there is no session yet.
      return reject(res, 400, -32600, initializeInBatch(initialize.params.protocolVersion, 'POST'));
    }
    return reject(
      res,
      400,
      -32000,
      'Bad Request: no mcp-session-id header; start with an initialize request',
      requestIdOf(parsedBody),
    );
  }

  /** Closes every session (daemon shutdown). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((session) => session.transport.close()));
  }

  private async open(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    await this.makeRoom();
    const sessionId = randomUUID();
    const bridgeVersion = header(req, BRIDGE_VERSION_HEADER);
    const client: ClientContext = {
      clientId: sessionId,
      ...(bridgeVersion === undefined ? {} : { bridgeVersion: bridgeVersion.slice(0, 64) }),
    };
    const { server, toolCalls } = this.settings.serverFor(client);
    const transport = new SessionTransport(
      sessionId,
      () => {
        this.sessions.set(sessionId, session);
        this.settings.logger.info('mcp client connected', {
          client: sessionId,
          name: clientName(body),
          bridge: client.bridgeVersion ?? null,
        });
      },
      this.settings.clock,
      KEEP_ALIVE_MS,
      this.settings.directToolCalls === false ? undefined : toolCalls,
    );
    const session: Session = { client, transport, server, lastActive: this.now() };
    this.settings.outlets.open(sessionId, (message) =>
      server.sendLoggingMessage({ level: message.level, logger: 'browsertap', data: message.data }, sessionId),
    );
    transport.onclose = () => this.forget(sessionId);
    await server.connect(transport);
    transport.handle(req, res, body);
    // Refused (e.g. an Accept header without text/event-stream): the session never began.
    if (!this.sessions.has(sessionId)) {
      this.settings.outlets.close(sessionId);
      await server.close();
    }
  }

  private forget(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (session === undefined) return;
    this.sessions.delete(sessionId);
    this.settings.onClientGone(sessionId);
    this.settings.outlets.close(sessionId);
    void session.server.close().catch(() => undefined);
    this.settings.logger.info('mcp client gone', { client: sessionId });
  }

  private attachStream(sessionId: string, res: ServerResponse): void {
    if (res.writableEnded || res.destroyed || res.statusCode !== 200) return;
    this.settings.outlets.attach(sessionId, res);
  }

  /** Closes idle sessions, then the least recently active one if still full. */
  private async makeRoom(): Promise<void> {
    const now = this.now();
    const idle = [...this.sessions.values()].filter((s) => now - s.lastActive > this.idleMs);
    await Promise.all(idle.map((s) => s.transport.close()));
    if (this.sessions.size < this.maxSessions) return;
    const oldest = [...this.sessions.values()].sort((a, b) => a.lastActive - b.lastActive)[0];
    if (oldest !== undefined) await oldest.transport.close();
  }
}

/** The name the client gave in its initialize request (`clientInfo.name`), cut to 64 characters. */
function clientName(initialize: unknown): string | null {
  const name = (initialize as { params?: { clientInfo?: { name?: unknown } } }).params?.clientInfo?.name;
  return typeof name === 'string' ? name.slice(0, 64) : null;
}
