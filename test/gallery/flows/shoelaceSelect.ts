import type { Flow } from '../flow.js';

export const shoelaceSelect: Flow = {
  name: 'shoelace-select',
  libraries: ['@shoelace-style/shoelace'],
  covers: 'a web component select: its combobox and option labels in open shadow roots',
  expected: { size: 'medium' },
  async drive(person, page) {
    await person.click(page.getByRole('combobox', { name: 'Size' }));
    await person.click(page.getByRole('option', { name: 'Medium' }));
  },
};
