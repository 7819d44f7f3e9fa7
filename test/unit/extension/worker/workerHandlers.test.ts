import { expect } from 'chai';
import { ACTION_LIST, inPage } from '../../../../src/domain/browserActions/table.js';
import { inPage as runInPage } from '../../../../extension/src/worker/actions/page.js';
import { READING } from '../../../../extension/src/worker/actions/reading.js';
import { workerHandlerFor } from '../../../../extension/src/worker/workerHandlers.js';

describe('workerHandlers: how the worker runs each action of the table', () => {
  it('has a handler for every action, the page families by the page unless their family adds a worker side', () => {
    for (const action of ACTION_LIST) {
      const handler = workerHandlerFor(action.name);
      expect(handler, action.name).to.be.a('function');
      if (inPage(action)) expect(handler, action.name).to.equal((READING as Record<string, unknown>)[action.name] ?? runInPage);
      else expect(handler, action.name).to.not.equal(runInPage);
    }
  });

  it('has none for a name that is no action (nor an inherited key, nor a page call)', () => {
    for (const name of ['teleport', '__proto__', 'constructor', 'settle', 'measure'])
      expect(workerHandlerFor(name), name).to.equal(undefined);
  });
});
