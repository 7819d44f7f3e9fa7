import { expect } from 'chai';
import { StoreValue } from '../../../../src/application/state/StoreValue.js';
import { DEPTH_MARK, MAX_DEPTH } from '../../../../src/domain/json/cutDepth.js';
import { InMemoryKeyValueStore } from '../../../support/InMemoryKeyValueStore.js';

function nested(levels: number, leaf: unknown = 'bottom'): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { d: value };
  return value;
}

describe('StoreValue (configure store)', () => {
  it('answers {stored, key, bytes} and nothing more for a value within the bounds', async () => {
    const store = new InMemoryKeyValueStore();
    const answer = await new StoreValue(store).execute({ key: 'k', data: nested(MAX_DEPTH) });
    expect(answer).to.deep.equal({ stored: true, key: 'k', bytes: store.values.get('k')?.length });
  });

  it(`says what it cut when the value nests deeper than ${MAX_DEPTH} levels`, async () => {
    const store = new InMemoryKeyValueStore();
    const answer = await new StoreValue(store).execute({ key: 'deep', data: { a: nested(MAX_DEPTH + 5), b: 1 } });
    expect(answer).to.include({ stored: true, truncated: true, cut: 1 });
    expect(answer.cut_at).to.deep.equal([`/a${'/d'.repeat(MAX_DEPTH - 1)}`]);
    expect(answer.message).to.contain(`nested deeper than ${MAX_DEPTH} levels`).and.contain(DEPTH_MARK);
    expect(JSON.parse(store.values.get('deep') as string)).to.deep.equal({ a: nested(MAX_DEPTH - 1, DEPTH_MARK), b: 1 });
    expect(answer.bytes).to.equal((store.values.get('deep') as string).length);
  });

  it('stores __proto__ keys as plain data', async () => {
    const store = new InMemoryKeyValueStore();
    const data = JSON.parse('{"__proto__":{"admin":true},"x":{"__proto__":1}}') as unknown;
    await new StoreValue(store).execute({ key: 'proto', data });
    expect(store.values.get('proto')).to.equal('{"__proto__":{"admin":true},"x":{"__proto__":1}}');
    expect(({} as { admin?: unknown }).admin).to.equal(undefined);
  });
});
