import { expect } from 'chai';
import { startHarness, type Harness, logEntry, payload } from '../../support/daemonHarness.js';

describe('summary per page (docs/mcp-tools.md)', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => h.stop());

  it('counts under a page only what its current document logged; a tab’s earlier pages count in totals', async () => {
    const extension = h.extension();
    const first = 1_700_000_000_000;
    const second = first + 60_000;
    await extension.page({ tab_id: 4, url: 'http://localhost:5173/a', title: 'A', event: 'load', started_at: first } as never);
    const errors = (url: string, ts: number, n: number) =>
      Array.from({ length: n }, (_, i) => logEntry({ level: 'error', message: `boom ${url} ${i}`, url, ts: ts + i, tab_id: 4 }));
    await extension.send('/logs', errors('http://localhost:5173/a', first + 100, 15));
    await extension.page({ tab_id: 4, url: 'http://localhost:5173/b', title: 'B', event: 'load', started_at: second } as never);
    await extension.send('/logs', errors('http://localhost:5173/b', second + 100, 5));
    const client = await h.client();
    const summary = payload(await client.callTool({ name: 'observe', arguments: { what: 'summary' } }));
    expect(summary.totals.errors).to.equal(20);
    expect(summary.pages).to.have.length(1);
    expect(summary.pages[0]).to.include({ tab_id: 4, url: 'http://localhost:5173/b', errors: 5 });
  });

  it('counts everything of the tab when the page did not say when its document began', async () => {
    const extension = h.extension();
    await extension.page({ tab_id: 5, url: 'http://localhost:5173/', title: 'x', event: 'load' });
    await extension.send('/logs', [logEntry({ level: 'error', message: 'e', ts: 1, tab_id: 5 })]);
    const client = await h.client();
    const summary = payload(await client.callTool({ name: 'observe', arguments: { what: 'summary' } }));
    expect(summary.pages[0]).to.include({ tab_id: 5, errors: 1 });
  });
});
