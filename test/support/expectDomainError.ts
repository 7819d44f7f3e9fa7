import { expect } from 'chai';
import { DomainError } from '../../src/domain/DomainError.js';

/** Runs `fn`, expects a `DomainError` with `code`, and returns it for further checks. */
export function expectDomainError(fn: () => unknown, code: string): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    expect((error as DomainError).code).to.equal(code);
    return error as DomainError;
  }
  expect.fail(`expected DomainError '${code}', but nothing was thrown`);
}
