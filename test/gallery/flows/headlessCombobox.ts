import type { Flow } from '../flow.js';

export const headlessCombobox: Flow = {
  name: 'headless-combobox',
  libraries: ['@headlessui/react'],
  covers: 'type to filter, then an option picked on mousedown that unmounts before the click',
  expected: { assignee: 'Tanya Fox' },
  async drive(person, page) {
    const field = page.getByRole('combobox', { name: 'Assignee' });
    await person.click(field);
    await person.type(field, 'ta');
    await person.click(page.getByRole('option', { name: 'Tanya Fox' }));
  },
};
