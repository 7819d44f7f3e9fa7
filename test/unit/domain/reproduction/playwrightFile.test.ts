import { expect } from 'chai';
import fc from 'fast-check';
import type { ActionEntry } from '../../../../src/domain/wire/entries.js';
import { playwrightFile } from '../../../../src/domain/reproduction/playwrightFile.js';
import type { Reproduction, ReproStep } from '../../../../src/domain/reproduction/reproduction.js';
import { shapeOf, syntaxErrors } from '../../../support/generatedCode.js';
import { orderReproduction } from '../../../support/orderFlow.js';

const ORIGIN = 'http://127.0.0.1:5173';

/** A reproduction of `actions` (ids a1, a2, …) on the order page, with no responses. */
function of(actions: Array<Partial<ActionEntry>>, rest: Partial<Reproduction> = {}): Reproduction {
  const steps: ReproStep[] = actions.map((fields, i) => ({
    id: `a${i + 1}`,
    action: { ts: 1_000 * i, by: 'human', type: 'click', url: `${ORIGIN}/app/order.html`, ...fields } as ActionEntry,
    responses: [],
  }));
  return { steps, errors: [], failed: [], expect: 'no_errors', ...rest };
}

/** The statements of the file's test body, trimmed, without comments and blank lines. */
function statements(code: string): string[] {
  return code
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'));
}

/** Every method a generated file may call: Playwright's, the page's DOM calls and a few builtins. */
const ALLOWED_CALLS = new Set([
  'waitForResponse',
  'pressSequentially',
  'contentFrame',
  'method',
  'request',
  'url',
  'URL',
  'test',
  'on',
  'push',
  'type',
  'startsWith',
  'text',
  'origin',
  'fail',
  'status',
  'String',
  'failure',
  'goto',
  'answer',
  'all',
  'getByRole',
  'getByLabel',
  'getByTestId',
  'getByPlaceholder',
  'getByText',
  'getByAltText',
  'getByTitle',
  'locator',
  'nth',
  'first',
  'last',
  'click',
  'dblclick',
  'fill',
  'press',
  'selectOption',
  'check',
  'uncheck',
  'setInputFiles',
  'alloc',
  'dragTo',
  'evaluate',
  'scrollTo',
  'waitForURL',
  'reload',
  'goBack',
  'requestSubmit',
  'frame',
  'poll',
  'toContainEqual',
  'stringContaining',
  'expect',
  'toEqual',
  'toBeGreaterThan',
  'waitForTimeout',
]);

