import { expect } from 'chai';
import { MAX_NOISE_RULES, NoiseRules } from '../../../../src/domain/capture/NoiseRules.js';
import { DomainError } from '../../../../src/domain/DomainError.js';
import type { PatternCompiler } from '../../../../src/domain/text/TextPattern.js';
import { expectDomainError } from '../../../support/expectDomainError.js';
import { patterns } from '../../../support/patterns.js';

describe('NoiseRules', () => {
  it('drops entries of its category whose url or message matches', () => {
    const rules = new NoiseRules(patterns, [{ pattern: 'favicon', category: 'network' }]);
    expect(rules.drops('network', ['http://x/favicon.ico'])).to.equal(true);
    expect(rules.drops('logs', ['http://x/favicon.ico'])).to.equal(false);
    expect(rules.drops('network', ['http://x/app.js', undefined])).to.equal(false);
  });

  it('applies an all rule to every category', () => {
    const rules = new NoiseRules(patterns, [{ pattern: '^chrome-extension:', category: 'all' }]);
    expect(rules.drops('logs', ['chrome-extension://abc/x.js'])).to.equal(true);
    expect(rules.drops('websocket', ['chrome-extension://abc/'])).to.equal(true);
  });

  it('matches any of several rules, each with its own flags', () => {
    const rules = new NoiseRules(patterns, [
      { pattern: '(?i)^\\[hmr\\]', category: 'logs' },
      { pattern: 'Download the React DevTools', category: 'logs' },
    ]);
    expect(rules.drops('logs', ['[HMR] connected'])).to.equal(true);
    expect(rules.drops('logs', ['Download the React DevTools for a better experience'])).to.equal(true);
    expect(rules.drops('logs', ['download the react devtools'])).to.equal(false);
  });

  it('reads only the first 2 048 characters of a text', () => {
    const rules = new NoiseRules(patterns, [{ pattern: 'needle', category: 'logs' }]);
    expect(rules.drops('logs', [`${'x'.repeat(2_042)}needle`])).to.equal(true);
    expect(rules.drops('logs', [`${'x'.repeat(2_043)}needle`])).to.equal(false);
  });

  it('adds a rule once, removes it, and says whether anything changed', () => {
    const rules = new NoiseRules(patterns);
    expect(rules.add({ pattern: 'a', category: 'logs' })).to.equal(true);
    expect(rules.add({ pattern: 'a', category: 'logs' })).to.equal(false);
    expect(rules.has('logs')).to.equal(true);
    expect(rules.remove({ pattern: 'a', category: 'logs' })).to.equal(true);
    expect(rules.remove({ pattern: 'a', category: 'logs' })).to.equal(false);
    expect(rules.list()).to.deep.equal([]);
    expect(rules.has('logs')).to.equal(false);
  });

  it('refuses what the linear-time engine cannot run, unknown categories and a 51st rule; nothing changes', () => {
    const rules = new NoiseRules(patterns);
    expectDomainError(() => rules.add({ pattern: 'x(?=y)', category: 'all' }), 'unsafe_pattern');
    expectDomainError(() => rules.add({ pattern: '(a)\\1', category: 'all' }), 'unsafe_pattern');
    expectDomainError(() => rules.add({ pattern: 'a[abc]{40}$', category: 'all' }), 'unsafe_pattern');
    expectDomainError(() => rules.add({ pattern: 'z'.repeat(101), category: 'all' }), 'unsafe_pattern');
    expectDomainError(() => rules.add({ pattern: '[', category: 'all' }), 'invalid_params');
    expectDomainError(() => rules.add({ pattern: 'x', category: 'files' as never }), 'invalid_params');
    expect(rules.list()).to.deep.equal([]);
    for (let i = 0; i < MAX_NOISE_RULES; i++) rules.add({ pattern: `p${i}`, category: 'all' });
    expectDomainError(() => rules.add({ pattern: 'one more', category: 'all' }), 'too_many_rules');
    expect(rules.list()).to.have.length(MAX_NOISE_RULES);
  });

  it('restores saved rules, skipping and reporting the ones refused, and combines the rest once', () => {
    const rules = new NoiseRules(patterns);
    const skipped = rules.restore([
      { pattern: 'favicon', category: 'network' },
      { pattern: '(?<=a+)b', category: 'logs' },
      { pattern: 'x', category: 'files' as never },
      { pattern: '(?i)^\\[hmr\\]', category: 'logs' },
    ]);
    expect(skipped.map(({ rule, error }) => [rule.pattern, error.code])).to.deep.equal([
      ['(?<=a+)b', 'unsafe_pattern'],
      ['x', 'invalid_params'],
    ]);
    expect(rules.list().map((r) => r.pattern)).to.deep.equal(['favicon', '(?i)^\\[hmr\\]']);
    expect(rules.drops('logs', ['[HMR] ready'])).to.equal(true);
    expect(rules.drops('network', ['/favicon.ico'])).to.equal(true);
  });

  it('finds the rule that makes the combination too costly, adding them one at a time', () => {
    // A stand-in engine whose combined pattern of three or more rules is "too costly".
    const picky: PatternCompiler = {
      compile: (source) => patterns.compile(source),
      any: (sources) => {
        if (sources.length > 2) throw new DomainError('unsafe_pattern', 'together too costly');
        return patterns.any(sources);
      },
    };
    const rules = new NoiseRules(picky);
    const skipped = rules.restore(['a', 'b', 'c'].map((pattern) => ({ pattern, category: 'logs' as const })));
    expect(skipped.map(({ rule }) => rule.pattern)).to.deep.equal(['c']);
    expect(rules.list().map((r) => r.pattern)).to.deep.equal(['a', 'b']);
  });
});
