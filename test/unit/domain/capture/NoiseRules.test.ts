import { expect } from 'chai';
import { MAX_NOISE_RULES, NoiseRules } from '../../../../src/domain/capture/NoiseRules.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

describe('NoiseRules', () => {
  it('drops entries of its category whose url or message matches', () => {
    const rules = new NoiseRules([{ pattern: 'favicon', category: 'network' }]);
    expect(rules.drops('network', ['http://x/favicon.ico'])).to.equal(true);
    expect(rules.drops('logs', ['http://x/favicon.ico'])).to.equal(false);
    expect(rules.drops('network', ['http://x/app.js', undefined])).to.equal(false);
  });

  it('applies an all rule to every category', () => {
    const rules = new NoiseRules([{ pattern: '^chrome-extension:', category: 'all' }]);
    expect(rules.drops('logs', ['chrome-extension://abc/x.js'])).to.equal(true);
    expect(rules.drops('websocket', ['chrome-extension://abc/'])).to.equal(true);
  });

  it('adds a rule once, removes it, and says whether anything changed', () => {
    const rules = new NoiseRules();
    expect(rules.add({ pattern: 'a', category: 'logs' })).to.equal(true);
    expect(rules.add({ pattern: 'a', category: 'logs' })).to.equal(false);
    expect(rules.remove({ pattern: 'a', category: 'logs' })).to.equal(true);
    expect(rules.remove({ pattern: 'a', category: 'logs' })).to.equal(false);
    expect(rules.list()).to.deep.equal([]);
  });

  it('refuses unsafe patterns, unknown categories and a 51st rule', () => {
    const rules = new NoiseRules();
    expectDomainError(() => rules.add({ pattern: '(x+)+', category: 'all' }), 'unsafe_pattern');
    expectDomainError(() => rules.add({ pattern: 'x', category: 'files' as never }), 'invalid_params');
    for (let i = 0; i < MAX_NOISE_RULES; i++) rules.add({ pattern: `p${i}`, category: 'all' });
    expectDomainError(() => rules.add({ pattern: 'one more', category: 'all' }), 'too_many_rules');
  });
});
