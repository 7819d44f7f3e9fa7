import { expect } from 'chai';
import { recordedValue } from '../../../extension/src/record/values.js';
import { MAX_VALUE, REDACTED_VALUE } from '../../../extension/src/shared/actions.js';
import { withPage } from './support/jsdom.js';

describe('extension recording: values that never leave the page', () => {
  let page: ReturnType<typeof withPage> | undefined;
  const element = (html: string) => {
    page = withPage(html);
    return page.document.querySelector('[data-x]') as Element;
  };
  afterEach(() => page?.close());

  it('keeps what a person typed in an ordinary field', () => {
    expect(recordedValue(element('<input data-x name="city">'), 'Lyon', true)).to.deep.equal({ value: 'Lyon' });
  });

  it(`cuts a value past ${MAX_VALUE} characters and says so`, () => {
    const long = 'x'.repeat(MAX_VALUE + 1);
    expect(recordedValue(element('<textarea data-x></textarea>'), long, true)).to.deep.equal({
      value: 'x'.repeat(MAX_VALUE),
      truncated: true,
    });
    expect(recordedValue(element('<textarea data-x></textarea>'), 'x'.repeat(MAX_VALUE), true)).to.deep.equal({
      value: 'x'.repeat(MAX_VALUE),
    });
  });

  it('redacts a password, naming the field by its label', () => {
    const input = element('<label>Your password <input data-x type="password" name="pw"></label>');
    expect(recordedValue(input, 'hunter2', true)).to.deep.equal({ value: REDACTED_VALUE, value_name: 'Your password' });
  });

  it('redacts card, one-time-code and new/current-password autocomplete fields, named by name or id', () => {
    for (const autocomplete of ['cc-number', 'billing cc-csc', 'one-time-code', 'current-password', 'new-password']) {
      const input = element(`<input data-x autocomplete="${autocomplete}" id="f">`);
      expect(recordedValue(input, '4242 4242 4242 4242', true), autocomplete).to.deep.equal({
        value: REDACTED_VALUE,
        value_name: 'f',
      });
      page?.close();
    }
    page = undefined;
  });

  it('redacts what a secret-named field holds, and an ambiguous name only when the value looks secret', () => {
    expect(recordedValue(element('<input data-x name="api_key">'), 'abc', true).value).to.equal(REDACTED_VALUE);
    page?.close();
    expect(recordedValue(element('<input data-x name="code">'), 'DISCOUNT10', true).value).to.equal('DISCOUNT10');
    page?.close();
    expect(recordedValue(element('<input data-x name="code">'), 'a8F3kQ9zL2mN7pR4', true).value).to.equal(REDACTED_VALUE);
  });

  it('redacts a value the redactor flags whatever the field (a token pasted into a search box)', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    expect(recordedValue(element('<input data-x placeholder="Search">'), jwt, true)).to.deep.equal({
      value: REDACTED_VALUE,
      value_name: 'Search',
    });
  });

  it('redacts a multiple select when one chosen value is secret, and keeps the list otherwise', () => {
    expect(recordedValue(element('<select data-x multiple name="tags"></select>'), ['a', 'b'], true)).to.deep.equal({
      values: ['a', 'b'],
    });
  });

  it('records no value at all while values are off', () => {
    expect(recordedValue(element('<input data-x>'), 'Lyon', false)).to.deep.equal({});
  });
});
