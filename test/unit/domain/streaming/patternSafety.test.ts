import { expect } from 'chai';
import { assessPattern } from '../../../../src/domain/streaming/patternSafety.js';

describe('assessPattern (regex guard)', () => {
  const accepted = [
    '^https?://localhost:3000/api',
    '/api/v[0-9]+/',
    '\\.(png|jpg|svg)$',
    'analytics|tracking',
    '(?:foo)?bar',
    '^[a-z]+://[^/]+/assets/.*\\.js$',
    'a{2,5}b',
    '(ab)+c',
    '(?<host>localhost):(\\d{2,5})',
    '[(*+)]+',
    'x{1,100}',
  ];
  const refused: Array<[string, RegExp]> = [
    ['(a+)+$', /nested quantifiers/],
    ['(a*)*b', /nested quantifiers/],
    ['((ab)*)+', /nested quantifiers/],
    ['(x+x+)+y', /two unbounded quantifiers in a row/],
    ['(xy+)+z', /nested quantifiers/],
    ['(\\d+){2}', /nested quantifiers/],
    ['(a|aa)+', /repeated alternation/],
    ['(a|b)*c', /repeated alternation/],
    ['(.*)*', /nested quantifiers/],
    ['.*.*=.*', /two unbounded quantifiers in a row/],
    ['\\d+\\d*x', /two unbounded quantifiers in a row/],
    ['a.*b.*c.*d.*e', /more than 3 unbounded quantifiers/],
    ['(\\w)\\1', /backreferences/],
    ['(?<w>a)\\k<w>', /backreferences/],
    ['a{1,1000}', /repetition bound 1000 is over 100/],
    ['x'.repeat(101), /101 characters long; the limit is 100/],
  ];

  for (const pattern of accepted) {
    it(`accepts ${pattern}`, () => {
      expect(assessPattern(pattern)).to.equal(undefined);
    });
  }

  for (const [pattern, reason] of refused) {
    it(`refuses ${pattern.length > 40 ? `${pattern.slice(0, 20)}… (${pattern.length} chars)` : pattern} as unsafe`, () => {
      const problem = assessPattern(pattern);
      expect(problem?.code).to.equal('unsafe_pattern');
      expect(problem?.reason).to.match(reason);
    });
  }

  it('refuses invalid syntax as invalid_params with the engine’s message', () => {
    const problem = assessPattern('(unclosed');
    expect(problem?.code).to.equal('invalid_params');
    expect(problem?.reason).to.match(/^not a valid regular expression: /);
  });

  it('accepts exactly 100 characters', () => {
    expect(assessPattern('y'.repeat(100))).to.equal(undefined);
  });
});
