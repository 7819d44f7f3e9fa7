import { expect } from 'chai';
import { ActionFailure } from '../../../extension/src/inject/ActionFailure.js';
import { Elements, requiredSelector } from '../../../extension/src/inject/Elements.js';
import { RefRegistry } from '../../../extension/src/inject/refs.js';
import { type ActionPage, actionPage } from './support/actionPage.js';

const failure = async (promise: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return error as ActionFailure;
  }
  throw new Error('expected a failure');
};

describe('Elements: how a page action finds its element (docs/mcp-tools.md, Targets)', () => {
  let page: ActionPage;
  afterEach(() => page.close());

  it('finds the one visible match among hidden ones, and nth among several', async () => {
    page = actionPage(
      '<b class="x" id="a" data-box="0 0 9 9">A</b><b class="x" id="h">H</b><b class="x" id="c" data-box="0 20 9 9">C</b>',
    );
    const elements = await Elements.open(undefined, 0, new RefRegistry());
    expect((await elements.element('.x', 0, 1)).id).to.equal('c');
    const ambiguous = await failure(elements.element('.x', 0));
    expect(ambiguous.code).to.equal('ambiguous_selector');
    expect(ambiguous.message).to.include('matches 2 visible elements').and.include('0: <b#a> "A"');
    expect((await failure(elements.element('.x', 0, 5))).message).to.include('nth 5 is past them');
  });

  it('waits for an element to appear, and says how long it waited for one that never did', async () => {
    page = actionPage('');
    const elements = await Elements.open(undefined, 0, new RefRegistry());
    setTimeout(() => page.document.body.insertAdjacentHTML('beforeend', '<i id="late"></i>'), 20);
    expect((await elements.element('#late', 1_000)).id).to.equal('late');
    const missing = await failure(elements.element('#never', 50));
    expect([missing.code, missing.message]).to.deep.equal(['element_not_found', 'No element matches "#never" (waited 50 ms)']);
  });

  it('needs a selector, and a ref that looks like one and names a live element', async () => {
    page = actionPage('<p id="p"></p>');
    const refs = new RefRegistry();
    const elements = await Elements.open(undefined, 0, refs);
    expect((await failure(() => requiredSelector(''))).code).to.equal('invalid_params');
    expect((await failure(() => elements.byRef('x12'))).code).to.equal('invalid_params');
    const ref = refs.refFor(page.$('#p'));
    expect(elements.byRef(ref).id).to.equal('p');
    page.$('#p').remove();
    expect((await failure(() => elements.byRef(ref))).code).to.equal('stale_ref');
  });

  it("acts in a same-origin iframe's document, and names an iframe that is missing or another origin's", async () => {
    page = actionPage('<iframe id="f"></iframe>');
    const frame = page.$<HTMLIFrameElement>('#f');
    frame.contentDocument?.body.insertAdjacentHTML('beforeend', '<button id="inside">In</button>');
    const elements = await Elements.open('#f', 0, new RefRegistry());
    expect((await elements.element('#inside', 0)).id).to.equal('inside');
    expect((await failure(Elements.open('#nope', 30, new RefRegistry()))).code).to.equal('frame_not_found');
    expect((await failure(Elements.open('[', 0, new RefRegistry()))).code).to.equal('invalid_selector');
    Object.defineProperty(frame, 'contentDocument', { value: null });
    expect((await failure(Elements.open('#f', 0, new RefRegistry()))).code).to.equal('cross_origin_frame');
  });
});
