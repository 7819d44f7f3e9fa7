import { expect } from 'chai';
import { ACTION_LIST, inPage } from '../../../src/domain/browserActions/table.js';
import { actOn, handlerFor, PAGE_HANDLERS } from '../../../extension/src/inject/pageHandlers.js';
import { PAGE_CALL } from '../../../extension/src/shared/commands.js';

describe('pageHandlers: one handler per page action of the table', () => {
  it("has a handler for each action of a page family and for nothing else but the worker's page calls", () => {
    const pageActions = ACTION_LIST.filter(inPage).map((action) => action.name);
    expect(Object.keys(PAGE_HANDLERS)).to.have.members(pageActions);
    for (const name of [...pageActions, ...Object.values(PAGE_CALL)]) expect(handlerFor(name), name).to.not.equal(undefined);
    for (const name of ['navigate', 'execute_js', 'teleport', '__proto__', 'toString'])
      expect(handlerFor(name), name).to.equal(undefined);
  });

  it('runs an action on an element at hand with the click given, and refuses a name that is no page action', () => {
    const clicked: unknown[] = [];
    const element = {
      tagName: 'INPUT',
      type: 'checkbox',
      checked: false,
      getAttribute: () => null,
      id: 'c',
    } as unknown as Element;
    const click = (target: Element) => {
      clicked.push(target);
      (target as HTMLInputElement).checked = true;
    };
    expect(actOn('check', element, {}, click)).to.deep.include({ checked: true, clicked: true });
    expect(clicked).to.deep.equal([element]);
    expect(() => actOn('navigate', element, {}, click)).to.throw(/does not know the page action "navigate"/);
    expect(() => actOn('query_dom', undefined, { selector: '#x' }, click)).to.throw(/looks for elements/);
  });
});
