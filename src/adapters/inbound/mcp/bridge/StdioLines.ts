import type { Readable, Writable } from 'node:stream';

/** One JSON-RPC message as the bridge passes it on: parsed JSON, checked only for `jsonrpc: "2.0"`. */
export type Message = Record<string, unknown> & { readonly jsonrpc: '2.0' };

/** Longest line accepted from the client (bytes); a longer one is answered "Invalid Request" and dropped. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * MCP's stdio framing: one JSON message per line, in and out. Written for the bridge so that it
 * starts without the SDK's schemas (they cost tens of milliseconds to load, and the daemon checks
 * every message again anyway). Lines that are not JSON, or not JSON-RPC 2.0 objects, are reported
 * to `onInvalid`; nothing but `send` writes to `output`.
 */
export class StdioLines {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private overlong = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly onMessage: (message: Message) => void,
    private readonly onInvalid: (reason: 'parse' | 'invalid', detail: string) => void,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  start(): void {
    this.input.on('data', (chunk: Buffer | string) => this.take(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
  }

  send(message: unknown): void {
    this.output.write(`${JSON.stringify(message)}\n`);
  }

  private take(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      this.append(chunk.subarray(start, end));
      const line = Buffer.concat(this.pending, this.pendingBytes).toString('utf8');
      const overlong = this.overlong;
      this.pending = [];
      this.pendingBytes = 0;
      this.overlong = false;
      start = end + 1;
      if (overlong) this.onInvalid('invalid', `a message longer than ${this.maxLineBytes} bytes`);
      else this.line(line);
    }
    this.append(chunk.subarray(start));
  }

  private append(part: Buffer): void {
    if (this.overlong || part.length === 0) return;
    if (this.pendingBytes + part.length > this.maxLineBytes) {
      this.overlong = true;
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    this.pending.push(part);
    this.pendingBytes += part.length;
  }

  private line(text: string): void {
    const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (trimmed.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (error) {
      this.onInvalid('parse', (error as Error).message);
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || (parsed as Message).jsonrpc !== '2.0') {
      this.onInvalid('invalid', 'not a JSON-RPC 2.0 message object');
      return;
    }
    this.onMessage(parsed as Message);
  }
}
