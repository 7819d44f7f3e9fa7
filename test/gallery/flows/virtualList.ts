import type { Flow } from '../flow.js';

export const virtualList: Flow = {
  name: 'virtual-list',
  libraries: ['@tanstack/react-virtual'],
  covers: 'a virtual list: the row exists only once the list is scrolled to it',
  expected: { selected: 60 },
  async drive(person, page) {
    const row = page.getByRole('option', { name: 'Row 60', exact: true });
    await person.wheelUntil(page.getByRole('listbox', { name: 'Rows' }), 160, row);
    await person.click(row);
  },
};
