import type { Flow } from '../flow.js';

export const tomSelect: Flow = {
  name: 'tom-select',
  libraries: ['tom-select'],
  covers: 'a native select hidden behind a typed-in control: filter by typing, pick from its own dropdown',
  expected: { fruit: 'cherry' },
  async drive(person, page) {
    const control = page.getByRole('combobox', { name: 'Fruit' });
    await person.click(control);
    await person.type(control, 'che');
    await person.click(page.getByRole('listbox', { name: 'Fruit' }).getByRole('option', { name: 'Cherry' }));
  },
};
