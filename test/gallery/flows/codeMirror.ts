import type { Flow } from '../flow.js';

export const codeMirror: Flow = {
  name: 'codemirror',
  libraries: ['codemirror'],
  covers: 'a code editor (contenteditable that draws its own lines), two lines typed',
  expected: { doc: 'let total = 1\ntotal += 2' },
  async drive(person, page) {
    const editor = page.getByRole('textbox', { name: 'Script' });
    await person.click(editor);
    await person.type(editor, 'let total = 1');
    await person.press(editor, 'Enter');
    await person.type(editor, 'total += 2');
  },
};
