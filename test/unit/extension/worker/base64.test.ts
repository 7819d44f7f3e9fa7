import { expect } from 'chai';
import { base64Of, blobOf } from '../../../../extension/src/worker/base64.js';
import { ONE_PIXEL_PNG } from '../support/fakeChrome.js';

type Own = { fromBase64?: (text: string) => Uint8Array };
type OwnTo = { toBase64?: () => string };

/** Chrome 140+'s own base64 methods, faked over Buffer for the length of `run`; how often each was used. */
async function withOwnBase64<T>(run: () => Promise<T>): Promise<{ value: T; from: number; to: number }> {
  const used = { from: 0, to: 0 };
  const statics = Uint8Array as unknown as Own;
  const proto = Uint8Array.prototype as unknown as OwnTo;
  statics.fromBase64 = (text) => (used.from++, new Uint8Array(Buffer.from(text, 'base64')));
  proto.toBase64 = function (this: Uint8Array) {
    used.to++;
    return Buffer.from(this).toString('base64');
  };
  try {
    return { value: await run(), ...used };
  } finally {
    delete statics.fromBase64;
    delete proto.toBase64;
  }
}

describe('worker: base64 of captures, with Chrome’s own methods where it has them', () => {
  const dataUrl = `data:image/png;base64,${ONE_PIXEL_PNG}`;
  const bytes = new Uint8Array(Buffer.from(ONE_PIXEL_PNG, 'base64'));

  it('decodes a data URL with Uint8Array.fromBase64 when Chrome has it (not fetch), to the same bytes and type', async () => {
    const own = await withOwnBase64(() => blobOf(dataUrl));
    expect(own.from).to.equal(1);
    const slow = await blobOf(dataUrl);
    expect(own.value.type).to.equal('image/png');
    expect(new Uint8Array(await own.value.arrayBuffer())).to.deep.equal(new Uint8Array(await slow.arrayBuffer()));
    expect(new Uint8Array(await slow.arrayBuffer())).to.deep.equal(bytes);
  });

  it('encodes with toBase64 when Chrome has it (not btoa over chunks), to the same text', async () => {
    const big = new Uint8Array(100_000).map((_, i) => (i * 7919) % 256);
    const own = await withOwnBase64(async () => base64Of(big));
    expect(own.to).to.equal(1);
    expect(own.value).to.equal(base64Of(big)).and.to.equal(Buffer.from(big).toString('base64'));
  });
});
