import { expect } from 'chai';
import { decodeCursor, encodeCursor } from '../../../../src/application/capture/cursor.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

describe('cursors', () => {
  it('round-trips a sequence number of this run', () => {
    expect(decodeCursor('abc123', encodeCursor('abc123', 42))).to.equal(42);
  });

  it('accepts a bare sequence number, as a number or a string', () => {
    expect(decodeCursor('r', 7)).to.equal(7);
    expect(decodeCursor('r', '7')).to.equal(7);
  });

  it('maps a cursor of another run past the end, so the buffer reports a restart', () => {
    expect(decodeCursor('now', encodeCursor('before', 3))).to.equal(Number.MAX_SAFE_INTEGER);
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'abc', '-1', 'a.b.1', '../1', 'x'.repeat(100), '1e5'])
      expectDomainError(() => decodeCursor('r', bad), 'invalid_params');
  });
});
