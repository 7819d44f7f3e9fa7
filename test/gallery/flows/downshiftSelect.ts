import type { Flow } from '../flow.js';

export const downshiftSelect: Flow = {
  name: 'downshift-select',
  libraries: ['downshift'],
  covers: 'a div that is a combobox, options rendered only while open',
  expected: { book: 'Ulysses' },
  async drive(person, page) {
    await person.click(page.getByRole('combobox', { name: 'Book' }));
    await person.click(page.getByRole('option', { name: 'Ulysses' }));
  },
};
