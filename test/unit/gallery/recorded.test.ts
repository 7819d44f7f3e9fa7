import { expect } from 'chai';
import { actOf, type ActSpan, type RecordedAction, unrecordedActs } from '../../gallery/recorded.js';

const acts: ActSpan[] = [
  { index: 0, kind: 'click', start: 1_000, end: 1_030 },
  { index: 1, kind: 'type', start: 1_032, end: 1_085 },
  { index: 2, kind: 'press', start: 1_088, end: 1_094 },
  { index: 3, kind: 'back', start: 1_100, end: 1_150 },
];
const action = (id: string, ts: number, type = 'click'): RecordedAction => ({ id, ts, by: 'human', type });

describe('gallery: matching recorded actions to the acts of a drive', function () {
  it('gives each action to the last act that had started by its time', function () {
    const map = actOf([action('a1', 1_020), action('a2', 1_085, 'fill'), action('a3', 1_090, 'press')], acts);
    expect([...map]).to.deep.equal([
      ['a1', 0],
      ['a2', 1],
      ['a3', 2],
    ]);
  });

  it('gives an action noted in the very millisecond an act started to that act, not the one before', function () {
    expect(actOf([action('a1', 1_088, 'press')], acts).get('a1')).to.equal(2);
  });

  it('leaves out navigations and submits, which are consequences, not acts on an element', function () {
    expect(actOf([action('a1', 1_040, 'submit'), action('a2', 1_120, 'navigate')], acts).size).to.equal(0);
  });

  it('leaves out an action from before the first act', function () {
    expect(actOf([action('a1', 999)], acts).has('a1')).to.equal(false);
  });

  it('lists the pointer acts nothing was recorded for', function () {
    expect(unrecordedActs(acts, actOf([action('a1', 1_040, 'fill')], acts))).to.deep.equal([0]);
  });

  it('does not ask typing, keys or Back for an action of their own (one fill may hold them)', function () {
    expect(unrecordedActs(acts, actOf([action('a1', 1_020)], acts))).to.deep.equal([]);
  });
});
