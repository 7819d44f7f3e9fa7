import type { Flow } from '../flow.js';

export const rangeInput: Flow = {
  name: 'range',
  libraries: [],
  covers: 'an <input type=range>: a click on its track, then an arrow key',
  expected: { volume: 70 },
  async drive(person, page) {
    const slider = page.getByRole('slider', { name: 'Volume' });
    // 78 % along the 200 px track: the value snaps to 80 (step 10); ArrowLeft takes it to 70.
    await person.click(slider, { x: 156, y: 8 });
    await person.press(slider, 'ArrowLeft');
  },
};
