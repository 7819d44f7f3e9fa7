import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { type BodyText, ReadDeadline, readBody, type ReadTimers } from '../../../extension/src/relay/boundedRead.js';

const clock = () => {
  const fake = createClock(0);
  const timers: ReadTimers = {
    setTimeout: (fn, ms) => fake.setTimeout(fn, ms),
    clearTimeout: (handle) => fake.clearTimeout(handle as number),
  };
  return { fake, timers };
};

/**
 * A chunked body with no length: `chunks` chunks of `size` bytes of `byte` made as the reader
 * pulls them (Infinity: a server that never stops), and what the source gave and whether it was
 * cancelled.
 */
function streamed(size: number, chunks: number, byte = 0x61) {
  const state = { given: 0, cancelled: false };
  let left = chunks;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (left-- <= 0) return controller.close();
        state.given += size;
        controller.enqueue(new Uint8Array(size).fill(byte));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { response: new Response(body, { headers: { 'content-type': 'application/json' } }), state };
}

describe('extension: a read bounded in bytes and in time (readBody)', () => {
  const MS = 1_000;

  it('reads a chunked body of exactly the limit whole', async () => {
    const { timers } = clock();
    const { response } = streamed(1_000, 10);
    const body = await readBody(response, 10_000, new ReadDeadline(timers, MS));
    expect((body as { text: string }).text).to.have.length(10_000);
  });

  it('gives up a chunked body one byte past the limit and cancels it', async () => {
    const { timers } = clock();
    const { response, state } = streamed(1, 10_001);
    expect(await readBody(response, 10_000, new ReadDeadline(timers, MS))).to.deep.equal({ cut: 'too_large' });
    expect(state.given).to.equal(10_001);
    expect(state.cancelled).to.equal(true);
  });

  it('stops reading a body with no end soon after the limit (400 MB on offer: one chunk past the limit is taken)', async () => {
    const { timers } = clock();
    const { response, state } = streamed(1 << 20, Infinity);
    expect(await readBody(response, 30_000_000, new ReadDeadline(timers, MS))).to.deep.equal({ cut: 'too_large' });
    expect(state.given).to.be.at.most(30_000_000 + (1 << 20));
    expect(state.cancelled).to.equal(true);
  });

  it('counts the bytes it reads, not what Content-Length says', async () => {
    const { timers } = clock();
    const short = new Response('x'.repeat(101), { headers: { 'content-length': '10' } });
    expect(await readBody(short, 100, new ReadDeadline(timers, MS))).to.deep.equal({ cut: 'too_large' });
    const long = new Response('x'.repeat(100), { headers: { 'content-length': '999999999' } });
    expect(await readBody(long, 100, new ReadDeadline(timers, MS))).to.deep.equal({ text: 'x'.repeat(100) });
  });

  it('counts bytes, not characters: two-byte characters fill the limit at half as many', async () => {
    const { timers } = clock();
    const of = (text: string) => new Response(new TextEncoder().encode(text));
    expect(await readBody(of('é'.repeat(50)), 100, new ReadDeadline(timers, MS))).to.deep.equal({ text: 'é'.repeat(50) });
    expect(await readBody(of(`${'é'.repeat(50)}x`), 100, new ReadDeadline(timers, MS))).to.deep.equal({ cut: 'too_large' });
  });

  it('decodes a character split between two chunks', async () => {
    const { timers } = clock();
    const [a, b] = [new Uint8Array([0x68, 0xc3]), new Uint8Array([0xa9, 0x21])]; // "hé!" with é's two bytes apart
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(a);
        controller.enqueue(b);
        controller.close();
      },
    });
    expect(await readBody(new Response(body), 100, new ReadDeadline(timers, MS))).to.deep.equal({ text: 'hé!' });
  });

  it('gives up a stalled body when its deadline passes, not before, and cancels it', async () => {
    const { fake, timers } = clock();
    let cancelled = false;
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10)); // then nothing, and no end
      },
      cancel() {
        cancelled = true;
      },
    });
    let result: BodyText | undefined;
    void readBody(new Response(stalled), 100, new ReadDeadline(timers, MS)).then((body) => (result = body));
    await fake.tickAsync(MS - 1);
    expect(result).to.equal(undefined);
    await fake.tickAsync(1);
    expect(result).to.deep.equal({ cut: 'timed_out' });
    expect(cancelled).to.equal(true);
  });

  it('gives up a body that trickles a byte at a time when its deadline passes (the deadline is for the whole read)', async () => {
    const { fake, timers } = clock();
    const trickle = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => fake.setTimeout(resolve, 10));
        controller.enqueue(new Uint8Array([0x61]));
      },
    });
    let result: BodyText | undefined;
    void readBody(new Response(trickle), 1_000_000, new ReadDeadline(timers, MS)).then((body) => (result = body));
    await fake.tickAsync(MS);
    expect(result).to.deep.equal({ cut: 'timed_out' });
  });

  it('shares one deadline among the reads of one reading: a later body has what the first left', async () => {
    const { fake, timers } = clock();
    const deadline = new ReadDeadline(timers, MS);
    await fake.tickAsync(MS);
    const { response, state } = streamed(10, 1);
    expect(await readBody(response, 100, deadline)).to.deep.equal({ cut: 'timed_out' });
    expect(state.given).to.equal(0);
  });

  it('lets go of its timer when the reading ended in time', async () => {
    const { fake, timers } = clock();
    const deadline = new ReadDeadline(timers, MS);
    expect(fake.countTimers()).to.equal(1);
    deadline.end();
    expect(fake.countTimers()).to.equal(0);
    expect(deadline.passed).to.equal(false);
  });
});
