import type { Flow } from '../flow.js';

export const radixSelect: Flow = {
  name: 'radix-select',
  libraries: ['@radix-ui/react-select'],
  covers: 'a select that opens on pointerdown, its options over the trigger',
  expected: { fruit: 'banana' },
  async drive(person, page) {
    await person.click(page.getByRole('combobox', { name: 'Fruit' }));
    await person.click(page.getByRole('option', { name: 'Banana' }));
  },
};
