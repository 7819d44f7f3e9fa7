import { expect } from 'chai';
import { describeTarget } from '../../../extension/src/record/locators.js';
import { describeRecorded, pressPrint, targetOf } from '../../../extension/src/relay/recordTargets.js';
import { withPage } from './support/jsdom.js';

/** An event as a listener on the window receives it, at `path[0]` (what composedPath says). */
const eventAt = (target: EventTarget, path: EventTarget[] = [target]) =>
  ({ target, composedPath: () => path }) as unknown as Event;

describe('extension recording: what the person’s events are about', () => {
  let page: ReturnType<typeof withPage> | undefined;
  const $ = (selector: string) => page?.document.querySelector(selector) as Element;
  afterEach(() => page?.close());

  it('is the element the event landed on, the innermost one inside an open shadow root, a text node’s parent', () => {
    page = withPage('<button id="save">Save</button><x-card id="card"></x-card><p id="p">text</p>');
    expect(targetOf(eventAt($('#save')))).to.equal($('#save'));
    const shadow = $('#card').attachShadow({ mode: 'open' });
    shadow.innerHTML = '<span id="inner">x</span>';
    const inner = shadow.getElementById('inner') as Element;
    expect(targetOf(eventAt($('#card'), [inner, shadow, $('#card')]))).to.equal(inner);
    const text = $('#p').firstChild as Node;
    expect(targetOf(eventAt(text))).to.equal($('#p'));
    expect(targetOf(eventAt(page.window as unknown as EventTarget))).to.equal(undefined, 'the window itself');
  });

  it('prints a press with whether aria-hidden or inert hid the element then', () => {
    page = withPage('<div id="modal"><button>Open</button></div>');
    const button = $('button');
    const shown = pressPrint(button);
    $('#modal').setAttribute('inert', '');
    const hidden = pressPrint(button);
    expect([shown[0], hidden[0]]).to.deep.equal(['0', '1']);
    expect(hidden.slice(1)).to.equal(shown.slice(1), 'the same naming print');
  });

  it('names a pressed element as it is when the page left its name, and refuses one the page renamed since', () => {
    page = withPage('<button id="b" data-testid="go">Cancel</button>');
    const button = $('#b');
    const seen = pressPrint(button);
    expect(describeRecorded(button, false, seen)).to.deep.equal(describeTarget(button));
    button.textContent = 'Delete account';
    expect(describeRecorded(button, false, seen)).to.deep.equal({ renamed: true });
  });

  it('names a click with no press as the control a test clicks for it (clickTarget)', () => {
    page = withPage('<input id="f" data-testid="email">');
    expect(describeRecorded($('#f'), true, undefined)).to.deep.equal(describeTarget($('#f')));
    expect(describeRecorded($('#f'), true, undefined)).to.include({ locator: "getByTestId('email')" });
  });
});
