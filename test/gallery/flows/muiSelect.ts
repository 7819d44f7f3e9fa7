import type { Flow } from '../flow.js';

export const muiSelect: Flow = {
  name: 'mui-select',
  libraries: ['@mui/material'],
  covers: 'a select that opens on mousedown, its options in a portal over a backdrop',
  expected: { age: 20 },
  async drive(person, page) {
    await person.click(page.getByRole('combobox', { name: 'Age' }));
    await person.click(page.getByRole('option', { name: 'Twenty' }));
  },
};
