import type { Flow } from '../flow.js';

export const dayPicker: Flow = {
  name: 'day-picker',
  libraries: ['react-day-picker'],
  covers: 'a calendar that mounts on open: next month, then a day',
  expected: { date: '2026-04-15', open: false },
  async drive(person, page) {
    await person.click(page.getByRole('button', { name: 'Pick a date' }));
    await person.click(page.getByRole('button', { name: 'Go to the Next Month' }));
    await person.click(page.getByRole('button', { name: 'April 15th, 2026' }));
  },
};
