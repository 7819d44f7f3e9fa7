import type { Flow } from '../flow.js';

export const tiptap: Flow = {
  name: 'tiptap',
  libraries: ['@tiptap/react', '@tiptap/starter-kit'],
  covers: 'rich text (ProseMirror contenteditable) with bold typed through Control+B',
  expected: { html: '<p>Hello <strong>world</strong></p>' },
  async drive(person, page) {
    const editor = page.getByRole('textbox', { name: 'Note' });
    await person.click(editor);
    await person.type(editor, 'Hello ');
    await person.press(editor, 'Control+B');
    await person.type(editor, 'world');
  },
};
