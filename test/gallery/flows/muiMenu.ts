import type { Flow } from '../flow.js';

export const muiMenu: Flow = {
  name: 'mui-menu',
  libraries: ['@mui/material'],
  covers: 'a menu in a portal over a backdrop, an item that closes it',
  expected: { done: ['archive'], open: false },
  async drive(person, page) {
    await person.click(page.getByRole('button', { name: 'Actions' }));
    await person.click(page.getByRole('menuitem', { name: 'Archive' }));
  },
};
