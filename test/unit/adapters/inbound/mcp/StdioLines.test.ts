import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import { StdioLines } from '../../../../../src/adapters/inbound/mcp/bridge/StdioLines.js';

/** A StdioLines on in-memory streams, recording what it accepted and refused. */
function lines(maxLineBytes?: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const messages: unknown[] = [];
  const refused: Array<[string, string]> = [];
  const stdio = new StdioLines(
    input,
    output,
    (m) => messages.push(m),
    (reason, detail) => refused.push([reason, detail]),
    maxLineBytes,
  );
  stdio.start();
  const feed = async (...chunks: Array<string | Buffer>) => {
    for (const chunk of chunks) input.write(chunk);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { stdio, output, messages, refused, feed };
}

describe('StdioLines (the bridge’s MCP stdio framing)', () => {
  it('reads one JSON-RPC message per line, across chunk boundaries, UTF-8 split mid-character, CRLF or LF', async () => {
    const t = lines();
    const text = Buffer.from('{"jsonrpc":"2.0","method":"é"}\r\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await t.feed(text.subarray(0, 29), text.subarray(29, 40), text.subarray(40), '\n   \n');
    expect(t.messages).to.deep.equal([
      { jsonrpc: '2.0', method: 'é' },
      { jsonrpc: '2.0', id: 1, method: 'ping' },
    ]);
    expect(t.refused).to.deep.equal([]);
  });

  it('refuses what is not JSON, or not a JSON-RPC 2.0 object, and goes on with the next line', async () => {
    const t = lines();
    await t.feed('{ not json\n', '[{"jsonrpc":"2.0"}]\n', '{"jsonrpc":"1.0"}\n', 'null\n', '{"jsonrpc":"2.0","id":2}\n');
    expect(t.refused.map(([reason]) => reason)).to.deep.equal(['parse', 'invalid', 'invalid', 'invalid']);
    expect(t.messages).to.deep.equal([{ jsonrpc: '2.0', id: 2 }]);
  });

  it('drops a line one byte past its limit without holding it, and reads the next one', async () => {
    const message = '{"jsonrpc":"2.0","id":1}';
    const t = lines(message.length);
    await t.feed(`${message}\n`);
    await t.feed(`${message} `, ' ', 'x'.repeat(1_000), '\n', `${message}\n`);
    expect(t.messages).to.deep.equal([
      { jsonrpc: '2.0', id: 1 },
      { jsonrpc: '2.0', id: 1 },
    ]);
    expect(t.refused).to.deep.equal([['invalid', `a message longer than ${message.length} bytes`]]);
  });

  it('writes each message as one line', () => {
    const t = lines();
    t.stdio.send({ jsonrpc: '2.0', id: 1, result: { text: 'a\nb' } });
    expect(String(t.output.read())).to.equal('{"jsonrpc":"2.0","id":1,"result":{"text":"a\\nb"}}\n');
  });
});
