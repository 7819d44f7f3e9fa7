import type { Flow } from '../flow.js';

export const shoelaceForm: Flow = {
  name: 'shoelace-form',
  libraries: ['@shoelace-style/shoelace'],
  covers: 'a text field and a checkbox inside web components’ open shadow roots',
  expected: { nickname: 'Ada', subscribe: true },
  async drive(person, page) {
    const field = page.getByRole('textbox', { name: 'Nickname' });
    await person.click(field);
    await person.type(field, 'Ada');
    // The real checkbox inside is hidden from the pointer (opacity 0, pointer-events: none): a person
    // clicks the component, by its text.
    await person.click(page.getByText('Subscribe', { exact: true }));
  },
};
