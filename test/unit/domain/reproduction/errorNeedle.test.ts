import { expect } from 'chai';
import { errorNeedle } from '../../../../src/domain/reproduction/errorNeedle.js';
import { ERROR_WORDS } from '../../../support/errorWords.js';

describe('errorNeedle: what a generated test looks for, in Playwright’s words', () => {
  for (const row of ERROR_WORDS) {
    it(
      row.needle === ''
        ? `looks for nothing of a ${row.kind}: Playwright says "${row.playwright.text}", which was not recorded`
        : `finds a ${row.kind} in what Playwright reports ("${row.playwright.text}")`,
      () => {
        const needle = errorNeedle(row.recorded);
        expect(needle).to.equal(row.needle);
        expect(row.playwright.text).to.include(needle);
      },
    );
  }

  it('leaves out what the redactor hid: Playwright sees the secret the page said', () => {
    const needle = errorNeedle({ source: 'exception', message: 'Uncaught Error: login failed for token [REDACTED] at step 2' });
    expect(needle).to.equal('login failed for token');
  });

  it('is one line of at most 120 characters, never half a surrogate pair', () => {
    const long = errorNeedle({ source: 'console', message: 'x', args: [`${'a'.repeat(119)}😀 and more`] });
    expect(long).to.equal('a'.repeat(119));
    expect(errorNeedle({ source: 'console', message: 'x', args: ['one\u2028two'] })).to.equal('one');
  });

  it('reads a console line the extension wrote as Chrome does (no arguments) up to its first logged object', () => {
    const needle = errorNeedle({
      source: 'console',
      message: "Access to fetch at 'http://api/x' from origin 'http://app' {blocked: true}",
    });
    expect(needle).to.equal("Access to fetch at 'http://api/x' from origin 'http://app'");
  });

  it('stops before an argument the capture wrote its own way (a node, a function)', () => {
    expect(errorNeedle({ source: 'console', message: 'x', args: ['bad node', '<div#app.main>', 'more'] })).to.equal('bad node');
    expect(errorNeedle({ source: 'console', message: 'x', args: ['[Function handler]', 'threw'] })).to.equal('');
  });

  it('says nothing of a cross-origin script’s error, which the page saw only as "Script error."', () => {
    expect(errorNeedle({ source: 'exception', message: 'Script error.' })).to.equal('');
  });
});
