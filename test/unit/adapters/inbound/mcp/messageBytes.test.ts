import { expect } from 'chai';
import fc from 'fast-check';
import { messageJson, withKnownJson } from '../../../../../src/adapters/inbound/mcp/knownJson.js';
import { messageBytes } from '../../../../../src/adapters/inbound/mcp/messageBytes.js';

/** A tool result's message as the transport gets it, its payload's text known. */
function answer(payload: Record<string, unknown>, extra: Record<string, unknown> = {}, blocks: unknown[] = [], utf8 = false) {
  const text = JSON.stringify(payload);
  const known = withKnownJson(payload, text, utf8 ? Buffer.from(text) : undefined);
  return {
    result: { content: [{ type: 'text', text }, ...blocks], structuredContent: known, ...extra },
    jsonrpc: '2.0',
    id: 7,
  };
}

/** What the SSE stream wrote before: the event as one string, as UTF-8. */
const asString = (message: unknown) => Buffer.from(`id: 1-0\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
const bytes = (message: unknown) => messageBytes('id: 1-0\nevent: message\ndata: ', message, '\n\n');

describe('messageBytes (an SSE event of a tool result, its known payload written twice without a large string)', () => {
  it('writes the very bytes of the message serialised whole, quotes, backslashes and non-ASCII text included', () => {
    for (const utf8 of [false, true]) {
      const message = answer(
        { columns: ['id', 'message'], rows: [['l1', 'a "quoted" \\ line\n → 200 ✓ 𝄞']], count: 1 },
        {},
        [],
        utf8,
      );
      expect(bytes(message).equals(asString(message))).to.equal(true);
    }
  });

  it('keeps the order of keys and the other blocks as they are', () => {
    const payload = { a: 1 };
    const text = JSON.stringify(payload);
    const message = {
      jsonrpc: '2.0',
      id: 'x"1',
      result: {
        structuredContent: withKnownJson(payload, text),
        isError: true,
        content: [{ text, type: 'text' }, { type: 'text', text: 'snapshot "as is"' }, undefined, { type: 'image', data: 'AAAA' }],
        skipped: undefined,
      },
    };
    expect(bytes(message).equals(asString(message))).to.equal(true);
  });

  it('writes a payload text with a lone surrogate or a U+FFFD as JSON.stringify does', () => {
    for (const value of ['\ud800 lone', 'replacement \ufffd', '\udc00']) {
      const message = answer({ value });
      expect(bytes(message).equals(asString(message)), value).to.equal(true);
    }
  });

  it('writes a known text that JSON.stringify did not make (line breaks) as the text it is', () => {
    const payload = { a: 1, b: 'x' };
    const text = '{\n  "a": 1,\r\n  "b": "x"\n}';
    const message = { result: { content: [{ type: 'text', text }], structuredContent: withKnownJson(payload, text) }, id: 1 };
    expect(bytes(message).toString()).to.equal(`id: 1-0\nevent: message\ndata: ${messageJson(message)}\n\n`);
  });

  it('serialises any other message whole', () => {
    const request = { jsonrpc: '2.0', method: 'notifications/message', params: { data: { structuredContent: {} } } };
    expect(bytes(request).equals(asString(request))).to.equal(true);
    const unknown = { jsonrpc: '2.0', id: 1, result: { content: [], structuredContent: { a: 1 } } };
    expect(bytes(unknown).equals(asString(unknown))).to.equal(true);
  });

  it('writes the bytes of the message serialised whole, whatever the payload holds', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ stringUnit: 'binary' })),
        fc.option(fc.string({ unit: 'binary' }), { nil: undefined }),
        fc.boolean(),
        (payload, snapshot, utf8) => {
          const message = answer(payload, {}, snapshot === undefined ? [] : [{ type: 'text', text: snapshot }], utf8);
          expect(bytes(message).equals(asString(message))).to.equal(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
