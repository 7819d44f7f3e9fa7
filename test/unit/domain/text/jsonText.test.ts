import { expect } from 'chai';
import fc from 'fast-check';
import { jsonStringBytes, jsonStringPrefix } from '../../../../src/domain/text/jsonText.js';

/** Any UTF-16 text: lone surrogates, control characters and quotes included. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 60 });
const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text), 'utf8') - 2;

describe('jsonText', () => {
  it('counts what JSON.stringify writes for any text, as UTF-8, without the quotes', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(jsonStringBytes(text)).to.equal(jsonBytes(text));
      }),
    );
  });

  it('counts a quote and a backslash as 2 bytes, a control character as 6, a line separator as 3', () => {
    expect(jsonStringBytes('"\\')).to.equal(4);
    expect(jsonStringBytes('\u0001\n')).to.equal(8);
    expect(jsonStringBytes('\u2028')).to.equal(3);
    expect(jsonStringBytes('😀\ud800')).to.equal(10);
  });

  it('keeps the longest prefix whose JSON fits, never half a surrogate pair', () => {
    fc.assert(
      fc.property(anyText, fc.nat(400), (text, max) => {
        const prefix = jsonStringPrefix(text, max);
        expect(text.startsWith(prefix)).to.equal(true);
        expect(jsonBytes(prefix)).to.be.at.most(max);
        if (prefix !== text) {
          const next = /[\ud800-\udbff][\udc00-\udfff]/.test(text.slice(prefix.length, prefix.length + 2)) ? 2 : 1;
          expect(jsonBytes(text.slice(0, prefix.length + next))).to.be.above(max);
        }
      }),
    );
  });

  it('cuts at the bound: a text that fits exactly is whole, one byte less cuts its last character', () => {
    const text = `a"b${'\u0001'}`;
    expect(jsonStringPrefix(text, 10)).to.equal(text);
    expect(jsonStringPrefix(text, 9)).to.equal('a"b');
  });
});
