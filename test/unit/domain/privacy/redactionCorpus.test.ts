import { expect } from 'chai';
import { DEPTH_MARK, RedactionTally, Redactor } from '../../../../src/domain/privacy/Redactor.js';
import { MUST_HIDE, MUST_KEEP, type Where } from '../../../support/redactionCorpus.js';

/** Runs the redactor the way the daemon does for each kind of field; the output as text. */
function redact(where: Where, input: unknown, tally: RedactionTally): string {
  const redactor = new Redactor();
  switch (where) {
    case 'text':
      return redactor.text(input as string, tally);
    case 'url':
      return redactor.url(input as string, tally);
    case 'body':
      return redactor.body(input as string, tally);
    case 'headers':
      return JSON.stringify(redactor.headers(input as Record<string, string>, tally));
    case 'json':
      return JSON.stringify(redactor.json(input, tally));
  }
}

const asText = (where: Where, input: unknown): string =>
  where === 'text' || where === 'url' || where === 'body' ? (input as string) : JSON.stringify(input);

describe('redaction corpus (docs/security.md: precise redaction)', () => {
  it('has at least 40 samples of each kind', () => {
    expect(MUST_HIDE.length).to.be.at.least(40);
    expect(MUST_KEEP.length).to.be.at.least(40);
  });

  describe('must hide', () => {
    for (const sample of MUST_HIDE) {
      it(`hides ${sample.name} (${sample.where})`, () => {
        const tally = new RedactionTally();
        const out = redact(sample.where, sample.input, tally);
        for (const secret of sample.secrets) expect(out, `output: ${out}`).not.to.contain(secret);
        for (const context of sample.context ?? []) expect(out, `output: ${out}`).to.contain(context);
        // A value nested past the depth limit is cut (marked), not redacted.
        if (!out.includes(DEPTH_MARK)) expect(tally.count).to.be.above(0);
      });
    }
  });

  describe('must keep', () => {
    for (const sample of MUST_KEEP) {
      it(`keeps ${sample.name} (${sample.where})`, () => {
        const tally = new RedactionTally();
        expect(redact(sample.where, sample.input, tally)).to.equal(asText(sample.where, sample.input));
        expect(tally.count).to.equal(0);
      });
    }
  });
});
