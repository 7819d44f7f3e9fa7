import { expect } from 'chai';
import fc from 'fast-check';
import type { ActionEntry } from '../../../../src/domain/wire/entries.js';
import type { Reproduction } from '../../../../src/domain/reproduction/reproduction.js';
import { MAX_STEPS_BYTES, reproductionSteps } from '../../../../src/domain/reproduction/reproductionSteps.js';
import { orderReproduction } from '../../../support/orderFlow.js';

const ORIGIN = 'http://127.0.0.1:5173';

/** A session of `count` actions: the page loads, fields are filled with `value`, a click fails. */
function session(count: number, value: string): Reproduction {
  const steps = Array.from({ length: count }, (_, i) => {
    const last = i === count - 1;
    const action: ActionEntry =
      i === 0
        ? { ts: i, by: 'human', type: 'navigate', navigation: 'load', url: `${ORIGIN}/app/order.html` }
        : last
          ? {
              ts: i,
              by: 'human',
              type: 'click',
              url: `${ORIGIN}/app/order.html`,
              role: 'button',
              name: 'Place order',
              locator: "getByRole('button', { name: 'Place order', exact: true })",
            }
          : {
              ts: i,
              by: 'human',
              type: 'fill',
              url: `${ORIGIN}/app/order.html`,
              role: 'textbox',
              name: `Field number ${i}`,
              value,
              locator: `getByRole('textbox', { name: 'Field number ${i}', exact: true })`,
            };
    return {
      id: `a${i + 1}`,
      action,
      responses: last ? [{ id: 'n3', method: 'POST', url: `${ORIGIN}/api/orders`, status: 500 }] : [],
    };
  });
  return {
    steps,
    errors: [
      {
        id: 'l9',
        message: "Uncaught (in promise) TypeError: Cannot read properties of undefined (reading 'id')",
        source: 'unhandledrejection',
      },
    ],
    failed: [{ id: 'n3', method: 'POST', url: `${ORIGIN}/api/orders`, status: 500 }],
    expect: 'errors',
  };
}

