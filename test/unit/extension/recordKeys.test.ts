import { expect } from 'chai';
import { type KeyPress, keyToRecord } from '../../../extension/src/record/keys.js';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('extension recording: which key presses are actions', () => {
  it('records keys that do something: Enter, Escape, Tab, arrows, paging, function keys', () => {
    for (const key of ['Enter', 'Escape', 'Tab', 'ArrowDown', 'ArrowUp', 'PageDown', 'F5']) {
      expect(keyToRecord(press(key), 'other'), key).to.equal(key);
    }
    expect(keyToRecord(press('Tab', { shiftKey: true }), 'text')).to.equal('Shift+Tab');
    expect(keyToRecord(press('ArrowDown'), 'text'), 'a suggestion list under a field').to.equal('ArrowDown');
  });

  it('does not record typed characters, Backspace, Delete, modifiers alone or auto-repeat', () => {
    for (const key of ['a', 'A', '7', ' ', 'Backspace', 'Delete', 'Shift', 'Control', 'Meta', 'Alt', 'Dead', 'Unidentified']) {
      expect(keyToRecord(press(key), 'other'), key).to.equal(undefined);
      expect(keyToRecord(press(key), 'text'), key).to.equal(undefined);
    }
    expect(keyToRecord(press('Enter', { repeat: true }), 'other')).to.equal(undefined);
  });

  it('records shortcuts with Control, Meta or Alt in Playwright syntax, modifiers in a fixed order', () => {
    expect(keyToRecord(press('k', { ctrlKey: true }), 'other')).to.equal('Control+k');
    expect(keyToRecord(press('K', { metaKey: true, shiftKey: true }), 'other')).to.equal('Meta+Shift+K');
    expect(keyToRecord(press('s', { altKey: true, ctrlKey: true }), 'text')).to.equal('Alt+Control+s');
    expect(keyToRecord(press(' ', { ctrlKey: true }), 'other')).to.equal('Control+Space');
    expect(keyToRecord(press('+', { ctrlKey: true }), 'other')).to.equal('Control++');
  });

  it('leaves editing to the fill: caret moves and editing shortcuts inside a field are not actions', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End'])
      expect(keyToRecord(press(key), 'text'), key).to.equal(undefined);
    for (const key of ['a', 'c', 'v', 'x', 'z', 'A', 'Backspace', 'ArrowLeft']) {
      expect(keyToRecord(press(key, { ctrlKey: true }), 'text'), key).to.equal(undefined);
      expect(keyToRecord(press(key, { metaKey: true }), 'multiline'), key).to.equal(undefined);
    }
    expect(keyToRecord(press('a', { ctrlKey: true }), 'other'), 'select all on the page').to.equal('Control+a');
    expect(keyToRecord(press('ArrowLeft'), 'other'), 'a carousel').to.equal('ArrowLeft');
  });

  it('takes Enter and up/down in a multi-line field for typing', () => {
    expect(keyToRecord(press('Enter'), 'multiline')).to.equal(undefined);
    expect(keyToRecord(press('ArrowUp'), 'multiline')).to.equal(undefined);
    expect(keyToRecord(press('Enter', { ctrlKey: true }), 'multiline'), 'Control+Enter sends').to.equal('Control+Enter');
    expect(keyToRecord(press('Enter'), 'text')).to.equal('Enter');
  });

  it('records in editable content every key but a character, clipboard or undo: the text is typed between them', () => {
    const rich = (key: string, mods: Partial<KeyPress> = {}) => keyToRecord(press(key, mods), 'rich');
    expect(['Enter', 'Backspace', 'Delete', 'ArrowLeft', 'Home', 'Tab'].map((key) => rich(key))).to.deep.equal([
      'Enter',
      'Backspace',
      'Delete',
      'ArrowLeft',
      'Home',
      'Tab',
    ]);
    expect(rich('Enter', { shiftKey: true })).to.equal('Shift+Enter');
    expect(rich('b', { ctrlKey: true })).to.equal('Control+b');
    expect(rich('a', { metaKey: true })).to.equal('Meta+a');
    expect(['a', ' ', 'Shift'].map((key) => rich(key))).to.deep.equal([undefined, undefined, undefined]);
    expect(['v', 'x', 'z', 'c'].map((key) => rich(key, { ctrlKey: true }))).to.deep.equal([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
