import type { Flow } from '../flow.js';

export const reactSelect: Flow = {
  name: 'react-select',
  libraries: ['react-select'],
  covers: 'a combobox whose menu opens on mousedown; type to filter, click an option',
  expected: { flavour: 'strawberry' },
  async drive(person, page) {
    const field = page.getByRole('combobox', { name: 'Flavour' });
    await person.click(field);
    await person.type(field, 'str');
    await person.click(page.getByRole('option', { name: 'Strawberry' }));
  },
};
