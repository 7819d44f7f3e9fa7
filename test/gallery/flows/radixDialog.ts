import type { Flow } from '../flow.js';

export const radixDialog: Flow = {
  name: 'radix-dialog',
  libraries: ['@radix-ui/react-dialog'],
  covers: 'a modal dialog: its trigger is aria-hidden once it opened; a field in it; a button that closes it',
  expected: { name: 'Ada Lovelace', open: false },
  async drive(person, page) {
    await person.click(page.getByRole('button', { name: 'Edit profile' }));
    const field = page.getByRole('textbox', { name: 'Display name' });
    await person.click(field);
    await person.type(field, 'Ada Lovelace');
    await person.click(page.getByRole('button', { name: 'Save changes' }));
  },
};
