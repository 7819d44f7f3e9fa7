import { expect } from 'chai';
import { CryptoIdGenerator } from '../../../../../src/adapters/outbound/ids/CryptoIdGenerator.js';

describe('CryptoIdGenerator', () => {
  it('makes correlation ids corr-<unix ms>-<8 hex>', () => {
    expect(new CryptoIdGenerator().correlationId(1_738_012_345_678)).to.match(/^corr-1738012345678-[0-9a-f]{8}$/);
  });

  // 32 random bits: 100 draws in one millisecond collide with probability ~1e-6. Collisions
  // with a live id are retried by QueueCommand (tested there).
  it('draws distinct random suffixes within one millisecond', () => {
    const ids = new CryptoIdGenerator();
    const drawn = new Set(Array.from({ length: 100 }, () => ids.correlationId(5)));
    expect(drawn.size).to.equal(100);
  });

  it('keeps drawing distinct suffixes past its pool of random bytes (refilled, never reused)', () => {
    const ids = new CryptoIdGenerator();
    const suffixes = Array.from({ length: 600 }, () => ids.correlationId(5).slice(-8));
    expect(new Set(suffixes).size).to.equal(600);
  });

  it('counts query ids q-1, q-2, … per generator', () => {
    const ids = new CryptoIdGenerator();
    expect([ids.queryId(), ids.queryId(), ids.queryId()]).to.deep.equal(['q-1', 'q-2', 'q-3']);
  });
});
