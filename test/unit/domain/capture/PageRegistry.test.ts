import { expect } from 'chai';
import { PageRegistry } from '../../../../src/domain/capture/PageRegistry.js';

describe('PageRegistry', () => {
  const load = (tab_id: number, url = `http://x/${tab_id}`) => ({ tab_id, url, title: `T${tab_id}`, event: 'load' as const });

  it('knows the most recently active page and every tab, most recent first', () => {
    const pages = new PageRegistry();
    pages.apply(load(1), 10);
    pages.apply(load(2), 20);
    pages.apply({ ...load(1, 'http://x/next'), event: 'navigate' }, 30);
    expect(pages.current()).to.deep.equal({ tab_id: 1, url: 'http://x/next', title: 'T1', updated_at: 30 });
    expect(pages.all().map((p) => p.tab_id)).to.deep.equal([1, 2]);
  });

  it('forgets a closed tab', () => {
    const pages = new PageRegistry();
    pages.apply(load(1), 1);
    pages.apply({ ...load(1), event: 'close' }, 2);
    expect(pages.current()).to.equal(undefined);
  });

  it('keeps a document’s start when the same page is told again without one (the extension reconnecting), not for another page', () => {
    const pages = new PageRegistry();
    pages.apply({ ...load(1), started_at: 1_000 }, 10);
    pages.apply(load(1), 20);
    expect(pages.current()).to.include({ url: 'http://x/1', started_at: 1_000, updated_at: 20 });
    pages.apply(load(1, 'http://x/other'), 30);
    expect(pages.current()).to.not.have.property('started_at');
  });

  it('keeps at most its capacity, dropping the least recently active', () => {
    const pages = new PageRegistry(2);
    pages.apply(load(1), 1);
    pages.apply(load(2), 2);
    pages.apply(load(3), 3);
    expect(pages.all().map((p) => p.tab_id)).to.deep.equal([3, 2]);
  });
});
