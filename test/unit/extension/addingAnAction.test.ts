import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { PAGE_FAMILIES, type PageFamily } from '../../../src/domain/browserActions/BrowserAction.js';
import { ACTION_LIST, inPage } from '../../../src/domain/browserActions/table.js';
import { PAGE_HANDLERS } from '../../../extension/src/inject/pageHandlers.js';
import { workerHandlerFor } from '../../../extension/src/worker/workerHandlers.js';
import { OTHER_VOCABULARIES, sayings } from '../../support/actionLiterals.js';

/**
 * docs/architecture.md, "Adding an action": each action is an entry in its family's file of the
 * table, a handler in its family's file of the extension, a test in its family's test file and a
 * line of docs/mcp-tools.md — and its name, as an action or a recorded kind, is said nowhere else. This checks every action of the
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

type Source = { readonly path: string; readonly text: string };

/**
 * The files that say `name` as a string where it names an action or a recorded kind. The same word in
 * another vocabulary (a DOM event, an element's type, a role, a field, a log source…) is told by the call
 * or property it is an argument of (test/support/actionLiterals.ts, OTHER_VOCABULARIES) and not counted;
 * `scripts/action-literals.ts` lists every saying and its vocabulary.
 */
function filesSaying(name: string, sources: readonly Source[]): string[] {
  const said = sources.flatMap(({ path, text }) => sayings(path, text, [name]));
  return [...new Set(said.filter((saying) => saying.other === undefined).map((saying) => saying.path))];
}

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

      it('is said as a string, naming an action or a recorded kind, nowhere but there', () => {
        const saying = filesSaying(action.name, SOURCES);
        expect(saying.length, saying.join(', ')).to.be.at.most(2);
      });
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

  describe('the count of said names', () => {
    const said = (code: string, name = 'click') => sayings('fake.ts', code, [name])[0]?.other?.why;

    it('counts a recorded kind said again as a string, in a comparison, a case or an action object', () => {
      for (const code of [
        "if (entry.type === 'click') return;",
        "switch (action.type) {\n  case 'click':\n    return 1;\n}",
        "const wire = { ts, by: 'human', type: 'click', url };",
        "records: 'click',",
        "recorder.chose(element, 'click');",
      ]) {
        expect(said(code), code).to.equal(undefined);
      }
    });

    it('fails a name once a third file re-adds it as a recorded kind', () => {
      const again = (path: string) => ({
        path,
        text: "export const navigated = (entry: ActionEntry) => entry.type === 'click';\n",
      });
      expect(filesSaying('click', SOURCES)).to.have.length.at.most(2);
      const saying = filesSaying('click', [...SOURCES, again('src/a.ts'), again('src/b.ts')]);
      expect(saying).to.include.members(['src/a.ts', 'src/b.ts']);
      expect(saying.length).to.be.above(2);
    });

    it('leaves out a DOM event, an element type, a role or a field by the call or property it is an argument of', () => {
      expect(said("element.addEventListener('click', onClick);")).to.equal('a DOM event');
      expect(said("el.dispatchEvent(new MouseEvent('click', { bubbles: true }));")).to.equal('a DOM event');
      expect(said("(element as HTMLButtonElement).type === 'submit'", 'submit')).to.equal("an element's type");
      expect(said("const ROLE_NAMES = new Set(['button', 'dialog']);", 'dialog')).to.equal(
        'an element, input, role or attribute name (a set named for them)',
      );
      expect(said("own(object, 'type')", 'type')).to.equal('a field or attribute name');
    });

    it('keeps only positions some source uses (the list stays small)', () => {
      const names = ACTION_LIST.map((action) => action.name);
      const used = new Set(SOURCES.flatMap(({ path, text }) => sayings(path, text, names)).map((saying) => saying.other));
      expect(OTHER_VOCABULARIES.filter((vocabulary) => !used.has(vocabulary)).map((vocabulary) => vocabulary.why)).to.deep.equal(
        [],
      );
    });
  });
});
