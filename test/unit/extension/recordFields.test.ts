import { expect } from 'chai';
import {
  autofilled,
  choiceByChange,
  editableOf,
  inField,
  MAX_PICKED_FILES,
  pickedFiles,
  pickerInput,
  placeOf,
  selectValue,
  typedInto,
} from '../../../extension/src/record/fields.js';
import { typedValue } from '../../../extension/src/record/values.js';
import { REDACTED_VALUE } from '../../../extension/src/shared/actions.js';
import { withPage } from './support/jsdom.js';

/** jsdom has no isContentEditable: what Chromium says of an element in editable content. */
function editable(element: Element): void {
  for (let e: Element | null = element; e !== null; e = e.parentElement)
    Object.defineProperty(e, 'isContentEditable', { value: e.closest('[contenteditable]') !== null, configurable: true });
}

describe('extension recording: the fields a person types into and chooses in', () => {
  let page: ReturnType<typeof withPage> | undefined;
  const $ = (selector: string) => page?.document.querySelector(selector) as Element;
  afterEach(() => page?.close());

  it('types into text-like inputs, textareas and editable content; not into a checkbox or a button', () => {
    page = withPage(
      '<input id="t" type="email"><input id="c" type="checkbox"><textarea id="a"></textarea><div contenteditable><p id="p">x</p></div><button id="b">Go</button>',
    );
    expect(['#t', '#c', '#a', '#p', '#b'].map((s) => typedInto($(s)))).to.deep.equal([true, false, true, true, false]);
    expect(['#t', '#c', '#a'].map((s) => editableOf($(s))?.id)).to.deep.equal(['t', undefined, 'a']);
    expect(placeOf($('#t'))).to.equal('text');
    expect(placeOf($('#a'))).to.equal('multiline');
    expect(placeOf(undefined)).to.equal('other');
  });

  it('finds the editing host of editable content, and asks nothing of an element outside any', () => {
    page = withPage('<div id="host" contenteditable><p><b id="bold">x</b></p></div><p id="plain">y</p>');
    editable($('#bold'));
    expect(editableOf($('#bold'))?.id).to.equal('host');
    expect(placeOf($('#host'))).to.equal('rich');
    Object.defineProperty($('#plain'), 'isContentEditable', {
      get: () => expect.fail('isContentEditable needs style: not asked outside [contenteditable]'),
    });
    expect(editableOf($('#plain'))).to.equal(undefined);
  });

  it('knows the inputs only the browser’s pickers change, and a field’s own pointer dragging', () => {
    page = withPage('<input id="r" type="range"><input id="t" type="text"><div id="d"><span id="s">x</span></div>');
    expect(pickerInput($('#r'))).to.equal(true);
    expect(pickerInput($('#t'))).to.equal(false);
    expect(inField($('#r'))).to.equal(true);
    expect(inField($('#s'))).to.equal(false);
  });

  it('records a click on a checkbox, radio, file input, select or their label as the change it makes', () => {
    page = withPage(
      '<label id="l" for="c">Agree</label><input id="c" type="checkbox"><input id="f" type="file"><select id="s"><option id="o">a</option></select><label id="empty">x</label><button id="b">b</button><input id="t">',
    );
    expect(['#l', '#c', '#f', '#s', '#o'].map((s) => choiceByChange($(s)))).to.deep.equal([true, true, true, true, true]);
    expect(['#empty', '#b', '#t'].map((s) => choiceByChange($(s)))).to.deep.equal([false, false, false]);
  });

  it('takes a select’s value, or a multiple select’s chosen values', () => {
    page = withPage(
      '<select id="one"><option value="a">A</option><option value="b" selected>B</option></select><select id="many" multiple><option value="x" selected>X</option><option value="y">Y</option><option value="z" selected>Z</option></select>',
    );
    expect(selectValue($('#one') as HTMLSelectElement)).to.equal('b');
    expect(selectValue($('#many') as HTMLSelectElement)).to.deep.equal(['x', 'z']);
  });

  it('records picked files by name, size and type, each cut, and at most MAX_PICKED_FILES of them', () => {
    page = withPage('<input id="f" type="file" multiple>');
    const files = Array.from({ length: MAX_PICKED_FILES + 5 }, (_, i) => ({
      name: i === 0 ? 'n'.repeat(300) : `f${i}.txt`,
      size: i,
      type: i === 1 ? '' : 'text/plain',
    }));
    Object.defineProperty($('#f'), 'files', { value: files });
    const picked = pickedFiles($('#f') as HTMLInputElement);
    expect(picked).to.have.length(MAX_PICKED_FILES);
    expect(picked[0]?.name).to.have.length(200);
    expect(picked[1]).to.deep.equal({ name: 'f1.txt', size: 1 });
    expect(picked[2]).to.deep.equal({ name: 'f2.txt', size: 2, type: 'text/plain' });
  });

  it('sees the browser’s autofill, and a browser that knows neither pseudo-class as no autofill', () => {
    page = withPage('<input id="t">');
    const field = $('#t');
    expect(autofilled(field)).to.equal(false);
    field.matches = ((selector: string): boolean => {
      if (selector === ':autofill') throw new SyntaxError('unknown pseudo-class');
      return selector === ':-webkit-autofill';
    }) as Element['matches'];
    expect(autofilled(field)).to.equal(true);
  });

  it('records typed text as the field’s value is recorded: redacted when the whole value would be', () => {
    page = withPage('<input id="name" value="Ann Smith"><input id="pw" type="password" value="hunter2hunter2">');
    expect(typedValue($('#name'), undefined, true)).to.deep.equal({ value: 'Ann Smith' });
    expect(typedValue($('#name'), 'Ann', true)).to.deep.equal({ value: 'Ann' });
    expect(typedValue($('#pw'), 'hunter2', true)).to.include({ value: REDACTED_VALUE });
    expect(typedValue($('#name'), 'Ann', false)).to.deep.equal({});
  });
});
