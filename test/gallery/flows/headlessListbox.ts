import type { Flow } from '../flow.js';

export const headlessListbox: Flow = {
  name: 'headless-listbox',
  libraries: ['@headlessui/react'],
  covers: 'a button labelled by its label and itself (aria-labelledby="label-id button-id")',
  expected: { status: 'in-progress' },
  async drive(person, page) {
    await person.click(page.getByRole('button', { name: 'Status Backlog' }));
    await person.click(page.getByRole('option', { name: 'In progress' }));
  },
};
