import type { IncomingMessage } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BRIDGE_VERSION_HEADER } from '../headers.js';
import { jsonLine } from '../knownJson.js';
import { answerMessages } from './answerMessages.js';
import { messageOf, type Outgoing } from './DaemonMessage.js';
import type { Drop } from './Drop.js';
import { LoopbackHttp } from './httpExchange.js';
import type { UpstreamSettings } from './UpstreamSettings.js';

/** What the daemon answered one POST. */
export interface Exchange {
  readonly status: number;
  readonly messages: Outgoing[];
}

/** Longest the bridge waits for the daemon to end its session when it closes (ms). */
const CLOSE_WAIT_MS = 500;

/**
 * What the bridge knows of the daemon it talks to and of its MCP session there (the token, the
 * Host header, the session id and protocol version, whether the daemon proved itself), and the
 * HTTP requests that carry it. It never recovers anything itself: `DaemonSession` does.
 */
export class DaemonConnection {
  private token: string | undefined;
  /** The Host header the daemon's guard accepts, when not the endpoint's own (docs/install.md). */
  private host: string | undefined;
  private session: string | undefined;
  /** The version the daemon answered the session's initialize with: the header of later requests. */
  private protocolVersion: string | undefined;
  /** The daemon on the port proved it holds the token (docs/security.md) since the connection was last lost. */
  private proved = false;
  private readonly http: LoopbackHttp;
  /** The headers of a POST, kept while what they are made of stays the same. */
  private postHeaders: { readonly of: readonly unknown[]; readonly headers: Record<string, string> } | undefined;

  constructor(private readonly settings: UpstreamSettings) {
    this.http = new LoopbackHttp(settings.endpoint);
  }

  /** The daemon proved it holds the token since the connection was last lost: only it is sent the token. */
  get verified(): boolean {
    return this.proved;
  }

  /** The daemon session's id, once an initialize opened one (and until it is forgotten). */
  get sessionId(): string | undefined {
    return this.session;
  }

  /** A daemon proved itself: later requests carry its token (and the Host it needs). */
  trust(daemon: { readonly token: string; readonly host?: string }): void {
    this.token = daemon.token;
    this.host = daemon.host;
    this.proved = true;
  }

  /** The connection was lost: whatever holds the port now gets no token until a daemon proves itself. */
  distrust(): void {
    this.proved = false;
  }

  /** The session is gone or about to be replaced: the next initialize opens another. */
  forgetSession(): void {
    this.session = undefined;
  }

  /** POSTs one message; an initialize's answer sets the session id and protocol version of later requests. */
  async post(message: JSONRPCMessage, drop?: Drop): Promise<Exchange> {
    const token = this.token;
    if (token === undefined) throw new Error('no daemon has proved itself yet');
    // A client's message goes as the text it came in (StdioLines), the bridge's own as JSON.
    const answer = await this.http.send(
      'POST',
      this.headersOfPost(token),
      jsonLine(message),
      this.settings.requestTimeoutMs ?? 55_000,
      drop,
    );
    const isInitialize = 'method' in message && message.method === 'initialize';
    const sessionId = answer.headers['mcp-session-id'];
    if (isInitialize && answer.status < 300 && typeof sessionId === 'string') this.session = sessionId;
    if (answer.status === 202) return { status: 202, messages: [] };
    const messages = answerMessages(answer);
    if (isInitialize) {
      const first = messages[0] === undefined ? undefined : messageOf(messages[0]);
      const version = (first as { result?: { protocolVersion?: string } } | undefined)?.result?.protocolVersion;
      if (version !== undefined) this.protocolVersion = version;
    }
    return { status: answer.status, messages };
  }

  /** Opens the session's GET stream; resolves with the live response (its body not yet read). */
  stream(signal: AbortSignal): Promise<IncomingMessage> {
    const headers = { ...this.headers(this.token as string), accept: 'text/event-stream' };
    return this.http.stream(headers, signal);
  }

  /**
   * Ends the session on the daemon (DELETE, best effort, at most `CLOSE_WAIT_MS`) and lets go of
   * every socket.
   */
  async close(): Promise<void> {
    // Only to a daemon that proved itself since the connection was last lost: never to a squatter.
    if (this.session !== undefined && this.token !== undefined && this.proved) {
      await this.http.send('DELETE', this.headers(this.token), undefined, CLOSE_WAIT_MS).catch(() => undefined);
    }
    this.http.close();
  }

  /** `headers` and the POST's own, made again only when one of their parts changed. */
  private headersOfPost(token: string): Record<string, string> {
    const of = [token, this.host, this.session, this.protocolVersion];
    const kept = this.postHeaders;
    if (kept !== undefined && kept.of.every((part, i) => part === of[i])) return kept.headers;
    const headers = { ...this.headers(token), 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    this.postHeaders = { of, headers };
    return headers;
  }

  private headers(token: string): Record<string, string> {
    return {
      authorization: `Bearer ${token}`,
      ...(this.host === undefined ? {} : { host: this.host }),
      [BRIDGE_VERSION_HEADER]: this.settings.bridgeVersion,
      ...(this.session === undefined ? {} : { 'mcp-session-id': this.session }),
      ...(this.protocolVersion === undefined ? {} : { 'mcp-protocol-version': this.protocolVersion }),
    };
  }
}
