import { expect } from 'chai';
import { describeTarget } from '../../../extension/src/record/locators.js';
import { ariaHiddenNow, describePressed } from '../../../extension/src/record/pressedTarget.js';
import { withPage } from './support/jsdom.js';

describe('extension recording: a pressed element the page took from view as it reacted', () => {
  let page: ReturnType<typeof withPage> | undefined;
  const open = (html: string) => {
    page = withPage(html);
    return page.document;
  };
  afterEach(() => page?.close());

  it('names an option the page removed as it was picked by its role and name (a pick on mousedown, a click at machine speed)', () => {
    const doc = open('<div id="app"><ul role="listbox"><li role="option"><span>Tanya Fox</span></li></ul></div>');
    const span = doc.querySelector('span') as Element;
    (doc.querySelector('ul') as Element).remove();
    expect(describeTarget(span).locator, 'named the usual way it has no locator').to.equal(undefined);
    expect(describePressed(span, false)).to.deep.equal({
      locator: "getByRole('option', { name: 'Tanya Fox', exact: true })",
      selector: 'role=option[name="Tanya Fox"]',
      role: 'option',
      name: 'Tanya Fox',
    });
  });

  it('names a removed option by what its aria-labelledby points at, removed with it', () => {
    const doc = open('<div role="listbox"><div role="option" aria-labelledby="t1"><span id="t1">Banana</span></div></div>');
    const span = doc.getElementById('t1') as Element;
    (doc.querySelector('[role=listbox]') as Element).remove();
    expect(describePressed(span, false)?.locator).to.equal("getByRole('option', { name: 'Banana', exact: true })");
  });

  it('does not name a removed element by a role and name another element of the page still has', () => {
    const doc = open('<div><button id="a">Save</button></div><button>Save</button>');
    const pressed = doc.getElementById('a') as Element;
    pressed.remove();
    expect(describePressed(pressed, false)).to.equal(undefined);
  });

  it('names a removed option whose name only a hidden element still has (a form’s native select, aria-hidden), as getByRole sees the page', () => {
    const doc = open(
      '<div aria-hidden="true"><select name="animal"><option>Kangaroo</option><option>Koala</option></select></div>' +
        '<div role="listbox"><div role="option"><span>Kangaroo</span></div></div>',
    );
    const span = doc.querySelector('[role=option] span') as Element;
    (doc.querySelector('[role=listbox]') as Element).remove();
    expect(describePressed(span, false)?.locator).to.equal("getByRole('option', { name: 'Kangaroo', exact: true })");
  });

  it('names a trigger the page hid with aria-hidden as it opened (a modal menu) as a test finds it before the press', () => {
    const doc = open('<div id="app"><button>Options</button></div>');
    const button = doc.querySelector('button') as Element;
    expect(ariaHiddenNow(button)).to.equal(false);
    (doc.getElementById('app') as Element).setAttribute('aria-hidden', 'true');
    expect(describeTarget(button).locator, 'named the usual way, getByRole would find nothing').not.to.match(/^getByRole/);
    expect(describePressed(button, false)).to.include({
      locator: "getByRole('button', { name: 'Options', exact: true })",
      selector: 'role=button[name="Options"]',
    });
  });

  it('counts the elements hidden with it: one of several hidden "Buy" buttons gets its index', () => {
    const doc = open('<div id="app"><button>Buy</button><button>Buy</button><button>Buy</button></div>');
    const second = doc.querySelectorAll('button')[1] as Element;
    (doc.getElementById('app') as Element).setAttribute('inert', '');
    expect(describePressed(second, false)?.locator).to.equal("getByRole('button', { name: 'Buy', exact: true }).nth(1)");
  });

  it('leaves an element that was already hidden when pressed, or that the page did not touch, to the usual naming', () => {
    const doc = open('<div id="app" aria-hidden="true"><button>Options</button></div><button>Close</button>');
    expect(describePressed(doc.querySelector('#app button') as Element, true)).to.equal(undefined);
    expect(describePressed(doc.querySelectorAll('button')[1] as Element, false)).to.equal(undefined);
  });
});
