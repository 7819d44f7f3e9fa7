import { expect } from 'chai';
import { ActionFailure } from '../../../extension/src/inject/ActionFailure.js';
import type { PageHandler } from '../../../extension/src/inject/PageHandler.js';
import { runPageAction } from '../../../extension/src/inject/pageRun.js';
import { RefRegistry } from '../../../extension/src/inject/refs.js';
import { RECORDER_SLOT } from '../../../extension/src/shared/actions.js';
import { type ActionPage, actionPage } from './support/actionPage.js';

const runner = { refs: new RefRegistry(), click: () => 'clicked' };
const found: Array<Element | undefined> = [];
const handler = (finds: PageHandler['finds']): PageHandler => ({
  finds,
  act: (target) => (found.push(target), target?.id ?? null),
});

describe('runPageAction: the one pipeline every page action runs through', () => {
  let page: ActionPage;
  beforeEach(() => (found.length = 0));
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for(RECORDER_SLOT)];
    page.close();
  });

  it('finds the element as the handler says: one, one or none, nothing', async () => {
    page = actionPage('<p id="p"></p>');
    expect(await runPageAction('hover', handler('one'), { selector: '#p' }, 1_000, undefined, runner)).to.equal('p');
    expect(await runPageAction('scroll', handler('one_or_none'), {}, 1_000, undefined, runner)).to.equal(null);
    expect(await runPageAction('scroll', handler('one_or_none'), { selector: '#p' }, 1_000, undefined, runner)).to.equal('p');
    expect(await runPageAction('wait_for', handler('nothing'), { selector: '#p' }, 1_000, undefined, runner)).to.equal(null);
  });

  it('waits for a pointer target to be visible and still, and looks again for one the page replaced', async () => {
    page = actionPage('<button id="b">Go</button>');
    // The page renders the button again before it has a box: the pipeline finds the new one.
    setTimeout(() => {
      page.$('#b').remove();
      page.document.body.insertAdjacentHTML('beforeend', '<button id="b" class="new" data-box="0 0 40 20">Go</button>');
    }, 40);
    await runPageAction('click', handler('ready'), { selector: '#b' }, 2_000, undefined, runner);
    expect((found[0] as Element).className).to.equal('new');
  });

  it('says a pointer target that never became visible is not actionable, within its budget', async () => {
    page = actionPage('<button id="b">Go</button>');
    let error: unknown;
    const started = Date.now();
    await runPageAction('click', handler('ready'), { selector: '#b' }, 120, undefined, runner).catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(ActionFailure).with.property('code', 'element_not_actionable');
    expect(Date.now() - started).to.be.below(1_000);
  });

  it("records an action as the table says it is recorded, under the agent's command, and one the table does not record not at all", async () => {
    page = actionPage('<input id="q">');
    const seen: unknown[] = [];
    (globalThis as Record<symbol, unknown>)[Symbol.for(RECORDER_SLOT)] = {
      agent: (type: string, correlation: string) => (seen.push([type, correlation]), () => undefined),
    };
    const recording: PageHandler = { finds: 'one', act: (target, _params, tools) => tools.record(target, () => 'done') };
    expect(await runPageAction('type', recording, { selector: '#q' }, 1_000, 'corr-1', runner)).to.equal('done');
    expect(await runPageAction('hover', recording, { selector: '#q' }, 1_000, 'corr-2', runner)).to.equal('done');
    // Without a command (the worker's own calls) nothing is the agent's.
    expect(await runPageAction('type', recording, { selector: '#q' }, 1_000, undefined, runner)).to.equal('done');
    expect(seen).to.deep.equal([['fill', 'corr-1']]);
  });

  it('tells the recorder an action that failed, and never lets the recorder stop the action', async () => {
    page = actionPage('<input id="q">');
    const ends: boolean[] = [];
    (globalThis as Record<symbol, unknown>)[Symbol.for(RECORDER_SLOT)] = { agent: () => (ok: boolean) => ends.push(ok) };
    const failing: PageHandler = {
      finds: 'one',
      act: (target, _params, tools) =>
        tools.record(target, () => {
          throw new ActionFailure('not_editable', 'no');
        }),
    };
    await runPageAction('type', failing, { selector: '#q' }, 1_000, 'corr-1', runner).catch(() => undefined);
    expect(ends).to.deep.equal([false]);
    (globalThis as Record<symbol, unknown>)[Symbol.for(RECORDER_SLOT)] = {
      agent: () => {
        throw new Error('recorder broke');
      },
    };
    const fine: PageHandler = { finds: 'one', act: (target, _params, tools) => tools.record(target, () => 'ran') };
    expect(await runPageAction('type', fine, { selector: '#q' }, 1_000, 'corr-1', runner)).to.equal('ran');
  });
});
