import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { parseKnown } from '../knownJson.js';
import { DaemonMessage, type Outgoing } from './DaemonMessage.js';
import type { HttpAnswer } from './httpExchange.js';
import { scanMessage } from './scanMessage.js';
import { INTERNAL_ERROR } from './upstreamErrors.js';

const NEWLINE = 0x0a;
const CR = 0x0d;
/** `data:` */
const DATA = Buffer.from('data:', 'latin1');

/**
 * The JSON-RPC messages of an answer to a POST, SSE or JSON. A message on one line of valid
 * JSON (as the daemon writes every one) is kept as its bytes (`DaemonMessage`); anything else is
 * parsed as before (an event whose data spans lines, a batch, a body that is not JSON). Events
 * with empty data (the priming events of 2025-11-25 streams) carry no message. A JSON body that
 * is not JSON becomes an error with id null, saying what the daemon answered.
 * @throws SyntaxError when an event's data is not JSON.
 */
export function answerMessages(answer: HttpAnswer): Outgoing[] {
  if ((answer.headers['content-type'] ?? '').includes('text/event-stream')) return eventMessages(answer.body);
  const body = answer.body;
  let end = body.length;
  while (end > 0 && isBlank(body[end - 1] as number)) end--;
  let start = 0;
  while (start < end && isBlank(body[start] as number)) start++;
  const top = scanMessage(body, start, end);
  if (top !== undefined) return [new DaemonMessage(body, start, end, top)];
  const text = body.toString('utf8');
  try {
    const parsed = JSON.parse(text) as unknown;
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter(
      (m): m is JSONRPCMessage => typeof m === 'object' && m !== null && (m as { jsonrpc?: unknown }).jsonrpc === '2.0',
    );
  } catch {
    const message = `daemon answered HTTP ${answer.status}: ${text.slice(0, 200)}`;
    return [{ jsonrpc: '2.0', id: null, error: { code: INTERNAL_ERROR, message } } as unknown as JSONRPCMessage];
  }
}

/**
 * The messages of a whole `text/event-stream` body, read as `readSse` reads a stream: lines end
 * with LF or CRLF, a blank line ends an event, `data:` lines (one space after the colon
 * dropped) are its data, joined with LF; other fields and comments are skipped.
 */
function eventMessages(body: Buffer): Outgoing[] {
  const messages: Outgoing[] = [];
  let data: Array<[number, number]> = [];
  const dispatch = () => {
    if (data.length === 1) {
      const [start, end] = data[0] as [number, number];
      const top = scanMessage(body, start, end);
      if (top !== undefined) messages.push(new DaemonMessage(body, start, end, top));
      else if (end > start) messages.push(parseKnown(body.toString('utf8', start, end)) as JSONRPCMessage);
    } else if (data.length > 1) {
      const text = data.map(([start, end]) => body.toString('utf8', start, end)).join('\n');
      if (text !== '') messages.push(parseKnown(text) as JSONRPCMessage);
    }
    data = [];
  };
  let at = 0;
  for (let newline = body.indexOf(NEWLINE, at); newline !== -1; newline = body.indexOf(NEWLINE, at)) {
    const end = newline > at && body[newline - 1] === CR ? newline - 1 : newline;
    if (end === at) dispatch();
    else if (body.subarray(at, at + DATA.length).equals(DATA)) {
      const start = at + DATA.length;
      data.push([body[start] === 0x20 ? start + 1 : start, end]);
    }
    at = newline + 1;
  }
  dispatch();
  return messages;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === NEWLINE || c === CR;
}
