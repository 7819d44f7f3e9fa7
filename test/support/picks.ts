export const T = 1_700_000_000_000;

/** A pick as the extension posts it. */
export const pick = (overrides: Record<string, unknown> = {}) => ({
  ts: T,
  tab_id: 1,
  via: 'shortcut',
  url: 'http://localhost:5173/cart',
  note: 'this button is misaligned',
  locator: "getByRole('button', { name: 'Add to cart', exact: true })",
  selector: 'role=button[name="Add to cart"]',
  role: 'button',
  name: 'Add to cart',
  tag: 'button',
  text: 'Add to cart',
  box: { x: 10, y: 20, width: 120, height: 32 },
  viewport: { width: 1280, height: 720 },
  styles: { display: 'inline-flex', 'margin-left': '13px' },
  component: [{ name: 'CartButton', framework: 'react', file: 'src/Cart.tsx', line: 42, column: 7, props: { label: 'Add' } }],
  ...overrides,
});
