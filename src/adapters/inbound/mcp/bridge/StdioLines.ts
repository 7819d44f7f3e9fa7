import type { Readable, Writable } from 'node:stream';
import { jsonLine, parseKnown } from '../knownJson.js';
import { DaemonMessage } from './DaemonMessage.js';
import { checkMessage, type AnswerId, type Checked, type Message } from './jsonRpcShape.js';

export type { Message };

/** Longest line accepted from the client (bytes); a longer one is answered "Invalid Request" and dropped. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;
/** Most messages in one batch (as the daemon's `/mcp` allows); a longer batch is one "Invalid Request". */
export const MAX_BATCH = 100;

/** What `StdioLines` makes of each line from the client. */
export interface LineHandlers {
  /** One valid JSON-RPC 2.0 message: a request, a notification or a response. */
  message(message: Message): void;
  /** A batch (a JSON array of 1 to `MAX_BATCH` values): each element checked, in order. */
  batch(items: readonly Checked[]): void;
  /**
   * A line that is not JSON (`parse`), too long, an empty or oversized batch, or not a valid
   * message (`invalid`); `id` is the message's id when one could be read, else null.
   */
  invalid(reason: 'parse' | 'invalid', detail: string, id: AnswerId): void;
}

/**
 * MCP's stdio framing: one JSON message per line, in and out. Written for the bridge so that it
 * starts without the SDK's schemas (they cost tens of milliseconds to load, and the daemon checks
 * every message again anyway). Every line is reported to exactly one handler, so none is dropped
 * unanswered; nothing but `send` writes to `output`.
 */
export class StdioLines {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private overlong = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly handlers: LineHandlers,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  start(): void {
    this.input.on('data', (chunk: Buffer | string) => this.take(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
  }

  /**
   * Writes one message (or a batch's answers, an array) as one line, in one write. A message
   * from the daemon goes out as the bytes it came in.
   */
  send(message: unknown): void {
    this.output.write(message instanceof DaemonMessage ? message.line : lineOf(message));
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
      if (overlong) this.handlers.invalid('invalid', `a message longer than ${this.maxLineBytes} bytes`, null);
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
      // Its text is kept: a message passed on unchanged is sent to the daemon as it came.
      parsed = parseKnown(trimmed);
    } catch (error) {
      this.handlers.invalid('parse', (error as Error).message, null);
      return;
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) this.handlers.invalid('invalid', 'an empty batch', null);
      else if (parsed.length > MAX_BATCH) {
        this.handlers.invalid('invalid', `a batch of ${parsed.length} messages; at most ${MAX_BATCH}`, null);
      } else this.handlers.batch(parsed.map(checkMessage));
      return;
    }
    const checked = checkMessage(parsed);
    if (checked.ok) this.handlers.message(checked.message);
    else this.handlers.invalid('invalid', checked.detail, checked.id);
  }
}

/** A message or a batch's answers as one line of JSON, daemon messages in it as they came. */
function lineOf(message: unknown): string | Buffer {
  if (!Array.isArray(message) || !message.some((item) => item instanceof DaemonMessage)) return `${jsonLine(message)}\n`;
  const parts: Buffer[] = [];
  message.forEach((item: unknown, i) => {
    parts.push(i === 0 ? OPEN : COMMA, item instanceof DaemonMessage ? item.bytes : Buffer.from(jsonLine(item)));
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']\n');
