import { expect } from 'chai';
import { DaemonLink, PAGES_KEY } from '../../../../extension/src/worker/daemonLink.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe("daemonLink: this worker start's way to the daemon", () => {
  let fake: FakeChrome;
  const realFetch = globalThis.fetch;
  let posted: Array<{ url: string; body: unknown }>;
  let answer: () => Response;

  beforeEach(() => {
    fake = fakeChrome().install();
    posted = [];
    answer = () => new Response('{"accepted":true}', { status: 200 });
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      posted.push({ url, body: JSON.parse(String(init.body)) });
      return answer();
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    fake.uninstall();
  });

  it("knows its instance, its boot and its version, the daemon's port, and the page urls of its last start", async () => {
    await fake.chrome.storage.local.set({ daemonPort: 7999, instanceId: 'ext-1' });
    await fake.chrome.storage.session.set({ [PAGES_KEY]: { 3: 'http://localhost:5173/cart' } });
    const pages = new Map<number, string>();
    const link = new DaemonLink(pages);
    expect((await link.daemon()).port).to.equal(7999);
    expect(link.identity()).to.deep.equal({ instanceId: 'ext-1', bootId: link.bootId, version: '0.1.0' });
    expect(link.bootId).to.match(/^boot-[0-9a-f-]{36}$/);
    expect([...pages]).to.deep.equal([[3, 'http://localhost:5173/cart']]);
    link.moveTo(8000);
    expect((await link.daemon()).port).to.equal(8000);
  });

  it('posts a result to the daemon, and gives up at once when the daemon refuses it', async () => {
    await fake.chrome.storage.local.set({ daemonPort: 7999, instanceId: 'ext-1' });
    const link = new DaemonLink(new Map());
    await link.postResult({ correlation_id: 'corr-1', status: 'complete', result: 1 });
    expect(posted).to.deep.equal([
      { url: 'http://127.0.0.1:7999/query-result', body: { correlation_id: 'corr-1', status: 'complete', result: 1 } },
    ]);
    answer = () => new Response('{"error":"invalid_params","message":"no"}', { status: 400 });
    await link.postResult({ correlation_id: 'corr-2', status: 'complete' });
    expect(posted).to.have.length(2);
  });
});
