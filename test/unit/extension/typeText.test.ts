import { expect } from 'chai';
import { JSDOM } from 'jsdom';
import { typeText } from '../../../extension/src/inject/typeText.js';

describe('typeText: what replay types into a field (interact type)', () => {
  let dom: JSDOM;
  const names = ['Event', 'InputEvent', 'KeyboardEvent'] as const;
  const saved = new Map<string, unknown>();
  const $ = (selector: string) => dom.window.document.querySelector(selector) as HTMLInputElement;
  const heard = (element: Element) => {
    const events: string[] = [];
    for (const type of ['keydown', 'input', 'change']) element.addEventListener(type, () => events.push(type));
    return events;
  };

  beforeEach(() => {
    dom = new JSDOM(`<input type="range" id="volume" min="0" max="100" step="10">
      <input type="date" id="day"><input type="color" id="tint"><input id="name" value="Ada">`);
    // The module fires events with the page's own constructors, as it does in a page.
    for (const name of names) {
      saved.set(name, (globalThis as Record<string, unknown>)[name]);
      (globalThis as Record<string, unknown>)[name] = (dom.window as unknown as Record<string, unknown>)[name];
    }
  });

  afterEach(() => {
    for (const name of names) (globalThis as Record<string, unknown>)[name] = saved.get(name);
    dom.window.close();
  });

  it('sets a range input to the recorded value instead of typing after the value it holds', () => {
    const range = $('#volume');
    const events = heard(range);
    typeText(range, '70', true);
    expect(range.value).to.equal('70');
    expect(events).to.deep.equal(['input', 'change']);
  });

  it('sets a date and a colour by value too', () => {
    typeText($('#day'), '2026-04-15', true);
    typeText($('#tint'), '#ff8800', true);
    expect([$('#day').value, $('#tint').value]).to.deep.equal(['2026-04-15', '#ff8800']);
  });

  it('still types a text field key by key after clearing it', () => {
    const events = heard($('#name'));
    typeText($('#name'), 'Bo', true);
    expect($('#name').value).to.equal('Bo');
    expect(events).to.deep.equal(['input', 'keydown', 'input', 'keydown', 'input', 'change']);
  });
});
