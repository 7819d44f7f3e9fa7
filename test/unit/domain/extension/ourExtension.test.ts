import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { OUR_EXTENSION_ID } from '../../../../src/domain/extension/ourExtension.js';

describe('OUR_EXTENSION_ID', () => {
  it('is the id Chrome derives from the manifest key (first 16 bytes of its SHA-256, 0-f as a-p)', () => {
    const manifest = JSON.parse(readFileSync('extension/manifest.json', 'utf8')) as { key: string };
    const hex = createHash('sha256').update(Buffer.from(manifest.key, 'base64')).digest('hex').slice(0, 32);
    const id = [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
    expect(id).to.equal(OUR_EXTENSION_ID);
  });
});
