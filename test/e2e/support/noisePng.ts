import { crc32, deflateSync } from 'node:zlib';

/**
 * A `width`×`height` RGB PNG of noise. Chrome does not take a low-entropy image (a scaled-up
 * pixel, a flat colour) as an LCP candidate; noise is about 24 bits a pixel, far above its bar.
 */
export function noisePng(width: number, height: number): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  let seed = 1;
  for (let i = 0; i < raw.length; i++) {
    if (i % stride === 0) continue; // each row's filter byte: none
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    raw[i] = seed >>> 24;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
