import { expect } from 'chai';
import { DetailedPages } from '../../../extension/src/worker/DetailedPages.js';

const PAGE = 'http://localhost:5173/gallery';

describe('DetailedPages (pages whose PNG came out too large are captured as JPEG for a while)', () => {
  it('remembers a tab’s page for forMs after its PNG came out too large, and not a millisecond longer', () => {
    const pages = new DetailedPages(10_000, 60_000, 4);
    pages.note(7, PAGE, 1_000);
    expect(pages.isDetailed(7, PAGE, 10_999)).to.equal(true);
    pages.note(8, PAGE, 1_000);
    expect(pages.isDetailed(8, PAGE, 11_000)).to.equal(false);
    expect(pages.isDetailed(8, PAGE, 2_000), 'forgotten once expired').to.equal(false);
  });

  it('keeps the page while its screenshots come less than forMs apart, and at most keepMs after its PNG was too large', () => {
    const pages = new DetailedPages(10_000, 60_000, 4);
    pages.note(7, PAGE, 0);
    const seen = [9_000, 18_000, 27_000, 36_000, 45_000, 54_000, 59_999].map((at) => pages.isDetailed(7, PAGE, at));
    expect(seen).to.deep.equal([true, true, true, true, true, true, true]);
    expect(pages.isDetailed(7, PAGE, 60_000), 'a minute after: PNG is tried again').to.equal(false);
  });

  it('is about the page: the same tab on another url is tried as PNG again', () => {
    const pages = new DetailedPages(10_000, 60_000, 4);
    pages.note(7, PAGE, 0);
    expect(pages.isDetailed(7, `${PAGE}?page=2`, 1)).to.equal(false);
    expect(pages.isDetailed(7, PAGE, 2), 'the other page put it out').to.equal(false);
    expect(pages.isDetailed(8, PAGE, 1), 'another tab on that url').to.equal(false);
  });

  it('forgets a tab whose PNG fit, and a tab with no url is never noted', () => {
    const pages = new DetailedPages(10_000, 60_000, 4);
    pages.note(7, PAGE, 0);
    pages.forget(7);
    expect(pages.isDetailed(7, PAGE, 1)).to.equal(false);
    pages.note(9, undefined, 0);
    expect(pages.isDetailed(9, undefined, 1)).to.equal(false);
  });

  it('keeps at most max tabs: one past the bound puts out the tab noted longest ago', () => {
    const pages = new DetailedPages(10_000, 60_000, 3);
    for (const tab of [1, 2, 3]) pages.note(tab, PAGE, tab);
    pages.note(1, PAGE, 10); // noted again: the newest now
    pages.note(4, PAGE, 11);
    expect([1, 2, 3, 4].map((tab) => pages.isDetailed(tab, PAGE, 12))).to.deep.equal([true, false, true, true]);
  });
});
