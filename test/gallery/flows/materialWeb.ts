import type { Flow } from '../flow.js';

export const materialWeb: Flow = {
  name: 'material-web',
  libraries: ['@material/web'],
  covers: 'Lit web components: a text field, a select whose menu lives in its shadow root, a checkbox',
  expected: { name: 'Ada', size: 'm', gift: true },
  async drive(person, page) {
    const field = page.getByRole('textbox', { name: 'Name' });
    await person.click(field);
    await person.type(field, 'Ada');
    await person.click(page.getByRole('combobox', { name: 'Size' }));
    await person.click(page.getByRole('option', { name: 'Medium' }));
    await person.click(page.getByText('Gift wrap', { exact: true }));
  },
};