describe('reproductionSteps', () => {
  it('names the answers a step got over the network only, not a data: url it fetched', () => {
    const base = session(2, 'x');
    const last = base.steps[1] as Reproduction['steps'][number];
    const responses = [
      { id: 'n1', method: 'GET', url: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E', status: 200 },
      ...last.responses,
    ];
    const text = reproductionSteps({ ...base, steps: [base.steps[0] as Reproduction['steps'][number], { ...last, responses }] });
    expect(text).to.include('(POST /api/orders 500)');
    expect(text).not.to.include('data:');
  });

  it('numbers what the person did, naming targets by role and name, then what went wrong', () => {
    expect(reproductionSteps(orderReproduction(ORIGIN))).to.equal(
      [
        'Steps to reproduce (actions a1 to a6, tab 7):',
        `1. Open ${ORIGIN}/app/order.html`,
        '2. Type "Ada Lovelace" into textbox "Full name"',
        '3. Type Password (not recorded) into the element "Password"',
        '4. Choose "pro" in combobox "Plan"',
        '5. Check checkbox "I accept the terms"',
        '6. Click button "Place order" (POST /api/orders 500)',
        "Actual: Cannot read properties of undefined (reading 'id'); POST /api/orders → 500",
        'Expected: no console error, no uncaught exception, no failed request.',
        '',
      ].join('\n'),
    );
  });

  it('says a click the page renamed as it was pressed is on such an element, not on the page', () => {
    const base = session(2, 'x');
    const renamed: ActionEntry = { ts: 5, by: 'human', type: 'click', url: `${ORIGIN}/app/order.html`, renamed: true };
    const text = reproductionSteps({ ...base, steps: [...base.steps.slice(0, 1), { id: 'a2', action: renamed, responses: [] }] });
    expect(text).to.include('2. Click an element the page renamed as it was pressed');
  });

  it('keeps a 20-action session within 2 000 bytes, every step there', () => {
    const text = reproductionSteps(session(20, 'a typical value typed by a person'));
    expect(Buffer.byteLength(text)).to.be.at.most(MAX_STEPS_BYTES);
    expect(text).to.match(/^20\. Click button "Place order"/m);
    expect(text).not.to.include('more step');
  });

  it('shortens texts, then leaves out steps in the middle (counted), keeping the first and the last', () => {
    const text = reproductionSteps(session(60, '€'.repeat(200)));
    expect(Buffer.byteLength(text)).to.be.at.most(MAX_STEPS_BYTES);
    expect(text).to.match(/^1\. Open /m);
    expect(text).to.match(/^… \d+ more steps …$/m);
    expect(text).to.match(/^60\. Click button "Place order"/m);
    expect(text).to.include('Actual: Cannot read properties');
  });

  it('stays within 2 000 bytes whatever the page put in its fields', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 80 }), fc.string({ unit: 'binary', maxLength: 300 }), (count, value) => {
        const text = reproductionSteps(session(count, value));
        return Buffer.byteLength(text) <= MAX_STEPS_BYTES && !/[\u2028\u2029\r]/.test(text);
      }),
      { numRuns: 100 },
    );
  });

  it('says every kind of action as a person would', () => {
    const url = `${ORIGIN}/app/order.html`;
    const actions: Array<Partial<ActionEntry>> = [
      { type: 'navigate', navigation: 'load' },
      { type: 'dblclick', role: 'cell', name: 'Row 1' },
      { type: 'press', key: 'Control+K' },
      { type: 'press', key: 'Enter', locator: "getByRole('searchbox')" },
      { type: 'select', values: ['a', 'b'], role: 'listbox', name: 'Tags' },
      { type: 'uncheck', role: 'checkbox', name: 'Remember me' },
      { type: 'submit', selector: 'form#signup' },
      { type: 'upload', name: 'Photo', files: [{ name: 'cat.png', size: 1_234 }] },
      { type: 'drag', locator: "getByText('card')", to_selector: '#zone' },
      { type: 'scroll', x: 0, y: 1_200.4 },
      { type: 'navigate', navigation: 'push', url: `${ORIGIN}/app/next` },
      { type: 'navigate', navigation: 'reload' },
      { type: 'navigate', navigation: 'back_forward' },
      { type: 'click', by: 'agent', role: 'button', name: 'Go' },
    ];
    const text = reproductionSteps({
      steps: actions.map((fields, i) => ({
        id: `a${i + 1}`,
        action: { ts: i, by: 'human', type: 'click', url, ...fields } as ActionEntry,
        responses: [],
      })),
      errors: [],
      failed: [],
      expect: 'no_errors',
    });
    expect(text.split('\n').slice(1, 15)).to.deep.equal([
      `1. Open ${url}`,
      '2. Double-click cell "Row 1"',
      '3. Press Control+K',
      "4. Press Enter in getByRole('searchbox')",
      '5. Choose "a", "b" in listbox "Tags"',
      '6. Uncheck checkbox "Remember me"',
      '7. Submit form#signup',
      '8. Pick cat.png (1234 bytes) in the element "Photo"',
      `9. Drag getByText('card') onto #zone`,
      '10. Scroll the page to 0, 1200',
      `11. (the page moves to ${ORIGIN}/app/next)`,
      '12. Reload the page',
      `13. Go back or forward to ${url}`,
      '14. Click button "Go" [agent]',
    ]);
    expect(text).not.to.include('Actual:');
  });

  it('says where a pointer drag was let go, and by how far when nothing was under it', () => {
    const url = `${ORIGIN}/app/list.html`;
    const text = reproductionSteps({
      steps: [
        {
          type: 'drag',
          role: 'button',
          name: 'Apple',
          moves: [
            [0, 12],
            [2, 96],
          ],
          to_locator: "getByRole('button', { name: 'Cherry', exact: true })",
        },
        { type: 'drag', role: 'slider', name: 'Volume', moves: [[40, 0]] },
      ].map((fields, i) => ({
        id: `a${i + 1}`,
        action: { ts: i, by: 'human', url, ...fields } as unknown as ActionEntry,
        responses: [],
      })),
      errors: [],
      failed: [],
      expect: 'no_errors',
    });
    expect(text.split('\n').slice(2, 4)).to.deep.equal([
      `2. Drag button "Apple" by the pointer onto getByRole('button', { name: 'Cherry', exact: true }) (2, 96 px)`,
      '3. Drag slider "Volume" by the pointer, 40, 0 px',
    ]);
  });

  it('writes page text so that an issue tracker renders none of it: markdown and HTML characters escaped', () => {
    const image = '![logo](http://evil.example/track.png)';
    const text = reproductionSteps({
      ...session(3, `${image} <img src=x> **b** @team`),
      errors: [{ id: 'l1', message: 'Uncaught Error: $x$ ~~g~~ a|b &amp; \\ _i_ `c`', source: 'exception' }],
    });
    expect(text).to.include(
      String.raw`2. Type "\!\[logo\](http://evil.example/track.png) \<img src=x\> \*\*b\*\* \@team" into textbox "Field number 1"`,
    );
    expect(text).to.include(String.raw`Actual: \$x\$ \~\~g\~\~ a\|b \&amp; \\ \_i\_ \`c\`; POST /api/orders → 500`);
  });
});
