import { expect } from 'chai';
import { brief, cut, describe as describeElement } from '../../../extension/src/inject/describe.js';
import { type ActionPage, actionPage } from './support/actionPage.js';

describe('describe: how an answer and a message name an element', () => {
  let page: ActionPage;
  afterEach(() => page.close());

  it('names an element briefly by tag, id and name', () => {
    page = actionPage('<input id="q" name="query"><select name="plan"></select><div></div>');
    expect(['#q', 'select', 'div'].map((selector) => brief(page.$(selector)))).to.deep.equal([
      '<input#q name="query">',
      '<select name="plan">',
      '<div>',
    ]);
  });

  it('describes an element with its text, attributes and box, each cut to 200 characters', () => {
    page = actionPage(`<a id="l" href="/x" title="${'t'.repeat(300)}" data-box="1.4 2.6 30 10">  Go   home </a>`);
    const described = describeElement(page.$('#l'));
    expect(described).to.deep.include({
      tag: 'a',
      id: 'l',
      text: 'Go home',
      box: { x: 1, y: 3, width: 30, height: 10 },
      visible: true,
    });
    expect((described.attributes as Record<string, string>).title).to.have.length(201);
    expect(cut('abc', 2)).to.equal('ab…');
  });
});
