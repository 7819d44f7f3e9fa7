import { expect } from 'chai';
import { DeferredPatternCompiler } from '../../../../../src/adapters/outbound/re2/DeferredPatternCompiler.js';
import { patterns } from '../../../../support/patterns.js';

describe('DeferredPatternCompiler (the pattern engine, loaded when first needed)', () => {
  it('refuses to compile before it is loaded, then compiles with the engine it loaded', async () => {
    let loads = 0;
    const deferred = new DeferredPatternCompiler(async () => {
      loads++;
      return patterns;
    });
    expect(() => deferred.compile('err(or)?')).to.throw(/used before it was loaded/);
    await Promise.all([deferred.load(), deferred.load()]);
    await deferred.load();
    expect(loads).to.equal(1);
    expect(deferred.compile('err(or)?').test('an error')).to.equal(true);
    expect(deferred.any(['a+b', 'x']).test('aaab')).to.equal(true);
  });

  it('tries a failed load again on the next call', async () => {
    let attempt = 0;
    const deferred = new DeferredPatternCompiler(async () => {
      if (++attempt === 1) throw new Error('disk went away');
      return patterns;
    });
    let failure: unknown;
    await deferred.load().catch((error: unknown) => (failure = error));
    expect((failure as Error).message).to.equal('disk went away');
    await deferred.load();
    expect(deferred.compile('ok').test('ok')).to.equal(true);
  });
});
