import type { Flow } from '../flow.js';

export const sortableNative: Flow = {
  name: 'sortable-native',
  libraries: ['sortablejs'],
  covers: 'a sortable list dragged with the browser’s own HTML5 drag and drop',
  expected: { order: ['Banana', 'Apple', 'Cherry', 'Date'] },
  async drive(person, page) {
    const list = page.getByRole('list', { name: 'Ranking' });
    await person.drag(list.getByText('Apple', { exact: true }), list.getByText('Banana', { exact: true }));
  },
};
