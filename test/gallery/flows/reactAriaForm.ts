import type { Flow } from '../flow.js';

export const reactAriaForm: Flow = {
  name: 'react-aria-form',
  libraries: ['react-aria-components'],
  covers: 'a select opened on press start whose popover hides the page, a visually hidden checkbox, press events',
  expected: {
    animal: 'kangaroo',
    name: 'Skippy',
    terms: true,
    saved: { animal: 'kangaroo', name: 'Skippy', terms: true },
  },
  async drive(person, page) {
    await person.click(page.getByRole('button', { name: 'Animal' }));
    await person.click(page.getByRole('option', { name: 'Kangaroo' }));
    const field = page.getByRole('textbox', { name: 'Its name' });
    await person.click(field);
    await person.type(field, 'Skippy');
    // The checkbox's input is visually hidden inside its label: a person clicks the text.
    await person.click(page.getByText('I will feed it every day'));
    await person.click(page.getByRole('button', { name: 'Adopt', exact: true }));
  },
};
