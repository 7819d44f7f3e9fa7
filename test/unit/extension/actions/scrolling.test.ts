import { expect } from 'chai';
import { domAction } from '../../../../extension/src/inject/domActions.js';
import { type ActionPage, actionPage } from '../support/actionPage.js';

describe('page actions: the scrolling family (scroll, scroll_to)', () => {
  let page: ActionPage;
  afterEach(() => page.close());

  it('scrolls the window to x and y, keeping the axis not given', async () => {
    page = actionPage('<main></main>');
    expect(await domAction('scroll', { y: 400 }, 1_000)).to.deep.include({ ok: true, data: { scroll: { x: 0, y: 400 } } });
    expect(await domAction('scroll', { x: 30 }, 1_000)).to.deep.include({ ok: true, data: { scroll: { x: 30, y: 400 } } });
  });

  it('scrolls an element into view and names it', async () => {
    page = actionPage('<p id="far">Far</p>');
    expect(await domAction('scroll', { selector: '#far' }, 1_000)).to.deep.include({
      ok: true,
      data: { scroll: { x: 0, y: 0 }, element: '<p#far>' },
    });
  });

  it("sets an element's own scroll position as recorded, or the window's without a target (a replay's step)", async () => {
    page = actionPage('<div id="list" style="overflow:auto"></div>');
    expect(await domAction('scroll_to', { selector: '#list', y: 120 }, 1_000)).to.deep.include({
      ok: true,
      data: { scroll: { x: 0, y: 120 }, element: '<div#list>' },
    });
    expect((page.$('#list') as HTMLElement).scrollTop).to.equal(120);
    expect(await domAction('scroll_to', { x: 5, y: 9 }, 1_000)).to.deep.include({ ok: true, data: { scroll: { x: 5, y: 9 } } });
  });
});
