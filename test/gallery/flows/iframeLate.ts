import type { Flow } from '../flow.js';

export const iframeLate: Flow = {
  name: 'iframe-late',
  libraries: [],
  covers: 'a form in an iframe the page adds 300 ms after load',
  expected: { paid: 'Ada' },
  async drive(person, page) {
    const frame = page.getByTitle('Payment').contentFrame();
    const holder = frame.getByRole('textbox', { name: 'Card holder' });
    await person.click(holder);
    await person.type(holder, 'Ada');
    await person.click(frame.getByRole('button', { name: 'Pay' }));
  },
};
