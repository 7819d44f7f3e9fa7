import type { Flow } from '../flow.js';

export const routerBack: Flow = {
  name: 'router-back',
  libraries: ['react-router'],
  covers: 'client routing by a link, a click on the new route, then the browser’s Back',
  expected: { path: '/router-back', cart: ['beta'] },
  async drive(person, page) {
    await person.click(page.getByRole('link', { name: 'Beta chair' }));
    await person.click(page.getByRole('button', { name: 'Add to cart' }));
    await person.back();
  },
};
