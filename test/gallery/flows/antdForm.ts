import type { Flow } from '../flow.js';

export const antdForm: Flow = {
  name: 'antd-form',
  libraries: ['antd'],
  covers: 'a select opened on mousedown whose drawn options have no role, a switch, a modal that zooms in',
  expected: { plan: 'pro', yearly: true, asking: false, ordered: { plan: 'pro', yearly: true } },
  async drive(person, page) {
    await person.click(page.getByRole('combobox', { name: 'Plan' }));
    // The options drawn are plain divs (the ones with a role are a hidden list for screen readers).
    await person.click(page.locator('.ant-select-item-option').filter({ hasText: 'Pro' }));
    await person.click(page.getByRole('switch', { name: 'Pay yearly' }));
    await person.click(page.getByRole('button', { name: 'Order', exact: true }));
    await person.click(page.getByRole('button', { name: 'Place order' }));
  },
};
