import { expect } from 'chai';
import { richInput, TYPED_CHARS, typedAfter } from '../../../extension/src/record/richTyping.js';
import { withPage } from './support/jsdom.js';

describe('extension recording: typing into rich text', () => {
  let page: ReturnType<typeof withPage> | undefined;
  afterEach(() => page?.close());

  it('tells text typed at the caret from a key’s own edit and from what typing cannot say', () => {
    page = withPage('', ['InputEvent']);
    const input = (inputType: string, data?: string) =>
      richInput(new InputEvent('input', { inputType, ...(data === undefined ? {} : { data }) }));
    expect(input('insertText', 'a')).to.deep.equal({ text: 'a' });
    for (const key of ['insertParagraph', 'insertLineBreak', 'formatBold', 'deleteContentBackward', 'deleteWordForward'])
      expect(input(key), key).to.equal('key');
    for (const other of [
      'insertFromPaste',
      'insertFromDrop',
      'insertCompositionText',
      'historyUndo',
      'deleteByCut',
      'deleteByDrag',
    ])
      expect(input(other), other).to.equal('other');
  });

  it('appends typed text up to TYPED_CHARS, leaves a key’s edit to the key, and ends at anything else', () => {
    expect(typedAfter('', { text: 'a' })).to.equal('a');
    expect(typedAfter('ab', 'key')).to.equal('ab');
    expect(typedAfter('ab', 'other')).to.equal(null);
    expect(typedAfter(null, { text: 'c' })).to.equal(null, 'once ended, the edit is one whole fill');
    expect(typedAfter(undefined, { text: 'c' })).to.equal(null);
    const full = 'x'.repeat(TYPED_CHARS);
    expect(typedAfter(full, { text: 'y' })).to.equal(full);
  });
});
