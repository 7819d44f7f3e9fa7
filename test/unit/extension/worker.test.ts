import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { forwardBatch, parseBatch } from '../../../extension/src/worker/capture.js';
import { MAX_BATCH_JSON } from '../../../extension/src/shared/protocol.js';
import { Forwarder, type ForwardKind } from '../../../extension/src/worker/Forwarder.js';
import { originPattern } from '../../../extension/src/worker/PageScripts.js';
import { isBlankUrl } from '../../../extension/src/worker/TabScope.js';

function recorder() {
  const clock = createClock(0);
  const sent: Array<{ kind: ForwardKind; entries: readonly object[] }> = [];
  const forwarder = new Forwarder({
    send: async (kind, entries) => (sent.push({ kind, entries }), { received: entries.length, rejected: 0 }),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle as number),
    now: () => clock.now,
  });
  return { clock, sent, forwarder };
}

describe('extension worker helpers', () => {
  it('stamps entries with the sender tab (a page cannot claim another) and remembers page urls', async () => {
    const { clock, sent, forwarder } = recorder();
    const pages = new Map<number, string>();
    forwardBatch(
      {
        logs: [{ level: 'error', message: 'x', tab_id: 999 }, 'junk'],
        page: [{ url: 'http://localhost/a', title: 'A', event: 'load' }],
        bogus: [{}],
      },
      7,
      forwarder,
      pages,
    );
    await clock.tickAsync(0);
    expect(sent).to.deep.equal([
      { kind: 'logs', entries: [{ level: 'error', message: 'x', tab_id: 7 }] },
      { kind: 'page', entries: [{ tab_id: 7, url: 'http://localhost/a', title: 'A', event: 'load' }] },
    ]);
    expect(pages.get(7)).to.equal('http://localhost/a');
  });

  it('takes at most 500 entries from one page message', async () => {
    const { clock, sent, forwarder } = recorder();
    forwardBatch({ logs: Array.from({ length: 800 }, (_, i) => ({ message: `n${i}` })) }, 1, forwarder, new Map());
    await clock.tickAsync(1_000);
    expect(sent.reduce((sum, s) => sum + s.entries.length, 0)).to.equal(500);
  });

  it('ignores batches that are not objects', () => {
    const { forwarder } = recorder();
    for (const batch of [null, 'x', [1], 3]) forwardBatch(batch, 1, forwarder, new Map());
    expect(forwarder.stats.held).to.equal(0);
  });

  it('parses a page batch as JSON, refusing anything else or anything too long', () => {
    expect(parseBatch('{"logs":[{"message":"hi"}]}')).to.deep.equal({ logs: [{ message: 'hi' }] });
    for (const bad of ['{"logs":', 42, undefined, { logs: [] }, `"${'x'.repeat(MAX_BATCH_JSON)}"`])
      expect(parseBatch(bad), String(bad).slice(0, 20)).to.equal(undefined);
  });

  it('knows blank pages and origin match patterns', () => {
    for (const url of [undefined, '', 'about:blank', 'chrome://newtab/', 'chrome://new-tab-page/'])
      expect(isBlankUrl(url), String(url)).to.equal(true);
    for (const url of ['https://example.com/', 'chrome://settings/']) expect(isBlankUrl(url), url).to.equal(false);
    expect(originPattern('https://shop.example.com:8443/cart?x=1')).to.equal('https://shop.example.com/*');
    expect(originPattern('file:///tmp/x.html')).to.equal(undefined);
    expect(originPattern('nonsense')).to.equal(undefined);
  });
});
