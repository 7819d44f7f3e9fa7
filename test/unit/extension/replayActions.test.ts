import { expect } from 'chai';
import { JSDOM } from 'jsdom';
import { ActionFailure } from '../../../extension/src/inject/ActionFailure.js';
import { actOn as replayAction } from '../../../extension/src/inject/pageHandlers.js';

describe('replay page actions: check, submit and a multiple select as a person does them (docs/mcp-tools.md)', () => {
  let dom: JSDOM;
  let clicks: string[];
  const saved = { Event: globalThis.Event };
  const $ = (selector: string) => dom.window.document.querySelector(selector) as Element;
  const click = (element: Element) => {
    clicks.push(element.id);
    (element as HTMLElement).click();
  };

  beforeEach(() => {
    dom = new JSDOM(`<form id="f"><input type="checkbox" id="terms"><input type="checkbox" id="news" checked>
      <div role="checkbox" id="aria" aria-checked="false"></div><input id="name" required value="Ada">
      <select id="tags" multiple><option value="a">A</option><option value="b">B</option><option value="c" selected>C</option></select>
      <button id="save" type="submit">Save</button></form><p id="out"></p>`);
    // The module fires events with the page's own constructors, as it does in a page.
    globalThis.Event = dom.window.Event as unknown as typeof Event;
    clicks = [];
  });

  afterEach(() => {
    globalThis.Event = saved.Event;
    dom.window.close();
  });

  it('checks by clicking only when the box is not checked yet, and unchecks the same way', () => {
    expect(replayAction('check', $('#terms'), {}, click)).to.deep.include({ checked: true, clicked: true });
    expect(replayAction('check', $('#terms'), {}, click)).to.deep.include({ checked: true, clicked: false });
    expect(replayAction('uncheck', $('#news'), {}, click)).to.deep.include({ checked: false, clicked: true });
    expect(clicks).to.deep.equal(['terms', 'news']);
    expect(($('#terms') as HTMLInputElement).checked).to.equal(true);
  });

  it('says when a click did not change an aria checkbox, and refuses what cannot be checked', () => {
    expect(() => replayAction('check', $('#aria'), {}, click)).to.throw(ActionFailure, /did not check/);
    $('#aria').addEventListener('click', () => $('#aria').setAttribute('aria-checked', 'true'));
    expect(replayAction('check', $('#aria'), {}, click)).to.deep.include({ clicked: true });
    expect(() => replayAction('check', $('#name'), {}, click)).to.throw(ActionFailure, /not a checkbox/);
  });

  it('submits the form around the element with its submit event, as its submit button', () => {
    const submitted: Array<string | undefined> = [];
    $('#f').addEventListener('submit', (event) => {
      submitted.push(((event as SubmitEvent).submitter as Element | null)?.id);
      event.preventDefault();
    });
    replayAction('submit', $('#f'), {}, click);
    replayAction('submit', $('#save'), {}, click);
    replayAction('submit', $('#name'), {}, click);
    expect(submitted).to.deep.equal([undefined, 'save', undefined]);
    expect(() => replayAction('submit', $('#out'), {}, click)).to.throw(ActionFailure, /No form to submit/);
  });

  it('selects exactly the recorded options of a multiple select, and names options it lacks', () => {
    let changes = 0;
    $('#tags').addEventListener('change', () => changes++);
    replayAction('select_values', $('#tags'), { values: ['a', 'b'] }, click);
    expect([...($('#tags') as HTMLSelectElement).selectedOptions].map((option) => option.value)).to.deep.equal(['a', 'b']);
    expect(changes).to.equal(1);
    expect(() => replayAction('select_values', $('#tags'), { values: ['z'] }, click)).to.throw(ActionFailure, /\["z"\]/);
  });

  it('refuses a pointer drag without a path of finite [dx, dy] points, before any event', () => {
    for (const moves of [undefined, [], [[1, 'x']], [[Infinity, 0]]]) {
      expect(() => replayAction('pointer_drag', $('#save'), { moves }, click), JSON.stringify(moves))
        .to.throw(ActionFailure)
        .with.property('code', 'invalid_params');
    }
  });
});
