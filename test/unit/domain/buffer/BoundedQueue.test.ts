import { expect } from 'chai';
import { BoundedQueue } from '../../../../src/domain/buffer/BoundedQueue.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

describe('BoundedQueue', () => {
  it('is first in, first out', () => {
    const q = new BoundedQueue<number>(3);
    q.push(1);
    q.push(2);
    expect([q.shift(), q.shift(), q.shift()]).to.deep.equal([1, 2, undefined]);
  });

  it('evicts and returns the oldest item past capacity, across wrap-around', () => {
    const q = new BoundedQueue<number>(2);
    expect([q.push(1), q.push(2), q.push(3), q.push(4)]).to.deep.equal([undefined, undefined, 1, 2]);
    expect(q.size).to.equal(2);
    expect([q.shift(), q.push(5), q.shift(), q.shift()]).to.deep.equal([3, undefined, 4, 5]);
  });

  it('clears and refuses a bad capacity', () => {
    const q = new BoundedQueue<string>(1);
    q.push('a');
    q.clear();
    expect(q.size).to.equal(0);
    expectDomainError(() => new BoundedQueue(0), 'invalid_params');
  });
});
