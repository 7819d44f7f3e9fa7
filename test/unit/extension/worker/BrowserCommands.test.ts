import { expect } from 'chai';
import { BrowserCommands, type PageHooks } from '../../../../extension/src/worker/BrowserCommands.js';
import '../../../../extension/src/inject/domActions.js';
import type { Query } from '../../../../extension/src/shared/commands.js';
import { TabScope } from '../../../../extension/src/worker/TabScope.js';
import { type ActionPage, actionPage } from '../support/actionPage.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

const global = globalThis as unknown as Record<symbol, unknown>;
// The fake chrome runs an injected function here: the tab's page is this jsdom page, its page
// actions the real ones (dom-actions.js, installed by its import).
const query = (type: string, params: Record<string, unknown> = {}, id = 'corr-1-00000000'): Query => ({
  id: 'q-1',
  correlation_id: id,
  type,
  params,
  tab_id: 1,
});

describe('BrowserCommands: each command by its handler, in the tab it acts in', () => {
  let fake: FakeChrome;
  let page: ActionPage;
  let acting: string[];
  let hooks: PageHooks;

  beforeEach(() => {
    page = actionPage(
      '<p id="x">X</p><button id="a" data-box="0 0 40 20">A</button><input type="checkbox" id="b" data-box="0 30 10 10">',
    );
    acting = [];
    hooks = {
      order: async () => true,
      drain: async () => undefined,
      audited: () => undefined,
      acting: (tabId, correlationId, type, phase) => void acting.push(`${phase} ${type} ${tabId} ${correlationId}`),
    };
    fake = fakeChrome({ tabs: [{ id: 1, url: 'http://localhost:5173/', active: true }] }).install();
  });
  afterEach(() => {
    delete global[Symbol.for('browsertap.once')];
    fake.uninstall();
    page.close();
  });

  it('runs a page action through its handler, tells the tab it acts there and when it ended, and remembers the tab for the result', async () => {
    const commands = new BrowserCommands(new TabScope(), hooks);
    const result = (await commands.execute(
      query('hover', { selector: '#x' }),
      Date.now() + 2_000,
      new AbortController().signal,
    )) as {
      data: { hovered: { tag: string } };
    };
    expect(result.data.hovered.tag).to.equal('p');
    expect(acting).to.deep.equal(['start hover 1 corr-1-00000000', 'end hover 1 corr-1-00000000']);
    expect(commands.takeTab('corr-1-00000000')).to.equal(1);
    expect(commands.takeTab('corr-1-00000000')).to.equal(undefined);
  });

  it('says unknown_action for a command this extension has no handler for', async () => {
    const commands = new BrowserCommands(new TabScope(), hooks);
    const failure = await commands
      .execute(query('teleport'), Date.now() + 1_000, new AbortController().signal)
      .catch((error: unknown) => error);
    expect(failure).to.deep.include({
      code: 'unknown_action',
      message: 'This version of the extension cannot run "teleport"; update the extension',
    });
  });

  it("runs a replay's steps in the replay's tab, each as the command it names", async () => {
    const commands = new BrowserCommands(new TabScope(), hooks);
    const steps = [
      { id: 'a1', type: 'click', params: { selector: '#a' } },
      { id: 'a2', type: 'check', params: { selector: '#b' } },
    ];
    const result = await commands.execute(
      query('replay', { steps, settle_ms: 0 }),
      Date.now() + 10_000,
      new AbortController().signal,
    );
    expect(result).to.deep.include({ success: true });
    expect(acting.filter((line) => line.startsWith('start'))).to.deep.equal([
      'start click 1 corr-1-00000000',
      'start check 1 corr-1-00000000',
    ]);
  });

  it('reports a resumed command from what the page kept of its one run, and extension_restarted when nothing kept it', async () => {
    const commands = new BrowserCommands(new TabScope(), hooks);
    await commands.execute(
      query('hover', { selector: '#x' }, 'corr-2-00000000'),
      Date.now() + 2_000,
      new AbortController().signal,
    );
    const resumed = (await commands.recall(query('hover', {}, 'corr-2-00000000'), Date.now() + 1_000)) as {
      data: unknown;
      note: string;
    };
    expect((resumed.data as { hovered: { tag: string } }).hovered.tag).to.equal('p');
    expect(resumed.note).to.include('restarted');
    const lost = await commands
      .recall(query('navigate', {}, 'corr-3-00000000'), Date.now() + 1_000)
      .catch((error: unknown) => error);
    expect(lost).to.deep.include({ code: 'extension_restarted' });
  });
});
