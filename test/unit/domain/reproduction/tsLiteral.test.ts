import { expect } from 'chai';
import fc from 'fast-check';
import { commentText, envName, tsString } from '../../../../src/domain/reproduction/tsLiteral.js';
import { shapeOf, syntaxErrors } from '../../../support/generatedCode.js';

describe('tsString / commentText / envName', () => {
  it('writes a literal whose value is exactly the text, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const code = `const value = ${tsString(text)};\n`;
        expect(syntaxErrors(code)).to.deep.equal([]);
        expect(shapeOf(code).strings).to.deep.equal([text]);
      }),
      { numRuns: 300 },
    );
  });

  it('escapes what ends a literal or a line, and lone surrogates', () => {
    expect(tsString(`it's \\ a\nb\r\u2028\u2029\${x}\`\ud800"`)).to.equal("'it\\'s \\\\ a\\nb\\r\\u2028\\u2029${x}`\\ud800\"'");
    expect(tsString('😀 é')).to.equal("'😀 é'");
  });

  it('quotes with double quotes a text that has single quotes only', () => {
    expect(tsString("reading 'id'")).to.equal(`"reading 'id'"`);
  });

  it('keeps a comment on its line, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const code = `// ${commentText(text)}\nconst after = 1;\n`;
        expect(syntaxErrors(code)).to.deep.equal([]);
        expect(shapeOf(code).topLevel).to.equal(1);
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a comment to its length with an ellipsis', () => {
    expect(commentText('a'.repeat(200), 10)).to.equal(`${'a'.repeat(9)}…`);
    expect(commentText('line\none', 10)).to.equal('line one');
  });

  it('names the environment variable of a redacted value in upper snake case', () => {
    expect(envName('Password')).to.equal('BROWSERTAP_PASSWORD');
    expect(envName('New password')).to.equal('BROWSERTAP_NEW_PASSWORD');
    expect(envName('cardNumber')).to.equal('BROWSERTAP_CARD_NUMBER');
    expect(envName('  ')).to.equal('BROWSERTAP_VALUE');
    expect(envName(undefined)).to.equal('BROWSERTAP_VALUE');
    expect(envName('mot de passe (encore) 🔑')).to.equal('BROWSERTAP_MOT_DE_PASSE_ENCORE');
  });

  it('gives a valid identifier for any field name', () => {
    fc.assert(
      fc.property(fc.string(), (name) => /^BROWSERTAP_[A-Z0-9]+(_[A-Z0-9]+)*$/.test(envName(name)) && envName(name).length <= 60),
    );
  });
});
