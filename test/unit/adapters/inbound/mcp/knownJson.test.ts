import { expect } from 'chai';
import fc from 'fast-check';
import { jsonLine, messageJson, parseKnown, withKnownJson } from '../../../../../src/adapters/inbound/mcp/knownJson.js';

/** A tool result's message as the SDK hands it to the transport, its payload's text known. */
function answer(payload: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const text = JSON.stringify(payload);
  return {
    result: { content: [{ type: 'text', text }], structuredContent: withKnownJson(payload, text), ...extra },
    jsonrpc: '2.0',
    id: 7,
  };
}

describe('messageJson (a result’s known structuredContent is spliced, not serialised again)', () => {
  it('writes exactly what JSON.stringify writes for a result whose payload text is known', () => {
    const message = answer({ columns: ['id', 'message'], rows: [['l1', 'a "quoted" \\ line\n']], count: 1 });
    expect(messageJson(message)).to.equal(JSON.stringify(message));
  });

  it('is not fooled by a page text that holds the mark, quotes and control characters', () => {
    const message = answer(
      { message: '"\u0000browsertap:structuredContent\u0000" "structuredContent":"\u0000"' },
      { isError: true },
    );
    expect(JSON.parse(messageJson(message))).to.deep.equal(JSON.parse(JSON.stringify(message)));
  });

  it('serialises any other message as JSON.stringify does', () => {
    const request = { jsonrpc: '2.0', method: 'notifications/message', params: { data: { structuredContent: {} } } };
    expect(messageJson(request)).to.equal(JSON.stringify(request));
    const unknown = { jsonrpc: '2.0', id: 1, result: { content: [], structuredContent: { a: 1 } } };
    expect(messageJson(unknown)).to.equal(JSON.stringify(unknown));
  });

  it('reads back as the message itself, whatever the payload holds', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (payload) => {
        const message = answer(payload);
        expect(JSON.parse(messageJson(message))).to.deep.equal(JSON.parse(JSON.stringify(message)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseKnown and jsonLine (the bridge passes a daemon message on as it came)', () => {
  it('writes a parsed message as the text it was parsed from', () => {
    const text = '{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"{\\"a\\":1e2}"}]}}';
    expect(jsonLine(parseKnown(text))).to.equal(text);
  });

  it('writes text that spans lines as one line of JSON (stdio carries one message a line)', () => {
    const pretty = '{\n  "jsonrpc": "2.0",\r\n  "id": 4\n}';
    const line = jsonLine(parseKnown(pretty));
    expect(line).to.equal('{"jsonrpc":"2.0","id":4}');
  });

  it('serialises what it did not parse', () => {
    expect(jsonLine({ jsonrpc: '2.0', id: 5 })).to.equal('{"jsonrpc":"2.0","id":5}');
    expect(jsonLine(parseKnown('7'))).to.equal('7');
  });
});
