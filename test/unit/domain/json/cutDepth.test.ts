import { expect } from 'chai';
import { cutDepth, DEPTH_MARK, MAX_DEPTH } from '../../../../src/domain/json/cutDepth.js';

/** `{d: {d: … leaf}}` with `levels` objects. */
function nested(levels: number, leaf: unknown = 'bottom'): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { d: value };
  return value;
}

describe('cutDepth (docs/security.md: nesting past 20 levels is cut and marked)', () => {
  it(`keeps ${MAX_DEPTH} levels of objects whole, saying nothing was cut`, () => {
    const value = nested(MAX_DEPTH);
    expect(cutDepth(value)).to.deep.equal({ value, cut: 0, paths: [] });
  });

  it(`replaces level ${MAX_DEPTH + 1} by "[depth]", counts it and names where`, () => {
    const out = cutDepth(nested(MAX_DEPTH + 1));
    expect(out.value).to.deep.equal(nested(MAX_DEPTH, DEPTH_MARK));
    expect(out.cut).to.equal(1);
    expect(out.paths).to.deep.equal([`/d`.repeat(MAX_DEPTH)]);
  });

  it('counts every cut value and lists the first three places as JSON Pointers', () => {
    const branch = nested(MAX_DEPTH);
    const out = cutDepth({ 'a/b': branch, '~x': branch, c: branch, e: branch });
    expect(out.cut).to.equal(4);
    expect(out.paths).to.have.length(3);
    expect(out.paths[0]).to.match(/^\/a~1b\/d/);
    expect(out.paths[1]).to.match(/^\/~0x\/d/);
  });

  it('cuts arrays as it cuts objects', () => {
    let value: unknown = 1;
    for (let i = 0; i < MAX_DEPTH + 3; i++) value = [value];
    expect(cutDepth(value).cut).to.equal(1);
  });

  it('counts a "[depth]" already standing at the bound as cut (the HTTP edge cut it first)', () => {
    expect(cutDepth(nested(MAX_DEPTH, DEPTH_MARK)).cut).to.equal(1);
    expect(cutDepth({ note: DEPTH_MARK }).cut).to.equal(0);
  });

  it('copes with nesting a hundred thousand levels deep (no stack overflow)', () => {
    expect(cutDepth(nested(100_000)).cut).to.equal(1);
  });

  it('keeps __proto__ keys as own data, at any level, without touching any prototype', () => {
    const value = JSON.parse('{"__proto__":{"polluted":true},"a":{"__proto__":5},"b":[{"__proto__":null}]}') as unknown;
    const out = cutDepth(value).value as Record<string, unknown>;
    expect(JSON.stringify(out)).to.equal(JSON.stringify(value));
    expect(Object.keys(out)).to.deep.equal(['__proto__', 'a', 'b']);
    expect(Object.getPrototypeOf(out)).to.equal(Object.prototype);
    expect((out as { polluted?: unknown }).polluted).to.equal(undefined);
    expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
  });
});
