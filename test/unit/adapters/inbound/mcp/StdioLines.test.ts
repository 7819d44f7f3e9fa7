import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import type { Checked } from '../../../../../src/adapters/inbound/mcp/bridge/jsonRpcShape.js';
import { answerMessages } from '../../../../../src/adapters/inbound/mcp/bridge/answerMessages.js';
import { MAX_BATCH, StdioLines } from '../../../../../src/adapters/inbound/mcp/bridge/StdioLines.js';

/** A StdioLines on in-memory streams, recording what it accepted and refused. */
function lines(maxLineBytes?: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const messages: unknown[] = [];
  const batches: Array<readonly Checked[]> = [];
  const refused: Array<[string, string]> = [];
  const ids: unknown[] = [];
  const stdio = new StdioLines(
    input,
    output,
    {
      message: (m) => messages.push(m),
      batch: (items) => batches.push(items),
      invalid: (reason, detail, id) => {
        refused.push([reason, detail]);
        ids.push(id);
      },
    },
    maxLineBytes,
  );
  stdio.start();
  const feed = async (...chunks: Array<string | Buffer>) => {
    for (const chunk of chunks) input.write(chunk);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { stdio, output, messages, batches, refused, ids, feed };
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
    await t.feed('{ not json\n', '{"jsonrpc":"1.0","id":"a"}\n', 'null\n', '{"jsonrpc":"2.0","id":2,"result":{}}\n');
    expect(t.refused.map(([reason]) => reason)).to.deep.equal(['parse', 'invalid', 'invalid']);
    expect(t.ids).to.deep.equal([null, 'a', null]);
    expect(t.messages).to.deep.equal([{ jsonrpc: '2.0', id: 2, result: {} }]);
  });

  it('refuses a message with an id but no method that is not a response, reporting its id', async () => {
    const t = lines();
    await t.feed('{"jsonrpc":"2.0","id":2}\n', '{"jsonrpc":"2.0","id":"x","result":1,"error":{"code":1,"message":"m"}}\n');
    expect(t.messages).to.deep.equal([]);
    expect(t.ids).to.deep.equal([2, 'x']);
    expect(t.refused[0]?.[1]).to.contain('must be a response');
  });

  it('hands a batch over element by element, each checked', async () => {
    const t = lines();
    await t.feed('[1,2,3]\n', '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":9}]\n');
    expect(t.batches).to.have.length(2);
    expect(t.batches[0]?.map((item) => item.ok)).to.deep.equal([false, false, false]);
    expect(t.batches[1]).to.deep.equal([
      { ok: true, message: { jsonrpc: '2.0', id: 1, method: 'ping' } },
      {
        ok: false,
        id: 9,
        detail: 'a message with an id and no method must be a response, with result or error (one of them)',
      },
    ]);
    expect(t.refused).to.deep.equal([]);
  });

  it(`refuses an empty batch, and one of ${MAX_BATCH + 1} messages, as a whole`, async () => {
    const t = lines();
    await t.feed('[]\n', `[${Array.from({ length: MAX_BATCH + 1 }, () => '1').join(',')}]\n`);
    expect(t.batches).to.deep.equal([]);
    expect(t.refused).to.deep.equal([
      ['invalid', 'an empty batch'],
      ['invalid', `a batch of ${MAX_BATCH + 1} messages; at most ${MAX_BATCH}`],
    ]);
    expect(t.ids).to.deep.equal([null, null]);
  });

  it('drops a line one byte past its limit without holding it, and reads the next one', async () => {
    const message = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const t = lines(message.length);
    await t.feed(`${message}\n`);
    await t.feed(`${message} `, ' ', 'x'.repeat(1_000), '\n', `${message}\n`);
    expect(t.messages).to.deep.equal([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 1, method: 'ping' },
    ]);
    expect(t.refused).to.deep.equal([['invalid', `a message longer than ${message.length} bytes`]]);
  });

  it('writes each message as one line', () => {
    const t = lines();
    t.stdio.send({ jsonrpc: '2.0', id: 1, result: { text: 'a\nb' } });
    expect(String(t.output.read())).to.equal('{"jsonrpc":"2.0","id":1,"result":{"text":"a\\nb"}}\n');
  });

  it('writes a daemon message as the bytes it came in, and a batch’s answers as one array on one line', () => {
    const t = lines();
    const text = '{"jsonrpc":"2.0", "id":1, "result":{"text":"é"}}';
    const [message] = answerMessages({ status: 200, headers: {}, body: Buffer.from(text) });
    t.stdio.send(message);
    expect(String(t.output.read())).to.equal(`${text}\n`);
    t.stdio.send([{ jsonrpc: '2.0', id: 2, error: { code: -32600, message: 'Invalid Request' } }, message]);
    expect(String(t.output.read())).to.equal(
      `[{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"Invalid Request"}},${text}]\n`,
    );
  });
});
