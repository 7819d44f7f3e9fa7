import { expect } from 'chai';
import { readSse } from '../../../../../src/adapters/inbound/mcp/bridge/readSse.js';

function streamOf(...chunks: string[]): AsyncIterable<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  }) as unknown as AsyncIterable<Uint8Array>;
}

describe('readSse', () => {
  it('yields the data of each event, across chunk boundaries and CRLF', async () => {
    const seen: string[] = [];
    await readSse(
      streamOf('event: message\ndata: {"a"', ':1}\n\n: comment\r\ndata: line1\r\ndata: line2\r\n\r\n', 'id: 3\ndata:x\n\n'),
      (d) => seen.push(d),
    );
    expect(seen).to.deep.equal(['{"a":1}', 'line1\nline2', 'x']);
  });

  it('delivers a last event without a trailing blank line', async () => {
    const seen: string[] = [];
    await readSse(streamOf('data: tail'), (d) => seen.push(d));
    expect(seen).to.deep.equal([]);
    await readSse(streamOf('data: tail\n'), (d) => seen.push(d));
    expect(seen).to.deep.equal(['tail']);
  });
});
