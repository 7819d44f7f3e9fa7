import { expect } from 'chai';
import { checkStoredData, checkStoreKey, MAX_STORED_BYTES } from '../../../../src/domain/state/storeRules.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

describe('store rules', () => {
  for (const key of ['a', 'notes.v2', 'A_b-c.9', 'x'.repeat(128)]) {
    it(`accepts the key ${key.length > 20 ? `${key.length} chars` : key}`, () => expect(() => checkStoreKey(key)).not.to.throw());
  }
  for (const key of ['', '.', '..', '../x', 'a/b', 'a\\b', '.hidden', '-dash', 'sp ace', 'x'.repeat(129), 'nul\u0000']) {
    it(`refuses the key ${JSON.stringify(key).slice(0, 20)}`, () =>
      expectDomainError(() => checkStoreKey(key), 'invalid_params'));
  }

  it('accepts JSON up to 256 KB of UTF-8 and refuses more as value_too_large (naming the limit), or nothing', () => {
    expect(checkStoredData('a'.repeat(MAX_STORED_BYTES - 2))).to.have.length(MAX_STORED_BYTES);
    const tooLarge = expectDomainError(() => checkStoredData('a'.repeat(MAX_STORED_BYTES - 1)), 'value_too_large');
    expect(tooLarge.message).to.contain(String(MAX_STORED_BYTES));
    expectDomainError(() => checkStoredData('é'.repeat(MAX_STORED_BYTES / 2)), 'value_too_large');
    expectDomainError(() => checkStoredData(undefined), 'invalid_params');
  });
});
