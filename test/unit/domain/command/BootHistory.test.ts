import { expect } from 'chai';
import { BootHistory } from '../../../../src/domain/command/BootHistory.js';

describe('BootHistory', () => {
  it('accepts the latest boot of an instance and refuses one it moved on from', () => {
    const boots = new BootHistory();
    expect(boots.accept('i', 'A')).to.equal(true);
    expect(boots.accept('i', 'A')).to.equal(true);
    expect(boots.accept('i', 'B')).to.equal(true);
    expect(boots.accept('i', 'A')).to.equal(false);
    expect(boots.accept('i', 'B')).to.equal(true);
    expect(boots.accept('other', 'A')).to.equal(true);
  });

  it('remembers at most 16 earlier boots per instance and 64 instances', () => {
    const boots = new BootHistory();
    for (let i = 0; i <= 17; i++) boots.accept('i', `b${i}`);
    expect(boots.accept('i', 'b0')).to.equal(true); // forgotten: the oldest of 17
    const many = new BootHistory();
    many.accept('first', 'A');
    many.accept('first', 'B');
    for (let i = 0; i < 64; i++) many.accept(`i${i}`, 'x');
    expect(many.accept('first', 'A')).to.equal(true); // the least recently polling instance was forgotten
  });
});
