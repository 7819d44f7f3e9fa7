import type { Flow } from '../flow.js';

export const dndSortable: Flow = {
  name: 'dnd-sortable',
  libraries: ['@dnd-kit/core', '@dnd-kit/sortable'],
  covers: 'a sortable list dragged with pointer events (no HTML5 drag and drop)',
  expected: { order: ['Banana', 'Cherry', 'Apple', 'Date'] },
  async drive(person, page) {
    await person.drag(page.getByRole('button', { name: 'Apple' }), page.getByRole('button', { name: 'Cherry' }));
  },
};
