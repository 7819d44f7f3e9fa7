import type { Flow } from '../flow.js';

export const nativeForm: Flow = {
  name: 'native-form',
  libraries: [],
  covers: 'the control: labelled native fields, a select by keyboard, a checkbox, submit',
  expected: { submitted: { email: 'ada@example.com', country: 'japan', remember: true } },
  async drive(person, page) {
    const email = page.getByRole('textbox', { name: 'Email' });
    const country = page.getByRole('combobox', { name: 'Country' });
    await person.click(email);
    await person.type(email, 'ada@example.com');
    await person.press(email, 'Tab');
    await person.press(country, 'ArrowDown');
    await person.click(page.getByRole('checkbox', { name: 'Remember me' }));
    await person.click(page.getByRole('button', { name: 'Sign in' }));
  },
};
