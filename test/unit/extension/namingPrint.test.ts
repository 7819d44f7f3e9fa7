import { expect } from 'chai';
import { namingPrint } from '../../../extension/src/record/namingPrint.js';
import { withPage } from './support/jsdom.js';

describe('extension recording: what naming reads, printed at the press', () => {
  let page: ReturnType<typeof withPage> | undefined;
  const open = (html: string) => {
    page = withPage(html);
    return page.document;
  };
  afterEach(() => page?.close());

  it('changes when the page renames the pressed button: its text or its test id', () => {
    const doc = open('<button data-testid="cancel"><span>Cancel</span></button>');
    const span = doc.querySelector('span') as Element;
    const before = namingPrint(span);
    span.textContent = 'delete-account';
    expect(namingPrint(span)).not.to.equal(before);
    span.textContent = 'Cancel';
    expect(namingPrint(span)).to.equal(before);
    doc.querySelector('button')?.setAttribute('data-testid', 'delete-account');
    expect(namingPrint(span), 'the control a click inside it stands for').not.to.equal(before);
  });

  it('changes when what names the element does: its label, what aria-labelledby points at, a button input’s value', () => {
    const doc = open(
      '<label for="ok">Keep</label><input type="checkbox" id="ok"><span id="t">Close</span><button aria-labelledby="t">x</button><input type="submit" value="Save">',
    );
    for (const [element, rename] of [
      ['#ok', () => ((doc.querySelector('label') as Element).textContent = 'Delete')],
      ['button', () => ((doc.getElementById('t') as Element).textContent = 'Delete all')],
      ['input[type=submit]', () => ((doc.querySelector('input[type=submit]') as HTMLInputElement).value = 'Pay')],
    ] as const) {
      const target = doc.querySelector(element) as Element;
      const before = namingPrint(target);
      rename();
      expect(namingPrint(target), element).not.to.equal(before);
    }
  });

  it('stays the same when the page removes the pressed option named by aria-labelledby inside it (picked as it was pressed)', () => {
    const doc = open(
      '<div role="listbox"><div role="option" aria-labelledby="t2"><span id="t2">Banana</span></div><div role="option">Apple</div></div>',
    );
    const label = doc.getElementById('t2') as Element;
    const before = namingPrint(label);
    label.closest('[role=option]')?.remove();
    expect(namingPrint(label), 'what names it is read in the removed part').to.equal(before);
    label.textContent = 'Cherry';
    expect(namingPrint(label), 'and still tells a rename').not.to.equal(before);
  });

  it('stays the same when the page only changes state, classes or adds a ripple as it is pressed', () => {
    const doc = open('<button class="btn" aria-expanded="false" data-state="closed">Menu</button>');
    const button = doc.querySelector('button') as Element;
    const before = namingPrint(button);
    button.setAttribute('aria-expanded', 'true');
    button.setAttribute('data-state', 'open');
    button.classList.add('pressed');
    button.append(doc.createElement('span'));
    expect(namingPrint(button)).to.equal(before);
  });

  it('reads a bounded part of a large region’s text (a press on a page of 5 000 paragraphs stays cheap)', () => {
    const doc = open(`<main>${'<p>text</p>'.repeat(5_000)}</main>`);
    const print = namingPrint(doc.querySelector('main') as Element);
    expect(print.length).to.be.below(400);
  });
});
