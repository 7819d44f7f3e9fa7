import { expect } from 'chai';
import { imageSize } from '../../../extension/src/worker/imageSize.js';
import { noisePng } from '../../e2e/support/noisePng.js';

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

/** A segment: marker, then its length (2 bytes, counting itself) and body. */
const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];

/** A JPEG's header as Chrome writes one: SOI, JFIF, a quantisation table, then `frame` (SOF0 unless said). */
function jpegHeader(width: number, height: number, { frame = 0xc0, before = [] as number[][] } = {}): Buffer {
  const jfif = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const table = segment(0xdb, [0, ...Array.from({ length: 64 }, (_, i) => i + 1)]);
  const sof = segment(frame, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.from([0xff, 0xd8, ...jfif, ...table, ...before.flat(), ...sof, ...segment(0xda, [1, 1, 0, 0, 0x3f, 0])]);
}

describe('imageSize (a capture’s size from its header)', () => {
  it('reads a PNG’s width and height from its IHDR', () => {
    expect(imageSize(dataUrl('image/png', noisePng(37, 23)))).to.deep.equal({ width: 37, height: 23 });
  });

  it('reads a baseline JPEG’s size from its frame header, past the tables before it', () => {
    expect(imageSize(dataUrl('image/jpeg', jpegHeader(1280, 720)))).to.deep.equal({ width: 1280, height: 720 });
  });

  it('reads a progressive JPEG’s frame header, and skips a Huffman table (C4) that is not one', () => {
    const huffman = segment(
      0xc4,
      Array.from({ length: 30 }, () => 0),
    );
    expect(imageSize(dataUrl('image/jpeg', jpegHeader(2560, 1440, { frame: 0xc2, before: [huffman] })))).to.deep.equal({
      width: 2560,
      height: 1440,
    });
  });

  it('says nothing for a data URL that is not base64, not an image it knows, or cut before its header', () => {
    expect(imageSize('data:image/png,plain')).to.equal(undefined);
    expect(imageSize('not a data url')).to.equal(undefined);
    expect(imageSize(dataUrl('image/gif', Buffer.from('GIF89a\u0001\u0000\u0001\u0000')))).to.equal(undefined);
    expect(imageSize(dataUrl('image/png', noisePng(5, 5).subarray(0, 20)))).to.equal(undefined);
    expect(imageSize('data:image/png;base64,@@@@not-base64@@@@')).to.equal(undefined);
  });

  it('says nothing for a JPEG whose scan starts before any frame header, or whose header says 0 × 0', () => {
    const scanFirst = Buffer.from([0xff, 0xd8, ...segment(0xda, [1, 1, 0, 0, 0x3f, 0]), ...jpegHeader(10, 10).subarray(2)]);
    expect(imageSize(dataUrl('image/jpeg', scanFirst))).to.equal(undefined);
    expect(imageSize(dataUrl('image/jpeg', jpegHeader(0, 0)))).to.equal(undefined);
  });

  it('reads at most the first 48 KB: a frame header past them is not looked for', () => {
    const padding = Array.from({ length: 4 }, () =>
      segment(
        0xe1,
        Array.from({ length: 16_000 }, () => 0),
      ),
    );
    const far = jpegHeader(640, 480, { before: padding });
    expect(far.length).to.be.above(64_000);
    expect(imageSize(dataUrl('image/jpeg', far))).to.equal(undefined);
    const near = jpegHeader(640, 480, { before: padding.slice(0, 2) });
    expect(imageSize(dataUrl('image/jpeg', near))).to.deep.equal({ width: 640, height: 480 });
  });
});
