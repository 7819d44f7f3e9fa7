import { expect } from 'chai';
import { Re2PatternCompiler } from '../../../../../src/adapters/outbound/re2/Re2PatternCompiler.js';
import { expectDomainError } from '../../../../support/expectDomainError.js';

/**
 * Milliseconds 1 MB may take before the test calls it super-linear: each pattern below takes
 * tens of milliseconds here and took seconds per 2 KB on the backtracking guard, so this bound
 * catches that, never a slow machine (how fast matching really is: docs/benchmarks.md).
 */
const LINEAR_MS = 2_000;

/** 1 MB of `text`, fed to a pattern in 2 KB pieces as noise rules and stream filters see it. */
function timeOver(test: (text: string) => boolean, unit: string): number {
  const piece = unit.repeat(Math.ceil(2_048 / unit.length)).slice(0, 2_048);
  const started = performance.now();
  for (let i = 0; i < 512; i++) test(piece);
  return performance.now() - started;
}

describe('Re2PatternCompiler (agent patterns on a linear-time engine)', () => {
  const compiler = new Re2PatternCompiler();

  describe('the shapes that stalled the backtracking guard', () => {
    const hostile: ReadonlyArray<[pattern: string, unit: string]> = [
      ['a+a?a+!', 'a'],
      ['a+a?a+!', `${'a'.repeat(255)}!`],
      ['\\d+.\\d+.\\d+$', '1'],
      ['\\d+.\\d+.\\d+$', '1.1.1.1a'],
      ['(a+)+$', `${'a'.repeat(64)}!`],
      ['(x+x+)+y', 'x'],
      ['(.*a){20}c', 'a'],
    ];
    for (const [pattern, unit] of hostile) {
      it(`runs ${pattern} over 1 MB of ${JSON.stringify(unit.slice(0, 12))}… in linear time`, () => {
        const compiled = compiler.compile(pattern);
        const elapsed = timeOver((t) => compiled.test(t), unit);
        expect(elapsed, `${elapsed.toFixed(0)} ms`).to.be.below(LINEAR_MS);
      });
    }

    it('refuses a{1,100}×4! as too large a program, or runs it in linear time', () => {
      let compiled;
      try {
        compiled = compiler.compile('a{1,100}a{1,100}a{1,100}a{1,100}!');
      } catch (error) {
        expect((error as { code?: string }).code).to.equal('unsafe_pattern');
        return;
      }
      expect(timeOver((t) => compiled.test(t), `${'a'.repeat(255)}!`)).to.be.below(LINEAR_MS);
    });
  });

  describe('what a linear-time engine cannot run', () => {
    for (const pattern of ['(?<=a+)b', '(?<!x)y', 'x(?=y)', 'x(?!y)', '(a)\\1', '(?<n>a)\\k<n>']) {
      it(`refuses ${pattern} as unsafe_pattern`, () => {
        expect(expectDomainError(() => compiler.compile(pattern), 'unsafe_pattern').message).to.contain('backtracking');
      });
    }
  });

  describe('patterns whose automaton keeps growing', () => {
    // Each costs 35×–180× a plain scan, also under coverage instrumentation, which roughly halves
    // the ratio ([ab]*a[ab]{20}c measured 50–62× plain but 18–33× under c8: too close to 20×).
    for (const pattern of ['a[abc]{40}$', '[a-c]*a[a-c]{25}$', '[ab]*a[ab]{24}c']) {
      it(`refuses ${pattern} after probing it on its own characters`, () => {
        expect(expectDomainError(() => compiler.compile(pattern), 'unsafe_pattern').message).to.contain('too costly');
      });
    }
  });

  describe('a process that stalls while a pattern is probed', () => {
    /** A clock that jumps `stallMs` ahead at the given readings (counted from 1): the process was paused there. */
    function stallingClock(stalledReadings: readonly number[], stallMs: number): () => number {
      let count = 0;
      let extra = 0;
      return () => {
        if (stalledReadings.includes(++count)) extra += stallMs;
        return performance.now() + extra;
      };
    }

    it('accepts a plain pattern when stalls slow every timed run of its first measurement (it is measured again)', () => {
      // Readings come in fours per text: pattern start, end, baseline start, end. Stalling
      // readings 2, 6 and 10 slows the pattern on all three texts of the first measurement.
      const stalled = new Re2PatternCompiler(stallingClock([2, 6, 10], 40));
      expect(stalled.compile('favicon|analytics').test('/favicon.ico')).to.equal(true);
      const union = new Re2PatternCompiler(stallingClock([2, 6, 10], 40));
      expect(union.any(['favicon', '(?i)^\\[hmr\\]']).test('[HMR] ok')).to.equal(true);
    });

    it('still refuses a growing automaton when the clock is steady', () => {
      const steady = new Re2PatternCompiler(stallingClock([], 0));
      expectDomainError(() => steady.compile('[a-c]*a[a-c]{25}$'), 'unsafe_pattern');
    });
  });

  it('refuses bad syntax as invalid_params and over-long patterns as unsafe_pattern', () => {
    expectDomainError(() => compiler.compile('(unclosed'), 'invalid_params');
    expectDomainError(() => compiler.compile('a{1001}'), 'invalid_params');
    expectDomainError(() => compiler.compile('x'.repeat(101)), 'unsafe_pattern');
  });

  it('accepts everyday patterns, RE2 flags included', () => {
    for (const pattern of [
      'favicon\\.ico',
      '^https?://localhost:\\d+/api/',
      '(?i)analytics|tracking',
      '\\[HMR\\]',
      '[0-9a-f]{32}',
    ]) {
      compiler.compile(pattern);
    }
    expect(compiler.compile('(?i)^\\[hmr\\]').test('[HMR] connected')).to.equal(true);
  });

  it('combines patterns into one that matches when any does', () => {
    const any = compiler.any(['favicon', '(?i)^\\[hmr\\]', 'x$']);
    expect(['/favicon.ico', '[hmr] ok', 'box'].map((t) => any.test(t))).to.deep.equal([true, true, true]);
    expect(any.test('nothing here')).to.equal(false);
  });
});