describe('playwrightFile', () => {
  it('writes the order flow as a test that expects the recorded errors again', () => {
    const code = playwrightFile(orderReproduction(ORIGIN));
    expect(syntaxErrors(code)).to.deep.equal([]);
    expect(statements(code)).to.include.members([
      "import { expect, test, type Page, type Request } from '@playwright/test';",
      `test("reproduces: Cannot read properties of undefined (reading 'id')", async ({ page, baseURL }) => {`,
      "const origin = baseURL ?? 'http://127.0.0.1:5173';",
      "await page.goto(new URL('/app/order.html', origin).href);",
      "await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Ada Lovelace');",
      "await page.getByLabel('Password', { exact: true }).fill(process.env.BROWSERTAP_PASSWORD ?? '');",
      "await page.getByRole('combobox', { name: 'Plan', exact: true }).selectOption('pro');",
      "await page.getByRole('checkbox', { name: 'I accept the terms', exact: true }).check();",
      "answer(page, 'POST', '/api/orders'),",
      "page.getByRole('button', { name: 'Place order', exact: true }).click(),",
      `await expect.poll(() => errors).toContainEqual(expect.stringContaining("Cannot read properties of undefined (reading 'id')"));`,
      "await expect.poll(() => failed).toContainEqual('POST /api/orders 500');",
    ]);
    expect(code).to.include('// The value was not recorded (Password): set BROWSERTAP_PASSWORD to type it.');
    // The response is waited for with the click, the wait set up first.
    expect(code).to.match(/await Promise\.all\(\[\n\s+answer\(page, 'POST', '\/api\/orders'\),\n\s+page\.getByRole\('button'/);
    expect(code).not.to.include('toEqual([])');
  });

  it('writes the regression test: no console error, no page error, no failed request of the app', () => {
    const code = playwrightFile(orderReproduction(ORIGIN, 'no_errors'));
    expect(syntaxErrors(code)).to.deep.equal([]);
    expect(statements(code)).to.include.members([
      "expect(errors, 'console errors and uncaught exceptions').toEqual([]);",
      "expect(failed, 'failed requests of the app').toEqual([]);",
      "if (!app) return; // only the app's own requests",
    ]);
    expect(code).not.to.include('expect.poll');
    expect(code).to.match(/test\('no errors: \/app\/order\.html after a1 to a6'/);
  });

  it('writes every kind of action with its Playwright call', () => {
    const code = playwrightFile(
      of([
        { type: 'navigate', navigation: 'load' },
        { type: 'dblclick', locator: "getByText('Row 1', { exact: true })" },
        { type: 'press', key: 'Control+K' },
        { type: 'press', key: 'Enter', locator: "getByRole('searchbox')" },
        { type: 'select', values: ['a', 'b'], locator: "getByLabel('Tags')" },
        { type: 'uncheck', locator: "getByTestId('remember')" },
        {
          type: 'upload',
          locator: "getByLabel('Photo')",
          files: [
            { name: 'cat.png', size: 1_234, type: 'image/png' },
            { name: 'notes', size: 3 },
          ],
        },
        { type: 'drag', locator: "getByText('card', { exact: true })", to_selector: '#zone' },
        { type: 'scroll', x: 0, y: 1_200 },
        { type: 'scroll', x: 0, y: 40.5, locator: "locator('#list')" },
        { type: 'navigate', navigation: 'push', url: `${ORIGIN}/app/order.html?step=2#top` },
        { type: 'navigate', navigation: 'load', url: 'https://example.com/' },
        { type: 'navigate', navigation: 'reload', url: 'https://example.com/' },
        { type: 'navigate', navigation: 'back_forward', url: `${ORIGIN}/app/order.html?step=2#top` },
        { type: 'click', selector: 'role=button[name="Go"]', nth: 1 },
        { type: 'submit', locator: "locator('form')", ts: 20_000 },
      ]),
    );
    expect(syntaxErrors(code)).to.deep.equal([]);
    expect(statements(code)).to.include.members([
      "await page.getByText('Row 1', { exact: true }).dblclick();",
      "await page.keyboard.press('Control+K');",
      "await page.getByRole('searchbox').press('Enter');",
      "await page.getByLabel('Tags').selectOption(['a', 'b']);",
      "await page.getByTestId('remember').uncheck();",
      "await page.getByLabel('Photo').setInputFiles([{ name: 'cat.png', mimeType: 'image/png', buffer: Buffer.alloc(1234) }, { name: 'notes', mimeType: 'application/octet-stream', buffer: Buffer.alloc(3) }]);",
      "await page.getByText('card', { exact: true }).dragTo(page.locator('#zone'));",
      'await page.evaluate(([x, y]) => window.scrollTo(x, y), [0, 1200]);',
      "await page.locator('#list').evaluate((element, [x, y]) => element.scrollTo(x, y), [0, 40.5]);",
      "await page.waitForURL((url) => url.pathname + url.search + url.hash === '/app/order.html?step=2#top');",
      "await page.goto('https://example.com/');",
      'await page.reload();',
      'await page.goBack();',
      'await page.locator(\'role=button[name="Go"]\').nth(1).click();',
      "await page.locator('form').evaluate((form) => (form as HTMLFormElement).requestSubmit());",
    ]);
    // The first load is the page.goto, not done twice.
    expect(code.match(/page\.goto\(new URL\('\/app\/order\.html', origin\)\.href\)/g)).to.have.length(1);
  });

  it('writes a pointer drag as the mouse pressed on the element, moved along the recorded path and released', () => {
    const code = playwrightFile(
      of([
        {
          type: 'drag',
          locator: "getByRole('button', { name: 'Apple', exact: true })",
          moves: [
            [0, 12],
            [3, 80],
            [2, 96],
          ],
        },
      ]),
    );
    expect(syntaxErrors(code)).to.deep.equal([]);
    expect(statements(code)).to.include.members([
      "import { expect, test, type Locator, type Page, type Request } from '@playwright/test';",
      'const pointerDrag = async (page: Page, from: Locator, moves: Array<[number, number]>) => {',
      'await page.mouse.down();',
      'for (const [dx, dy] of moves) await page.mouse.move(x + dx, y + dy);',
      'await page.mouse.up();',
      "await pointerDrag(page, page.getByRole('button', { name: 'Apple', exact: true }), [[0, 12], [3, 80], [2, 96]]);",
    ]);
    expect(code).not.to.include('dragTo');
  });

  it('says in a comment where a pointer drag was let go, and still makes the drag by its path', () => {
    const code = playwrightFile(
      of([
        {
          type: 'drag',
          locator: "getByRole('button', { name: 'Apple', exact: true })",
          moves: [[2, 96]],
          to_locator: "getByRole('button', { name: 'Cherry\\n*/ evil', exact: true })",
        },
      ]),
    );
    expect(syntaxErrors(code)).to.deep.equal([]);
    const lines = code.split('\n').map((line) => line.trim());
    const at = lines.indexOf("await pointerDrag(page, page.getByRole('button', { name: 'Apple', exact: true }), [[2, 96]]);");
    expect(at).to.be.above(0);
    expect(lines[at - 1]).to.equal(
      "// Dropped on page.getByRole('button', { name: 'Cherry\\n*/ evil', exact: true }), along the path the person's pointer took.",
    );
    expect(code).not.to.include('dragTo');
  });

  it('gives each redacted part of rich text typed between the keys a variable of its own, and a single part the field’s', () => {
    const editor = "getByRole('textbox', { name: 'Recovery phrase', exact: true })";
    const part = { type: 'fill' as const, locator: editor, value: '[redacted]', value_name: 'Recovery phrase', typed: true };
    const code = playwrightFile(
      of([
        part,
        { type: 'press', locator: editor, key: 'Control+B' },
        part,
        { type: 'press', locator: editor, key: 'Enter' },
        part,
        { type: 'fill', locator: "getByLabel('PIN')", value: '[redacted]', value_name: 'PIN', typed: true },
      ]),
    );
    expect(syntaxErrors(code)).to.deep.equal([]);
    const typed = statements(code).filter((line) => line.includes('pressSequentially'));
    expect(typed).to.deep.equal([
      `await page.${editor}.pressSequentially(process.env.BROWSERTAP_RECOVERY_PHRASE_PART_1 ?? '');`,
      `await page.${editor}.pressSequentially(process.env.BROWSERTAP_RECOVERY_PHRASE_PART_2 ?? '');`,
      `await page.${editor}.pressSequentially(process.env.BROWSERTAP_RECOVERY_PHRASE_PART_3 ?? '');`,
      "await page.getByLabel('PIN').pressSequentially(process.env.BROWSERTAP_PIN ?? '');",
    ]);
    expect(code).to.include(
      '// The value was not recorded (Recovery phrase, part 2 of 3, typed between the keys around it): set BROWSERTAP_RECOVERY_PHRASE_PART_2 to type it.',
    );
  });

  it('writes no pointer drag helper into a file that has no pointer drag', () => {
    const code = playwrightFile(of([{ type: 'drag', locator: "getByText('card', { exact: true })", to_selector: '#zone' }]));
    expect(code).not.to.include('pointerDrag');
    expect(code).to.include("import { expect, test, type Page, type Request } from '@playwright/test';");
  });

  it('goes back for the person’s Back and only waits for a Back the page’s script made after a click', () => {
    const code = playwrightFile(
      of([
        { type: 'navigate', navigation: 'load' },
        { type: 'click', locator: "getByRole('link', { name: 'Beta chair' })" },
        { type: 'navigate', navigation: 'push', url: `${ORIGIN}/item/beta` },
        { type: 'click', locator: "getByRole('button', { name: 'Close' })" },
        { type: 'navigate', navigation: 'pop', url: `${ORIGIN}/app/order.html`, by_script: true },
        { type: 'click', locator: "getByRole('link', { name: 'Beta chair' })" },
        { type: 'navigate', navigation: 'push', url: `${ORIGIN}/item/beta` },
        { type: 'navigate', navigation: 'pop', url: `${ORIGIN}/app/order.html` },
      ]),
    );
    const navigations = statements(code).filter((line) => /goBack|waitForURL/.test(line));
    expect(navigations).to.deep.equal([
      "await page.waitForURL((url) => url.pathname + url.search + url.hash === '/item/beta');",
      "await page.waitForURL((url) => url.pathname + url.search + url.hash === '/app/order.html');",
      "await page.waitForURL((url) => url.pathname + url.search + url.hash === '/item/beta');",
      'await page.goBack();',
    ]);
  });

  it('types what was typed into rich text key by key at the caret, and fills a field whole', () => {
    const editor = "getByRole('textbox', { name: 'Note' })";
    const code = playwrightFile(
      of([
        { type: 'fill', locator: editor, value: 'Hello ', typed: true },
        { type: 'press', locator: editor, key: 'Control+B' },
        { type: 'fill', locator: editor, value: 'world', typed: true },
        { type: 'fill', locator: "getByLabel('Title')", value: 'Notes' },
      ]),
    );
    expect(statements(code).filter((line) => /fill|press/.test(line))).to.deep.equal([
      "await page.getByRole('textbox', { name: 'Note' }).pressSequentially('Hello ');",
      "await page.getByRole('textbox', { name: 'Note' }).press('Control+B');",
      "await page.getByRole('textbox', { name: 'Note' }).pressSequentially('world');",
      "await page.getByLabel('Title').fill('Notes');",
    ]);
  });

  it('does not submit twice, nor load again what a click loaded', () => {
    const code = playwrightFile(
      of([
        { type: 'click', locator: "getByRole('button', { name: 'Send' })", ts: 0 },
        { type: 'submit', locator: "locator('form')", ts: 10 },
        { type: 'navigate', navigation: 'load', url: `${ORIGIN}/app/done.html`, ts: 300 },
      ]),
    );
    expect(code).to.include('// the form was submitted by the action before');
    expect(code).not.to.include('requestSubmit');
    expect(code).to.include("await page.waitForURL((url) => url.pathname + url.search + url.hash === '/app/done.html');");
  });

  it('leaves out, with a comment, an action whose target cannot be named safely', () => {
    const code = playwrightFile(of([{ type: 'click', locator: "getByRole('button'); process.exit(1); //" }]));
    expect(code).to.include('// click on an element with no usable locator recorded (left out)');
    expect(shapeOf(code).calls).not.to.include('exit');
  });

  it('leaves out, with a comment saying why, a click the page renamed as it was pressed', () => {
    const code = playwrightFile(of([{ type: 'click', renamed: true }]));
    expect(code).to.include(
      '// click on an element the page renamed as it was pressed: its name is not what was pressed (left out)',
    );
    expect(statements(code).join('\n')).not.to.include('.click(');
  });

  it('waits for at most 5 responses per action, one per method and path, and not for requests that got none', () => {
    const repro = of([{ type: 'click', locator: "getByTestId('go')" }]);
    const responses = [
      ...Array.from({ length: 8 }, (_, i) => ({ id: `n${i}`, method: 'GET', url: `${ORIGIN}/api/item/${i}?q=1`, status: 200 })),
      { id: 'n9', method: 'GET', url: `${ORIGIN}/api/item/0?q=2`, status: 200 },
      { id: 'n10', method: 'GET', url: `${ORIGIN}/down`, status: 0 },
    ];
    const code = playwrightFile({ ...repro, steps: [{ ...(repro.steps[0] as ReproStep), responses }] });
    expect(code.match(/answer\(page, 'GET', '\/api\/item\/\d'\),/g)).to.deep.equal(
      [0, 1, 2, 3, 4].map((i) => `answer(page, 'GET', '/api/item/${i}'),`),
    );
    expect(code).not.to.include('/down');
  });

  it('does not wait for a data: or blob: url the action fetched, which no test sees answered', () => {
    const repro = of([{ type: 'click', locator: "getByText('Subscribe', { exact: true })" }]);
    const responses = [
      { id: 'n1', method: 'GET', url: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E', status: 200 },
      { id: 'n2', method: 'GET', url: `blob:${ORIGIN}/5d1c6a2e-1f3b-4c1e-9a61-0c2f0d6e7b11`, status: 200 },
      { id: 'n3', method: 'POST', url: `${ORIGIN}/api/subscribe`, status: 201 },
    ];
    const code = playwrightFile({ ...repro, steps: [{ ...(repro.steps[0] as ReproStep), responses }] });
    expect(code.match(/answer\(page, [^)]*\)/g)).to.deep.equal(["answer(page, 'POST', '/api/subscribe')"]);
  });

  it('writes a file that parses and says only what was recorded, whatever the page put in its fields', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(text, text, text, text, text, text, (value, name, message, path, key, file) => {
        const url = `${ORIGIN}/${encodeURIComponent(path)}`;
        const repro = of(
          [
            { type: 'navigate', navigation: 'load', url },
            { type: 'fill', locator: `getByRole('textbox', { name: ${JSON.stringify(name)}, exact: true })`, value, url },
            { type: 'fill', locator: `getByLabel(${JSON.stringify(name)})`, value: '[redacted]', value_name: name, url },
            { type: 'press', key, url },
            { type: 'upload', selector: `text=${name}`, files: [{ name: file, size: 2, type: key }], url },
            { type: 'select', selector: `text=${name}`, nth: 2, values: [value, file], url },
            { type: 'navigate', navigation: 'load', url: message },
          ],
          {
            expect: 'errors',
            errors: [{ id: 'l1', message, source: 'exception' }],
            failed: [{ id: 'n1', method: key, url: `${url}?${message}`, status: 500 }],
          },
        );
        const code = playwrightFile(repro);
        expect(syntaxErrors(code), code).to.deep.equal([]);
        const shape = shapeOf(code);
        expect(shape.topLevel, code).to.equal(3);
        expect(
          shape.calls.filter((call) => !ALLOWED_CALLS.has(call)),
          code,
        ).to.deep.equal([]);
        expect(shape.strings).to.include.members([value, name, file, key, message]);
      }),
      { numRuns: 150 },
    );
  });
  it('reaches a child frame through its iframe by a locator, which waits for a frame the page adds after its load', () => {
    const code = playwrightFile(
      of([
        { type: 'navigate', navigation: 'load' },
        {
          type: 'click',
          locator: "getByRole('textbox', { name: 'Card holder', exact: true })",
          frame_url: `${ORIGIN}/gallery/frame.html`,
        },
      ]),
    );
    expect(syntaxErrors(code)).to.deep.equal([]);
    expect(statements(code)).to.include(
      `await page.locator('iframe[src$="frame.html"]').contentFrame().getByRole('textbox', { name: 'Card holder', exact: true }).click();`,
    );
    expect(code).not.to.include('page.frame(');
  });

  it('does not wait for a data: or blob: url the click made the page read, which Playwright sees no response for', () => {
    const repro = of([{ type: 'click', locator: "getByText('Subscribe', { exact: true })" }]);
    const responses = [
      { id: 'n1', method: 'GET', url: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E", status: 200 },
      { id: 'n2', method: 'GET', url: `blob:${ORIGIN}/0b8f`, status: 200 },
    ];
    const code = playwrightFile({ ...repro, steps: [{ ...(repro.steps[0] as ReproStep), responses }] });
    expect(code).not.to.include('answer(page');
    expect(statements(code)).to.include("await page.getByText('Subscribe', { exact: true }).click();");
  });
});
