import { expect } from 'chai';
import { describeTarget } from '../../../extension/src/record/locators.js';
import { cssString, jsString } from '../../../extension/src/record/quote.js';
import { withPage } from './support/jsdom.js';

/** Evaluates a locator expression against a stand-in page that records the calls, as a test file would run it. */
function calls(locator: string): unknown[][] {
  const made: unknown[][] = [];
  const chain: Record<string, unknown> = {};
  for (const method of ['getByTestId', 'getByRole', 'getByLabel', 'getByPlaceholder', 'getByText', 'locator', 'nth']) {
    chain[method] = (...args: unknown[]) => (made.push([method, ...args]), chain);
  }
  new Function('page', `return page.${locator};`)(chain);
  return made;
}

describe('extension recording: locators a test would write', () => {
  let page: ReturnType<typeof withPage> | undefined;
  const open = (html: string) => {
    page = withPage(html);
    return page.document;
  };
  afterEach(() => page?.close());

  it('names an element by its data-testid first', () => {
    const doc = open('<button data-testid="save">Save</button><button>Save</button>');
    const described = describeTarget(doc.querySelector('[data-testid]') as Element);
    expect(described).to.include({
      locator: "getByTestId('save')",
      selector: '[data-testid="save"]',
      role: 'button',
      name: 'Save',
    });
  });

  it('names data-test and data-cy ids with CSS, which matches them without a test id setting', () => {
    const doc = open('<a href="/x" data-cy="nav-home">Home</a>');
    expect(describeTarget(doc.querySelector('a') as Element)).to.include({
      locator: `locator('[data-cy="nav-home"]')`,
      selector: '[data-cy="nav-home"]',
    });
  });

  it('names a control by role and exact accessible name, with a role= target', () => {
    const doc = open('<button>Cancel</button><button><span>Save</span> now</button>');
    const described = describeTarget(doc.querySelectorAll('button')[1] as Element);
    expect(described).to.include({
      locator: "getByRole('button', { name: 'Save now', exact: true })",
      selector: 'role=button[name="Save now"]',
      role: 'button',
      name: 'Save now',
    });
    expect(described).not.to.have.property('nth');
  });

  it('adds .nth(i) and nth when nothing names the element alone', () => {
    const doc = open('<ul><li><button>Delete</button></li><li><button>Delete</button></li><li><button>Delete</button></li></ul>');
    const described = describeTarget(doc.querySelectorAll('button')[1] as Element);
    expect(described.locator).to.equal("getByRole('button', { name: 'Delete', exact: true }).nth(1)");
    expect(described).to.include({ selector: 'role=button[name="Delete"]', nth: 1 });
  });

  it('skips a role locator when an element hidden from the accessibility tree is the only other match, as getByRole does', () => {
    const doc = open('<div style="display:none"><button>Go</button></div><button>Go</button>');
    expect(describeTarget(doc.querySelectorAll('button')[1] as Element).locator).to.equal(
      "getByRole('button', { name: 'Go', exact: true })",
    );
  });

  it('takes the first locator with .nth(i) when role, name and label all match several', () => {
    const doc = open(
      '<label for="a">Email</label><input id="a" aria-describedby="x"><input aria-labelledby="lbl"><span id="lbl">Email</span>',
    );
    // Both textboxes are named "Email"; getByLabel matches by label text the same way, so both again: nth.
    const described = describeTarget(doc.querySelector('#a') as Element);
    expect(described.locator).to.equal("getByRole('textbox', { name: 'Email', exact: true }).nth(0)");
  });

  it('names a field by its placeholder when role and label do not single it out', () => {
    const doc = open('<textarea placeholder="Notes"></textarea><textarea aria-label="Notes"></textarea>');
    expect(describeTarget(doc.querySelector('textarea') as Element).locator).to.equal(
      "getByPlaceholder('Notes', { exact: true })",
    );
  });

  it('names a field by its label when its role has no locator (a colour picker)', () => {
    const doc = open('<label>Tint <input type="color"></label>');
    expect(describeTarget(doc.querySelector('input') as Element).locator).to.equal("getByLabel('Tint', { exact: true })");
  });

  it('names an element without a role by its exact text, innermost only', () => {
    const doc = open('<div class="card"><div class="more">Read more</div></div><p>Read more about it</p>');
    const described = describeTarget(doc.querySelector('.more') as Element);
    expect(described.locator).to.equal("getByText('Read more', { exact: true })");
    expect(described.selector).to.equal('text="Read more"');
  });

  it('falls back to a unique CSS path, preferring a stable id', () => {
    let doc = open('<main id="app"><span></span></main><span></span>');
    expect(describeTarget(doc.querySelector('span') as Element)).to.include({
      locator: "locator('#app > span')",
      selector: '#app > span',
    });
    page?.close();
    doc = open('<div><span></span></div><div><span></span></div>');
    const described = describeTarget(doc.querySelectorAll('span')[1] as Element);
    expect(described.locator).to.equal("locator('div:nth-child(2) > span')");
    expect(doc.querySelectorAll('div:nth-child(2) > span')).to.have.length(1);
  });

  it('does not build CSS from ids a framework generated', () => {
    const doc = open('<div><i id=":r3:"></i></div><div><i></i></div>');
    expect(describeTarget(doc.querySelector('i') as Element).locator).to.equal("locator('div:nth-child(1) > i')");
  });

  it('writes names with quotes, backslashes and line breaks as JavaScript that reads back the same', () => {
    const name = `It's a \\ "test"`;
    const doc = open(`<button></button>`);
    const button = doc.querySelector('button') as Element;
    button.setAttribute('aria-label', name);
    const described = describeTarget(button);
    expect(calls(described.locator as string)).to.deep.equal([['getByRole', 'button', { name, exact: true }]]);
    const testId = `a'b\\c\nd`;
    button.setAttribute('data-testid', testId);
    expect(calls(describeTarget(button).locator as string)).to.deep.equal([['getByTestId', testId]]);
    expect(describeTarget(button).selector).to.equal(`[data-testid=${cssString(testId)}]`);
    expect(doc.querySelectorAll(`[data-testid=${cssString(testId)}]`)).to.have.length(1);
  });

  it('quotes strings for JavaScript and CSS', () => {
    expect(jsString(`it's`)).to.equal(`'it\\'s'`);
    expect(jsString('a\nb\\c"d')).to.equal(`'a\\nb\\\\c"d'`);
    expect(cssString('a"b\\c\nd')).to.equal('"a\\"b\\\\c\\a d"');
  });

  it('names the page itself for a key pressed with nothing focused', () => {
    const doc = open('<p>x</p>');
    expect(describeTarget(doc.body)).to.deep.equal({ locator: "locator('body')", selector: 'body' });
  });

  describe('what a person types is never a name', () => {
    const PHRASE = 'vault phrase amber-otter-42';

    it('names a contenteditable by CSS, never by the text typed into it', () => {
      const doc = open(`<p>Pass phrase</p><div id="passphrase" contenteditable="true">${PHRASE}</div>`);
      const described = describeTarget(doc.getElementById('passphrase') as Element);
      expect(described).to.deep.equal({ locator: "locator('#passphrase')", selector: '#passphrase' });
    });

    it('names an element inside editable content (a link the person typed) without its text', () => {
      const doc = open(`<div class="editor" contenteditable><p>see <a href="/x">${PHRASE}</a></p></div>`);
      const described = describeTarget(doc.querySelector('a') as Element);
      expect(JSON.stringify(described)).not.to.include('amber');
      expect(described.locator).to.equal("locator('a')");
    });

    it('names a container that holds editable content without its text', () => {
      const doc = open(`<section>Notes <div contenteditable="true">${PHRASE}</div></section><section>other</section>`);
      expect(JSON.stringify(describeTarget(doc.querySelector('section') as Element))).not.to.include('amber');
    });

    it('names every element of a document in design mode without its text', () => {
      const doc = open(`<p>${PHRASE}</p>`);
      doc.designMode = 'on';
      expect(JSON.stringify(describeTarget(doc.querySelector('p') as Element))).not.to.include('amber');
    });

    it('still names an editable textbox by the label it is given', () => {
      const doc = open(`<div role="textbox" aria-label="Notes" contenteditable="true">${PHRASE}</div>`);
      expect(describeTarget(doc.querySelector('[role=textbox]') as Element)).to.include({
        locator: "getByRole('textbox', { name: 'Notes', exact: true })",
        name: 'Notes',
      });
    });

    it('names a part marked contenteditable="false" and the page around editors by their text as before', () => {
      const doc = open(`<div contenteditable="false"><button>Insert</button></div><p>${PHRASE}</p>`);
      expect(describeTarget(doc.querySelector('button') as Element).locator).to.equal(
        "getByRole('button', { name: 'Insert', exact: true })",
      );
      expect(describeTarget(doc.querySelector('p') as Element).locator).to.equal(`getByText('${PHRASE}', { exact: true })`);
    });
  });
});
