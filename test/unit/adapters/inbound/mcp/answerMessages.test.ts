import { expect } from 'chai';
import { answerMessages } from '../../../../../src/adapters/inbound/mcp/bridge/answerMessages.js';
import { DaemonMessage, messageOf } from '../../../../../src/adapters/inbound/mcp/bridge/DaemonMessage.js';

const sse = (body: string) => ({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: Buffer.from(body) });
const json = (body: string, status = 200) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(body),
});
const lines = (messages: unknown[]) =>
  messages.map((m) => (m instanceof DaemonMessage ? m.line.toString() : `${JSON.stringify(m)}\n`));

describe('answerMessages (what the daemon answered a POST, passed on as it came)', () => {
  it('passes each event’s message on as its very bytes, however it is spaced, one line each', () => {
    const first = '{ "result" : {"text":"→ \\"x\\"\\n"}, "jsonrpc":"2.0", "id" : 7 }';
    const second = '{"jsonrpc":"2.0","method":"notifications/progress","params":{}}';
    const messages = answerMessages(sse(`retry: 1000\nid: 1-1\nevent: message\ndata: ${first}\n\nid: 1-2\ndata:${second}\n\n`));
    expect(lines(messages)).to.deep.equal([`${first}\n`, `${second}\n`]);
    expect(messages.map((m) => m instanceof DaemonMessage && m.answers(7))).to.deep.equal([true, false]);
  });

  it('reads CRLF lines, skips priming events and comments, and takes a last event with no blank line after it', () => {
    const messages = answerMessages(
      sse('id: 1-0\r\ndata: \r\n\r\n: keepalive\r\n\r\ndata: {"jsonrpc":"2.0","id":"a","result":1}\r\n'),
    );
    expect(lines(messages)).to.deep.equal(['{"jsonrpc":"2.0","id":"a","result":1}\n']);
  });

  it('writes data that spans lines as one line of JSON', () => {
    const messages = answerMessages(sse('data: {"jsonrpc":"2.0",\ndata:  "id":3,"result":{}}\n\n'));
    expect(lines(messages)).to.deep.equal(['{"jsonrpc":"2.0","id":3,"result":{}}\n']);
  });

  it('refuses an event that is not JSON (the exchange fails, and is recovered)', () => {
    expect(() => answerMessages(sse('data: {"jsonrpc":"2.0","id":3,\n\n'))).to.throw(SyntaxError);
  });

  it('passes a JSON body on as it came, and reads a batch of them', () => {
    const one = '{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}';
    const [message] = answerMessages(json(one, 404));
    expect(lines([message])).to.deep.equal([`${one}\n`]);
    expect((messageOf(message!) as { error: { code: number } }).error.code).to.equal(-32001);
    const batch = answerMessages(
      json('[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"1.0","id":2},{"jsonrpc":"2.0","id":3,"result":{}}]'),
    );
    expect(batch.map((m) => messageOf(m as never))).to.deep.equal([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 3, result: {} },
    ]);
  });

  it('answers a body that is not JSON with an error naming what the daemon said', () => {
    const [message] = answerMessages(json('Bad Gateway', 502));
    expect(messageOf(message!)).to.deep.equal({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'daemon answered HTTP 502: Bad Gateway' },
    });
  });
});
