import { expect } from 'chai';
import { DeadlineQueue } from '../../../../src/domain/command/DeadlineQueue.js';

describe('DeadlineQueue', () => {
  it('reports the earliest deadline and pops only what is due', () => {
    const q = new DeadlineQueue();
    q.set('b', 200);
    q.set('a', 100);
    expect(q.next()).to.equal(100);
    expect(q.popDue(99)).to.equal(undefined);
    expect(q.popDue(100)).to.equal('a');
    expect(q.next()).to.equal(200);
  });

  it('pops equal deadlines in the order they were set', () => {
    const q = new DeadlineQueue();
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) q.set(key, 50);
    const popped = [];
    for (let key = q.popDue(50); key !== undefined; key = q.popDue(50)) popped.push(key);
    expect(popped).to.deep.equal(['k1', 'k2', 'k3', 'k4', 'k5']);
  });

  it('uses the latest deadline set for a key and forgets deleted keys', () => {
    const q = new DeadlineQueue();
    q.set('a', 100);
    q.set('a', 300);
    q.set('b', 200);
    q.delete('b');
    expect(q.next()).to.equal(300);
    expect(q.popDue(299)).to.equal(undefined);
    expect(q.popDue(300)).to.equal('a');
    expect(q.size).to.equal(0);
    expect(q.next()).to.equal(undefined);
  });

  it('stays correct and compact under many re-sets (stale slots are rebuilt away)', () => {
    const q = new DeadlineQueue();
    for (let round = 0; round < 50; round++) {
      for (let key = 0; key < 20; key++) q.set(`k${key}`, 1_000 + round * 10 + key);
    }
    expect(q.size).to.equal(20);
    const popped: string[] = [];
    for (let key = q.popDue(Infinity); key !== undefined; key = q.popDue(Infinity)) popped.push(key);
    expect(popped).to.deep.equal(Array.from({ length: 20 }, (_, k) => `k${k}`));
  });

  it('agrees with a sorted list on random input', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const q = new DeadlineQueue();
    const model = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) {
      const key = `k${Math.floor(rand() * 60)}`;
      if (rand() < 0.2) {
        q.delete(key);
        model.delete(key);
      } else {
        const at = Math.floor(rand() * 10_000);
        q.set(key, at);
        model.set(key, at);
      }
      const expected = model.size === 0 ? undefined : Math.min(...model.values());
      expect(q.next()).to.equal(expected);
    }
  });
});
