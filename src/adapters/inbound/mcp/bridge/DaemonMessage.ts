import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { TopLevel } from './scanMessage.js';

const NEWLINE = 0x0a;

/**
 * A message from the daemon kept as the bytes it came in: one line of valid JSON-RPC 2.0 JSON
 * (`scanMessage` checked it), written to stdout as it is, with its top level read so that it can
 * be matched to its request. It is parsed only when the bridge must look inside it (the answer
 * to an initialize or a `configure streaming`, an error of the transport), and then once.
 */
export class DaemonMessage {
  private parsed: JSONRPCMessage | undefined;
  /** The message's JSON text, as UTF-8, on one line. */
  readonly bytes: Buffer;
  /** The message and a line feed: a view of the bytes received when one follows it there, else a copy. */
  readonly line: Buffer;

  /** The message at `received[start, end)`, whose top level `scanMessage` read. */
  constructor(
    received: Buffer,
    start: number,
    end: number,
    private readonly top: TopLevel,
  ) {
    this.bytes = received.subarray(start, end);
    this.line = received[end] === NEWLINE ? received.subarray(start, end + 1) : Buffer.concat([this.bytes, LINE_FEED]);
  }

  /** The message answers `id`: it has that id and no method. */
  answers(id: RequestId | null): boolean {
    return this.top.hasId && !this.top.hasMethod && this.top.id === id;
  }

  /** The message itself, parsed the first time it is asked for. */
  value(): JSONRPCMessage {
    this.parsed ??= JSON.parse(this.bytes.toString('utf8')) as JSONRPCMessage;
    return this.parsed;
  }

  /** `JSON.stringify` of a `DaemonMessage` (as in a batch's answer array) writes the message. */
  toJSON(): JSONRPCMessage {
    return this.value();
  }
}

const LINE_FEED = Buffer.from('\n');

/** A message to the client: one the bridge made, or one from the daemon passed on as it came. */
export type Outgoing = JSONRPCMessage | DaemonMessage;

/** Where messages from the daemon go (the client's stdout): most as the bytes they came in. */
export type Sink = (message: Outgoing) => void;

/** The message answers `id`: it has that id and no method. */
export function isAnswerTo(message: Outgoing, id: RequestId | null): boolean {
  if (message instanceof DaemonMessage) return message.answers(id);
  return !('method' in message) && 'id' in message && (message as { id: RequestId | null }).id === id;
}

/** The message itself, however it is held. */
export function messageOf(message: Outgoing): JSONRPCMessage {
  return message instanceof DaemonMessage ? message.value() : message;
}
