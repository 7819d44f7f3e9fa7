import { expect } from 'chai';
import { build } from 'esbuild';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { parseLocator } from '../../src/domain/reproduction/locatorExpression.js';
import { CHROMIUM } from './support/chromium.js';

// The recorder's names and roles, and the locators it records, held to Playwright's own in the
// browser (docs/recording.md: names as Playwright computes them): the ARIA cases where accname
// libraries and browsers part ways — aria-labelledby naming the element itself, hidden labelling
// elements, embedded fields, title against placeholder — and elements inside open shadow roots.
// No extension here: our naming code is bundled as the extension bundles it and run in the page.

/** Each element with data-case is one case; its text says what it tries. */
const CORPUS = `<!doctype html><html><head><title>names</title></head><body>
<label id="l1" for="c1">Status</label><button id="c1" data-case="labelled by its label and itself" aria-labelledby="l1 c1">Backlog</button>
<button id="c2" data-case="labelled by itself alone" aria-labelledby="c2">Only me</button>
<span id="l3">items</span><button id="c3" data-case="itself first, then another" aria-labelledby="c3 l3">Delete</button>
<span id="l4" hidden>Hidden label</span><button data-case="labelled by a hidden element" aria-labelledby="l4">x</button>
<span id="l5">Flush <input value="10" aria-label="minutes"> later</span><button data-case="labelled by text holding a field" aria-labelledby="l5">ok</button>
<span id="l7">Delete</span><button id="c7" data-case="itself with an aria-label" aria-label="file" aria-labelledby="l7 c7">×</button>
<input data-case="title and placeholder" title="Search the site" placeholder="Search…">
<input data-case="placeholder alone" placeholder="petId">
<button data-case="an image's alt inside"><img alt="Close" src="data:,"></button>
<a href="#" data-case="hidden text inside">Read <span style="display:none">secret</span>more</a>
<button data-case="aria-labelledby of no element" aria-labelledby="nope">Fallback</button>
<label><input type="checkbox" data-case="checkbox in its label"> Remember me</label>
<span id="l13" aria-label="Labelled">ignored text</span><button data-case="labelled by an element with aria-label" aria-labelledby="l13">x</button>
<span id="l14">Country</span><div id="c14" role="combobox" data-case="combobox labelled by itself" aria-labelledby="l14 c14" tabindex="0">France</div>
<label id="l15" for="c15">Priority</label><button id="c15" data-case="labelled by itself with inner parts" aria-labelledby="l15 c15"><span>High</span><svg aria-hidden="true" width="4" height="4"></svg></button>
<ul role="menu"><li role="menuitem" data-case="menu item with a shortcut">Copy <kbd>Ctrl+C</kbd></li></ul>
<a href="#" data-case="link with inner elements unspaced"><span>Add</span><span>to wishlist</span></a>
<button data-case="button with a title only" title="Settings"><svg width="4" height="4"></svg></button>
<div role="option" aria-selected="false" data-case="option with inner text">Medium <small>(M)</small></div>
<x-field></x-field>
<x-option role="option" data-case="option host with a slotted label">Large</x-option>
<script>
  document.querySelector('x-field').attachShadow({ mode: 'open' }).innerHTML =
    '<label id="lab">Nickname</label><input data-case="field in a shadow root labelled there" aria-labelledby="lab">';
  document.querySelector('x-option').attachShadow({ mode: 'open' }).innerHTML = '<div class="option"><slot></slot></div>';
</script>
</body></html>`;

interface Ours {
  readonly role: string;
  readonly name: string;
  readonly locator?: string;
}

/** The first line of Playwright's aria snapshot of one element: its role and name as Playwright computes them. */
function playwrightsLine(snapshot: string): { role: string; name: string } {
  const match = /^- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(snapshot);
  if (match === null) return { role: '', name: '' };
  return { role: match[1] as string, name: match[2] === undefined ? '' : (JSON.parse(`"${match[2]}"`) as string) };
}

describe('e2e: names and locators as Playwright computes them', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;
  let cases: string[];

  before(async function () {
    const bundle = await build({
      stdin: {
        contents: [
          "import { accessibleName, roleOf } from './extension/src/inject/accessibleName.ts';",
          "import { describeTarget } from './extension/src/record/locators.ts';",
          'globalThis.__names = { accessibleName, roleOf, describeTarget };',
        ].join('\n'),
        resolveDir: process.cwd(),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'iife',
      target: 'chrome120',
      logLevel: 'silent',
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    page = await browser.newPage();
    await page.setContent(CORPUS);
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
    cases = await page.locator('[data-case]').evaluateAll((all) => all.map((e) => e.getAttribute('data-case') ?? ''));
  });

  after(async function () {
    await browser?.close();
  });

  const element = (name: string): Locator => page.locator(`[data-case=${JSON.stringify(name)}]`);
  const ours = (name: string): Promise<Ours> =>
    element(name).evaluate((e) => {
      const names = (globalThis as unknown as Record<string, any>).__names;
      return { role: names.roleOf(e), name: names.accessibleName(e), locator: names.describeTarget(e).locator };
    });

  it('names and roles every case as Playwright does', async function () {
    expect(cases.length).to.be.at.least(20);
    const differ: string[] = [];
    for (const name of cases) {
      const mine = await ours(name);
      const theirs = playwrightsLine(await element(name).ariaSnapshot());
      if (mine.name !== theirs.name || mine.role !== theirs.role)
        differ.push(
          `${name}: ours ${mine.role} ${JSON.stringify(mine.name)}, Playwright's ${theirs.role} ${JSON.stringify(theirs.name)}`,
        );
    }
    expect(differ).to.deep.equal([]);
  });

  it('records for every case a locator that resolves in Playwright to exactly that element', async function () {
    const wrong: string[] = [];
    for (const name of cases) {
      const { locator } = await ours(name);
      const calls = locator === undefined ? undefined : parseLocator(locator);
      if (calls === undefined) {
        wrong.push(`${name}: no locator (${String(locator)})`);
        continue;
      }
      let located: any = page;
      for (const call of calls) located = located[call.method](...call.args);
      const found = await (located as Locator).evaluateAll((all) => all.map((e) => e.getAttribute('data-case')));
      if (found.length !== 1 || found[0] !== name) wrong.push(`${name}: ${locator} finds ${JSON.stringify(found)}`);
    }
    expect(wrong).to.deep.equal([]);
  });
});
