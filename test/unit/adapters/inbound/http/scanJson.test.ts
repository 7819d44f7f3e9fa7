import { expect } from 'chai';
import fc from 'fast-check';
import { scanJson } from '../../../../../src/adapters/inbound/http/middleware/cutJsonDepth.js';

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('scanJson (the HTTP edge’s one pass over a body)', () => {
  it('leaves JSON no deeper than the limit exactly as it was', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        return scanJson(text, 8).text === text;
      }),
    );
  });

  it('cuts anything deeper to "[depth]", keeping valid JSON no deeper than the limit', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 10 }), fc.integer({ min: 1, max: 6 }), (value, limit) => {
        const cut = JSON.parse(scanJson(JSON.stringify(value), limit).text) as unknown;
        return depthOf(cut) <= limit;
      }),
    );
    expect(scanJson('{"a":[[["x",{"b":[1]}]]],"c":"[[[["}', 3).text).to.equal('{"a":[["[depth]"]],"c":"[[[["}');
  });

  it('counts the entries of {"entries":[…]}, strings with commas and brackets included', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 50 }), (entries) => {
        return scanJson(JSON.stringify({ entries }), 24).widest === entries.length;
      }),
    );
    expect(scanJson(`{"entries":[${'{},'.repeat(9_999)}{}]}`, 24).widest).to.equal(10_000);
  });

  it('scans a body nested a million levels deep without recursion', () => {
    const text = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    expect(scanJson(text, 24).text).to.equal(`${'['.repeat(24)}"[depth]"${']'.repeat(24)}`);
  });
});
