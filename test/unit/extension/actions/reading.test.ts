import { expect } from 'chai';
import { domAction } from '../../../../extension/src/inject/domActions.js';
import { type ActionPage, actionPage } from '../support/actionPage.js';

type Data = { ok: true; data: Record<string, unknown> };

describe('page actions: the reading family (snapshot, wait_for, query_dom, highlight, audit)', () => {
  let page: ActionPage;
  afterEach(() => {
    delete (globalThis as { axe?: unknown }).axe;
    page.close();
  });

  it('snapshots the page with a ref for each element to act on, and a subtree from its selector', async () => {
    page = actionPage(
      '<h1 data-box="0 0 100 20">Todos</h1><main id="m" data-box="0 30 100 50"><button data-box="0 30 50 20">Add</button></main>',
    );
    const whole = (await domAction('snapshot', {}, 1_000)) as Data;
    expect(whole.data.url).to.equal('http://localhost:5173/');
    expect(whole.data.snapshot)
      .to.include('heading "Todos"')
      .and.to.match(/button "Add" \[ref=e\d+\]/);
    const part = (await domAction('snapshot', { selector: '#m' }, 1_000)) as Data;
    expect(part.data.snapshot).to.include('button "Add"').and.not.to.include('Todos');
  });

  it('acts on an element by the ref its snapshot gave, and calls a ref of a removed element stale', async () => {
    page = actionPage('<button id="b" data-box="0 0 50 20">Go</button>');
    const taken = (await domAction('snapshot', {}, 1_000)) as Data;
    const ref = /\[ref=(e\d+)\]/.exec(String(taken.data.snapshot))?.[1] as string;
    expect(await domAction('hover', { ref }, 1_000)).to.deep.include({ ok: true });
    page.$('#b').remove();
    expect(await domAction('hover', { ref }, 1_000)).to.deep.include({ ok: false, code: 'stale_ref' });
  });

  it('waits for a selector to become visible, and says why it did not within the budget', async () => {
    page = actionPage('<p id="late" style="display:none">Later</p>');
    setTimeout(() => page.$('#late').setAttribute('data-box', '0 0 10 10'), 30);
    setTimeout(() => ((page.$('#late') as HTMLElement).style.display = ''), 30);
    const found = (await domAction('wait_for', { selector: '#late' }, 1_000)) as Data;
    expect(found.ok).to.equal(true);
    const missing = await domAction('wait_for', { selector: '#never' }, 120);
    expect(missing).to.deep.include({ ok: false, code: 'wait_for_timeout', timeout: true });
    expect((missing as { message: string }).message).to.include('nothing matches');
  });

  it('queries the DOM: how many match and the first `limit`, saying there are more', async () => {
    page = actionPage('<li>a</li><li>b</li><li>c</li>');
    expect(await domAction('query_dom', { selector: 'li', limit: 2 }, 1_000)).to.deep.include({ ok: true });
    const answer = (await domAction('query_dom', { selector: 'li', limit: 2 }, 1_000)) as Data;
    expect(answer.data).to.deep.include({ count: 3, has_more: true });
    expect((answer.data.elements as unknown[]).length).to.equal(2);
  });

  it('highlights what a selector matches with overlays that go by themselves, and needs a selector', async () => {
    page = actionPage('<p class="x">1</p><p class="x">2</p>');
    expect(await domAction('highlight', { selector: '.x' }, 1_000)).to.deep.include({ ok: true });
    expect(page.document.querySelectorAll('[data-browsertap-highlight]')).to.have.length(2);
    expect(await domAction('highlight', {}, 1_000)).to.deep.include({ ok: false, code: 'invalid_params' });
  });

  it("audits with axe-core once it is loaded, each violation's elements by selector and ref", async () => {
    page = actionPage('<img id="logo" src="x.png">');
    expect(await domAction('audit', {}, 1_000)).to.deep.include({ ok: false, code: 'axe_missing' });
    (globalThis as { axe?: unknown }).axe = {
      run: async () => ({
        violations: [
          { id: 'image-alt', impact: 'critical', help: 'Images must have alternate text', nodes: [{ target: ['#logo'] }] },
        ],
      }),
    };
    const answer = (await domAction('audit', { rules: ['image-alt'] }, 1_000)) as Data;
    const [violation] = answer.data.violations as Array<{ nodes: Array<{ selector: string; ref: string }> }>;
    expect(violation).to.deep.include({
      rule: 'image-alt',
      impact: 'critical',
      help: 'Images must have alternate text',
      count: 1,
    });
    expect(violation?.nodes[0]?.selector).to.equal('#logo');
    expect(violation?.nodes[0]?.ref).to.match(/^e\d+$/);
  });
});
