import type { ActionEntry } from '../../src/domain/wire/entries.js';
import type { Reproduction, ReproStep } from '../../src/domain/reproduction/reproduction.js';

/**
 * A person's flow on the planted-bug order page (test/e2e/fixtures/app/order.html) as the
 * recorder reports it (the actions contract): open the page, type a name and a password, pick a
 * plan, accept the terms, place the order — whose POST answers 500, and the page then throws.
 */
export function orderFlow(origin: string, tabId = 7, start = 1_700_000_000_000): ReproStep[] {
  const url = `${origin}/app/order.html`;
  const action = (fields: Omit<ActionEntry, 'by' | 'url' | 'tab_id'>): ActionEntry => ({
    by: 'human',
    url,
    tab_id: tabId,
    ...fields,
  });
  const steps: Array<[ActionEntry, ReproStep['responses']]> = [
    [action({ ts: start, type: 'navigate', navigation: 'load' }), []],
    [
      action({
        ts: start + 1_000,
        type: 'fill',
        locator: "getByRole('textbox', { name: 'Full name', exact: true })",
        role: 'textbox',
        name: 'Full name',
        value: 'Ada Lovelace',
      }),
      [],
    ],
    [
      action({
        ts: start + 2_000,
        type: 'fill',
        locator: "getByLabel('Password', { exact: true })",
        name: 'Password',
        value: '[redacted]',
        value_name: 'Password',
      }),
      [],
    ],
    [
      action({
        ts: start + 3_000,
        type: 'select',
        locator: "getByRole('combobox', { name: 'Plan', exact: true })",
        role: 'combobox',
        name: 'Plan',
        value: 'pro',
      }),
      [],
    ],
    [
      action({
        ts: start + 4_000,
        type: 'check',
        locator: "getByRole('checkbox', { name: 'I accept the terms', exact: true })",
        role: 'checkbox',
        name: 'I accept the terms',
      }),
      [],
    ],
    [
      action({
        ts: start + 5_000,
        type: 'click',
        locator: "getByRole('button', { name: 'Place order', exact: true })",
        role: 'button',
        name: 'Place order',
      }),
      [{ id: 'n12', method: 'POST', url: `${origin}/api/orders`, status: 500 }],
    ],
  ];
  return steps.map(([entry, responses], i) => ({ id: `a${i + 1}`, action: entry, responses }));
}

/** The flow with what went wrong in it, as observe reproduction assembles it. */
export function orderReproduction(origin: string, expect: Reproduction['expect'] = 'errors'): Reproduction {
  return {
    steps: orderFlow(origin),
    errors: [
      {
        id: 'l30',
        message: "Uncaught (in promise) TypeError: Cannot read properties of undefined (reading 'id')",
        source: 'unhandledrejection',
      },
    ],
    failed: [{ id: 'n12', method: 'POST', url: `${origin}/api/orders`, status: 500 }],
    expect,
    tabId: 7,
  };
}
