import { expect } from 'chai';
import { describeTarget } from '../../../extension/src/record/locators.js';
import { ChangesSincePress, MAX_PRESS_CHANGES } from '../../../extension/src/record/sincePress.js';
import { withPage } from './support/jsdom.js';

/** A select drawn as divs (Ant Design's): options without a role, the picked one's text shown in the select. */
const SELECT =
  '<div class="select"><span class="placeholder">Pick a plan</span></div>' +
  '<div class="list"><div class="option" title="Basic"><div class="content">Basic</div></div>' +
  '<div class="option" title="Pro"><div class="content" id="pro">Pro</div></div></div>';

describe('extension recording: a pressed element is named as the page was at the press', () => {
  let page: ReturnType<typeof withPage> | undefined;
  afterEach(() => page?.close());

  const pick = (doc: Document) => {
    // The page's handlers of the click, before the press is named (machine speed).
    const select = doc.querySelector('.select') as Element;
    const shown = doc.createElement('span');
    shown.className = 'item';
    shown.textContent = 'Pro';
    select.replaceChildren(shown);
  };

  it('does not count what the page showed after the press: the option keeps the locator it had', () => {
    page = withPage(SELECT);
    const doc = page.document;
    const pro = doc.getElementById('pro') as Element;
    const changes = new ChangesSincePress(doc);
    changes.pressed(pro);
    pick(doc);
    expect(describeTarget(pro).locator, 'as the page is now').to.equal("getByText('Pro', { exact: true }).nth(1)");
    expect(describeTarget(pro, changes.since(pro)).locator).to.equal("getByText('Pro', { exact: true })");
    expect(describeTarget(pro, changes.since(pro)).selector).to.equal('text="Pro"');
  });

  it('counts what was there at the press: only what the page added, or whose text or naming attributes it changed, is new', () => {
    page = withPage(`${SELECT}<p id="note">Pro</p><p id="styled">Pro</p><p id="later">Basic</p><p id="titled">Pro</p>`);
    const doc = page.document;
    const $ = (id: string) => doc.getElementById(id) as Element;
    const changes = new ChangesSincePress(doc);
    changes.pressed($('pro'));
    $('styled').setAttribute('class', 'seen'); // not an attribute a locator reads
    ($('later').firstChild as Text).nodeValue = 'Pro';
    $('titled').setAttribute('title', 'Pro plan');
    const added = doc.createElement('p');
    added.innerHTML = '<b>Pro</b>';
    doc.body.append(added);
    const since = changes.since($('pro')) as (element: Element) => boolean;
    expect(['note', 'styled', 'later', 'titled'].map((id) => since($(id)))).to.deep.equal([false, false, true, true]);
    expect(since(added.firstElementChild as Element), 'inside what was added').to.equal(true);
    expect(describeTarget($('pro'), since).locator).to.equal("getByText('Pro', { exact: true }).nth(0)");
    expect(describeTarget($('styled'), changes.since($('pro'))).locator, 'pressed: the pro option').to.equal(
      "getByText('Pro', { exact: true }).nth(2)",
    );
  });

  it('counts what the page only moved after the press (a hidden select’s option put back first), and replay finds the pressed one among the visible', async () => {
    // Tom Select: its own option is picked; it moves the native select's option of it to the top.
    page = withPage(
      '<select><option>Apple</option><option>Cherry</option></select><div class="dropdown"><div class="option" id="cherry">Cherry</div></div>',
    );
    const doc = page.document;
    const cherry = doc.getElementById('cherry') as Element;
    const changes = new ChangesSincePress(doc);
    changes.pressed(cherry);
    const select = doc.querySelector('select') as Element;
    select.prepend(select.lastElementChild as Element);
    await Promise.resolve();
    const named = describeTarget(cherry, changes.since(cherry));
    expect(named.locator).to.equal("getByText('Cherry', { exact: true }).nth(1)");
    // Replay's target: the option was visible when pressed, the native one never is.
    expect(named).to.include({ selector: 'text="Cherry"' }).and.not.have.property('nth');
  });

  it('says nothing for an element that was not pressed, and forgets the presses once they are named', () => {
    page = withPage(SELECT);
    const doc = page.document;
    const pro = doc.getElementById('pro') as Element;
    const changes = new ChangesSincePress(doc);
    expect(changes.since(pro)).to.equal(undefined);
    changes.pressed(pro);
    pick(doc);
    expect(changes.since(pro)).to.be.a('function');
    changes.settled();
    expect(changes.since(pro)).to.equal(undefined);
    pick(doc);
    expect(changes.since(pro)).to.equal(undefined, 'no observer once settled');
  });

  it(`gives up past ${MAX_PRESS_CHANGES} changes: the page is taken as it is`, async () => {
    page = withPage(SELECT);
    const doc = page.document;
    const pro = doc.getElementById('pro') as Element;
    const changes = new ChangesSincePress(doc);
    changes.pressed(pro);
    const list = doc.querySelector('.list') as Element;
    for (let i = 0; i <= MAX_PRESS_CHANGES; i++) list.appendChild(doc.createElement('i'));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the observer's callback has run
    pick(doc);
    expect(changes.since(pro)).to.equal(undefined);
  });
});
