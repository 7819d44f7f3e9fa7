import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { expect } from 'chai';
import { zipFolder } from '../../../../src/adapters/outbound/fs/zipFolder.js';
import { removeDir, tempDir } from '../../../support/processes.js';

/** Reads a zip the way unzip does: from the end-of-central-directory record, every entry checked against its CRC. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'end of central directory').to.be.at.least(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).to.equal(0x02014b50);
    const [method, crc, packedSize, size, nameLength] = [
      zip.readUInt16LE(at + 10),
      zip.readUInt32LE(at + 16),
      zip.readUInt32LE(at + 20),
      zip.readUInt32LE(at + 24),
      zip.readUInt16LE(at + 28),
    ];
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).to.equal(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    expect(method).to.equal(8);
    const data = inflateRawSync(zip.subarray(start, start + packedSize));
    expect(data.length).to.equal(size);
    expect(crc32(data)).to.equal(crc);
    files.set(name, data);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

describe('zipFolder (browsertap extension --zip)', () => {
  it('writes every file, nested ones with / paths, that a reader inflates back byte for byte', () => {
    const dir = tempDir('browsertap-zip-');
    try {
      mkdirSync(join(dir, 'icons'));
      writeFileSync(join(dir, 'manifest.json'), '{"manifest_version":3}');
      writeFileSync(join(dir, 'icons', 'icon 16.png'), Buffer.from([0, 1, 2, 255, 254]));
      writeFileSync(join(dir, 'worker.js'), 'x'.repeat(50_000));
      const files = unzip(zipFolder(dir));
      expect([...files.keys()]).to.deep.equal(['icons/icon 16.png', 'manifest.json', 'worker.js']);
      expect(files.get('icons/icon 16.png')).to.deep.equal(Buffer.from([0, 1, 2, 255, 254]));
      expect(files.get('worker.js')?.toString()).to.equal('x'.repeat(50_000));
    } finally {
      removeDir(dir);
    }
  });

  it('is reproducible: the same folder gives the same bytes', () => {
    const dir = tempDir('browsertap-zip-');
    try {
      writeFileSync(join(dir, 'a.txt'), 'a');
      expect(zipFolder(dir).equals(zipFolder(dir))).to.equal(true);
    } finally {
      removeDir(dir);
    }
  });
});
