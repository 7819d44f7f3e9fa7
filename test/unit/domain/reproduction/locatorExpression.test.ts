import { expect } from 'chai';
import fc from 'fast-check';
import { locatorCode, MAX_LOCATOR_CHARS, parseLocator } from '../../../../src/domain/reproduction/locatorExpression.js';
import { lengthOnly } from '../../../support/lengthOnly.js';
import { shapeOf, syntaxErrors } from '../../../support/generatedCode.js';

describe('parseLocator / locatorCode', () => {
  const same = (expression: string) => locatorCode('page', parseLocator(expression) ?? []);

  it('reads and writes again every form the recorder produces', () => {
    for (const expression of [
      "getByTestId('save')",
      "getByRole('button', { name: 'Save', exact: true })",
      "getByLabel('Email', { exact: true })",
      "getByPlaceholder('Search', { exact: true })",
      "getByText('Read more', { exact: true })",
      "locator('form > button.primary')",
      "getByRole('listitem').nth(2)",
      "getByRole('heading', { name: 'Pets', exact: true, level: 2 })",
    ]) {
      expect(same(expression)).to.equal(`page.${expression}`);
    }
  });

  it('reads double quotes and JavaScript escapes, and writes single quotes', () => {
    expect(same(`getByText("it's \\"here\\" \\u00e9\\u{1F600}\\n", {exact:true})`)).to.equal(
      "page.getByText('it\\'s \"here\" é😀\\n', { exact: true })",
    );
  });

  it('refuses what is not a locator: other calls, code, unknown options, bad strings', () => {
    for (const expression of [
      "getByRole('button'), require('child_process').exec('rm -rf ~'), page.getByText('x')",
      "evaluate('1')",
      "getByRole('button', { name: foo })",
      "getByRole('button', { name: 'a', onClick: 'x' })",
      "getByLabel('a', { name: 'b' })",
      "getByText('a' + 'b')",
      'getByText(`a`)',
      "getByText('a)",
      "getByText('\\1')",
      "getByRole('button').nth(-1)",
      "getByRole('button')//",
      '',
      `getByText('${'a'.repeat(2_100)}')`,
    ]) {
      expect(parseLocator(expression), expression).to.equal(undefined);
    }
  });

  it('writes back any name so that it parses to the same value and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ maxLength: 30 }), (name, role) => {
        const code = locatorCode('page', [
          { method: 'getByRole', args: [role, { name, exact: true }] },
          { method: 'nth', args: [1] },
        ]);
        expect(syntaxErrors(`${code};`)).to.deep.equal([]);
        expect(shapeOf(`${code};`).strings).to.deep.equal([role, name]);
        expect(parseLocator(code)).to.deep.equal([
          { method: 'getByRole', args: [role, { name, exact: true }] },
          { method: 'nth', args: [1] },
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it('reads any input without throwing', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => parseLocator(text) === undefined || true));
    expect(parseLocator(`getByRole('button', { name: '${'\\'.repeat(1_998)}`)).to.equal(undefined);
    expect(parseLocator(`${'getByText("a").'.repeat(130)}first()`)).to.equal(undefined);
  });

  it('refuses an expression past its length bound by its length alone, so no input costs more than reading that many characters', () => {
    expect(parseLocator(lengthOnly(MAX_LOCATOR_CHARS + 1))).to.equal(undefined);
    expect(parseLocator(lengthOnly(1_000_000))).to.equal(undefined);
  });
});
