import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { PAGE_FAMILIES, type PageFamily } from '../../../src/domain/browserActions/BrowserAction.js';
import { ACTION_LIST, inPage } from '../../../src/domain/browserActions/table.js';
import { ACTION_TYPES } from '../../../src/domain/wire/entries.js';
import { PAGE_HANDLERS } from '../../../extension/src/inject/pageHandlers.js';
import { workerHandlerFor } from '../../../extension/src/worker/workerHandlers.js';

/**
 * docs/architecture.md, "Adding an action": each action is an entry in its family's file of the
 * table, a handler in its family's file of the extension, a test in its family's test file and a
 * line of docs/mcp-tools.md — and its name is said nowhere else. This checks every action of the
 * table, so the last one added followed the walkthrough too.
 */
const read = (path: string) => readFileSync(path, 'utf8');
const TOOLS_DOC = read('docs/mcp-tools.md');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}
const SOURCES = [...sources('src'), ...sources('extension/src')].map((path) => ({ path, text: read(path) }));

/**
 * Names an action shares with another vocabulary, where the same word means something else: the
 * recorded kinds of action (the actions buffer's, Playwright's: `click`, `fill`, `select`…), DOM
 * event, element, input and ARIA role names, and the log source of an audit's violations.
 */
const HOMONYMS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(ACTION_TYPES.map((type) => [type, 'a recorded kind of action'])),
  type: "every object's `type` field (an event's, an input's, an entry's)",
  hover: 'the pick overlay’s hover state',
  dialog: 'the dialog role and element, and the timeline’s dialog rows',
  pick: 'the picks buffer and stream events',
  audit: "the log source of an audit's violations",
};

describe('adding an action: every action of the table followed the walkthrough (docs/architecture.md)', () => {
  for (const action of ACTION_LIST) {
    describe(action.name, () => {
      const family = action.family;
      const page = inPage(action);

      it(`is an entry of src/domain/browserActions/${family}.ts`, () => {
        expect(read(`src/domain/browserActions/${family}.ts`)).to.match(new RegExp(`^  ${action.name}: \\{`, 'm'));
      });

      it(`has its handler in extension/src/${page ? 'inject' : 'worker'}/actions/${family}.ts`, () => {
        const file = read(`extension/src/${page ? 'inject' : 'worker'}/actions/${family}.ts`);
        expect(file).to.match(new RegExp(`^  ${action.name}: `, 'm'));
        if (page) expect((PAGE_HANDLERS as Record<string, unknown>)[action.name]).to.be.an('object');
        expect(workerHandlerFor(action.name)).to.be.a('function');
      });

      it(`is tested in test/unit/extension/${page ? 'actions' : 'worker'}/${family}.test.ts`, () => {
        expect(read(`test/unit/extension/${page ? 'actions' : 'worker'}/${family}.test.ts`)).to.match(
          new RegExp(`\\b${action.name}\\b`),
        );
      });

      it(`has its line in docs/mcp-tools.md (${action.agent ? "interact's actions" : "replay's steps"})`, () => {
        const section = action.agent
          ? TOOLS_DOC.slice(TOOLS_DOC.indexOf('| action | arguments |'), TOOLS_DOC.indexOf('### Examples'))
          : TOOLS_DOC.slice(TOOLS_DOC.indexOf('| recorded | replayed as |'), TOOLS_DOC.indexOf('- **Not run twice**'));
        expect(section).to.match(new RegExp(`\`${action.name}\`[^|\\n]*\\|`));
      });

      if (HOMONYMS[action.name] === undefined) {
        it('is said as a string nowhere but there', () => {
          const saying = SOURCES.filter(({ text }) => new RegExp(`['"]${action.name}['"]`).test(text)).map(({ path }) => path);
          expect(saying.length, saying.join(', ')).to.be.at.most(2);
        });
      }
    });
  }

  it('keeps a page family to a domain file, a page handler file and a test file of the same name', () => {
    for (const family of PAGE_FAMILIES as readonly PageFamily[]) {
      for (const path of [
        `src/domain/browserActions/${family}.ts`,
        `extension/src/inject/actions/${family}.ts`,
        `test/unit/extension/actions/${family}.test.ts`,
      ]) {
        expect(statSync(path).isFile(), path).to.equal(true);
      }
    }
  });
});
