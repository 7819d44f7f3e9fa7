import type { Flow } from '../flow.js';

export const flatpickrFlow: Flow = {
  name: 'flatpickr',
  libraries: ['flatpickr'],
  covers: 'a read-only date input whose calendar is appended to the body: next month, then a day',
  expected: { date: '2026-04-15' },
  async drive(person, page) {
    await person.click(page.getByRole('textbox', { name: 'Delivery date' }));
    await person.click(page.locator('.flatpickr-calendar.open .flatpickr-next-month'));
    await person.click(page.getByLabel('April 15, 2026'));
  },
};
