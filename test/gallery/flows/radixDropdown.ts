import type { Flow } from '../flow.js';

export const radixDropdown: Flow = {
  name: 'radix-dropdown',
  libraries: ['@radix-ui/react-dropdown-menu'],
  covers: 'a menu that opens on pointerdown and sets pointer-events: none on body',
  expected: { done: ['duplicate'] },
  async drive(person, page) {
    await person.click(page.getByRole('button', { name: 'Options' }));
    await person.click(page.getByRole('menuitem', { name: 'Duplicate' }));
  },
};
