import { expect } from 'chai';
import { accessibleName } from '../../../extension/src/inject/accessibleName.js';
import { queryAll } from '../../../extension/src/inject/targets.js';
import { describeTarget } from '../../../extension/src/record/locators.js';
import { clickTarget } from '../../../extension/src/relay/recordTargets.js';
import { withPage } from './support/jsdom.js';

/**
 * What a click in a real component library is recorded as: a part of a web component's open
 * shadow root stands for the widget or the component (never a `<slot>` with a hover class), a
 * field inside a shadow root gets a target replay resolves, a line of a code editor stands for
 * the editor, and a button labelled by its label and itself is named as Playwright names it.
 */
describe('extension recording: targets inside components', () => {
  let page: ReturnType<typeof withPage> | undefined;
  const open = (html: string) => {
    page = withPage(html);
    return page.document;
  };
  afterEach(() => page?.close());

  /** A host with an open shadow root of `inner` (its light children stay in the light tree). */
  const shadowHost = (doc: Document, host: Element, inner: string) => {
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = inner;
    return root;
  };

  /** jsdom lays nothing out: the element gets the box a browser would give it. */
  const shown = (element: Element) => {
    element.getBoundingClientRect = () => ({
      x: 0,
      y: 0,
      left: 0,
      top: 0,
      right: 120,
      bottom: 24,
      width: 120,
      height: 24,
      toJSON: () => ({}),
    });
    (element as HTMLElement).style.opacity = '1';
  };

  it('records a click on a slot in an option component as the option host, by its role and name', () => {
    const doc = open(
      '<div role="listbox" aria-label="Size"><x-option role="option">Small</x-option><x-option role="option">Medium</x-option></div>',
    );
    const medium = doc.querySelectorAll('x-option')[1] as Element;
    const root = shadowHost(doc, medium, '<div class="option option--hover"><slot class="option__label"></slot></div>');
    const slot = root.querySelector('slot') as Element;
    const target = clickTarget(slot);
    expect(target).to.equal(medium);
    expect(describeTarget(target)).to.include({
      locator: "getByRole('option', { name: 'Medium', exact: true })",
      selector: 'role=option[name="Medium"]',
    });
  });

  it('records a click on light content slotted into a component’s option as that option, by its role and name', () => {
    const doc = open(
      '<x-select><x-option><div slot="headline">Small</div></x-option><x-option><div slot="headline">Medium</div></x-option></x-select>' +
        '<x-card><button slot="actions">Buy</button></x-card>',
    );
    for (const host of doc.querySelectorAll('x-option')) {
      // As Material Web's option: the slot is passed on to an item component inside the option's <li>.
      const root = shadowHost(doc, host, '<li role="option"><x-item><slot name="headline" slot="headline"></slot></x-item></li>');
      shadowHost(
        doc,
        root.querySelector('x-item') as Element,
        '<div class="ripple"></div><div class="body"><slot name="headline"></slot></div>',
      );
      shown(root.querySelector('li') as Element);
    }
    const headline = doc.querySelectorAll('[slot=headline]')[1] as Element;
    const target = clickTarget(headline);
    expect(target).to.equal(doc.querySelectorAll('x-option')[1]?.shadowRoot?.querySelector('li'));
    expect(describeTarget(target)).to.include({
      locator: "getByRole('option', { name: 'Medium', exact: true })",
      selector: 'role=option[name="Medium"]',
    });
    // A control of the light tree in what is slotted stays the control (a card's button).
    const card = shadowHost(doc, doc.querySelector('x-card') as Element, '<div role="button"><slot name="actions"></slot></div>');
    shown(card.querySelector('div') as Element);
    const buy = doc.querySelector('[slot=actions]') as Element;
    expect(clickTarget(buy)).to.equal(buy);
  });

  it('records a click on a part of a component with no widget role as the component, by its text', () => {
    const doc = open('<p><x-checkbox>Subscribe</x-checkbox></p>');
    const host = doc.querySelector('x-checkbox') as Element;
    const root = shadowHost(
      doc,
      host,
      '<label class="checkbox"><input type="checkbox" class="checkbox__input"><div class="checkbox__label"><slot></slot></div></label>',
    );
    const target = clickTarget(root.querySelector('slot') as Element);
    expect(target).to.equal(host);
    expect(describeTarget(target)).to.include({
      locator: "getByText('Subscribe', { exact: true })",
      selector: 'text="Subscribe"',
    });
  });

  it('gives a field inside an open shadow root a role= target that resolves to it through the shadow root', () => {
    const doc = open('<x-input></x-input><input aria-label="Other">');
    const root = shadowHost(
      doc,
      doc.querySelector('x-input') as Element,
      '<label id="l">Nickname</label><input aria-labelledby="l">',
    );
    const field = root.querySelector('input') as Element;
    const described = describeTarget(field);
    expect(described).to.include({
      locator: "getByRole('textbox', { name: 'Nickname', exact: true })",
      selector: 'role=textbox[name="Nickname"]',
    });
    expect(queryAll(doc, described.selector as string)).to.deep.equal([field]);
  });

  it('resolves CSS and text= targets through open shadow roots too, nested ones included', () => {
    const doc = open('<x-outer></x-outer>');
    const outer = shadowHost(doc, doc.querySelector('x-outer') as Element, '<x-inner></x-inner>');
    const inner = shadowHost(doc, outer.querySelector('x-inner') as Element, '<span class="deep">Deep text</span>');
    const span = inner.querySelector('span') as Element;
    expect(queryAll(doc, 'span.deep')).to.deep.equal([span]);
    expect(queryAll(doc, 'text="Deep text"')).to.deep.equal([span]);
  });

  it('records a click on a line of a code editor as the editor, by its textbox role and label', () => {
    const doc = open(
      '<div class="cm-editor"><div class="cm-content" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Script"><div class="cm-line">let total = 1</div><div class="cm-line"><br></div></div></div>',
    );
    const line = doc.querySelector('.cm-line') as Element;
    const target = clickTarget(line);
    expect(target).to.equal(doc.querySelector('.cm-content'));
    expect(describeTarget(target)).to.include({
      locator: "getByRole('textbox', { name: 'Script', exact: true })",
      selector: 'role=textbox[name="Script"]',
    });
  });

  it('keeps a click on a part an editor marks not editable on that part', () => {
    const doc = open(
      '<div contenteditable="true" aria-label="Doc"><p>Text <button contenteditable="false">Fold</button></p></div>',
    );
    const button = doc.querySelector('button') as Element;
    expect(clickTarget(button)).to.equal(button);
  });

  it('names a button its aria-labelledby lists with its label by the label and its own text, as Playwright does', () => {
    const doc = open(
      '<label id="status-label" for="status-button">Status</label><button id="status-button" aria-labelledby="status-label status-button">Backlog</button>',
    );
    const button = doc.querySelector('button') as Element;
    expect(accessibleName(button)).to.equal('Status Backlog');
    expect(describeTarget(button)).to.include({
      locator: "getByRole('button', { name: 'Status Backlog', exact: true })",
      selector: 'role=button[name="Status Backlog"]',
    });
  });

  it('names an element its aria-labelledby lists with an aria-label of its own by that aria-label in its place', () => {
    const doc = open('<span id="a">Delete</span><button id="b" aria-label="file" aria-labelledby="a b">×</button>');
    expect(accessibleName(doc.querySelector('button') as Element)).to.equal('Delete file');
  });
});
