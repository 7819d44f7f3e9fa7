import type { Flow } from '../flow.js';

export const quillEditor: Flow = {
  name: 'quill',
  libraries: ['quill'],
  covers: 'rich text (Quill’s own contenteditable) with bold set from a toolbar button mid-sentence',
  expected: { html: '<p>Hello&nbsp;<strong>world</strong></p>' },
  async drive(person, page) {
    const editor = page.getByLabel('Note');
    await person.click(editor);
    await person.type(editor, 'Hello ');
    await person.click(page.getByRole('button', { name: 'bold' }));
    await person.type(editor, 'world');
  },
};
