import { expect } from 'chai';
import fc from 'fast-check';
import { utf8Length, utf8Prefix } from '../../../../src/domain/text/utf8.js';

describe('utf8Length / utf8Prefix', () => {
  it('counts what Buffer counts, for any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => utf8Length(text) === Buffer.byteLength(text, 'utf8')));
  });

  it('cuts at most maxBytes without splitting a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(200), (text, max) => {
        const prefix = utf8Prefix(text, max);
        return (
          text.startsWith(prefix) &&
          utf8Length(prefix) <= max &&
          (prefix === text || utf8Length(text.slice(0, prefix.length + 2)) > max)
        );
      }),
    );
  });

  it('counts é as 2, € as 3 and 😀 as 4 bytes', () => {
    expect([utf8Length('é'), utf8Length('€'), utf8Length('😀')]).to.deep.equal([2, 3, 4]);
    expect(utf8Prefix('😀😀', 5)).to.equal('😀');
  });
});
