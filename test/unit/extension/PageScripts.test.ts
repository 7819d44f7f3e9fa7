import { expect } from 'chai';
import { documentCommitted, type Tracking } from '../../../extension/src/worker/PageScripts.js';
import { isDevelopmentUrl } from '../../../extension/src/shared/devOrigins.js';

/** chrome.scripting as far as PageScripts uses it: what was registered and injected. */
function fakeScripting() {
  const registered: chrome.scripting.RegisteredContentScript[] = [];
  const injected: Array<{ target: unknown; world: string; files: string[] }> = [];
  (globalThis as any).chrome = {
    scripting: {
      getRegisteredContentScripts: async ({ ids }: { ids: string[] }) => registered.filter((s) => ids.includes(s.id)),
      registerContentScripts: async (scripts: chrome.scripting.RegisteredContentScript[]) => void registered.push(...scripts),
      executeScript: async (injection: { target: unknown; world: string; files: string[] }) => void injected.push(injection),
    },
  };
  return { registered, injected };
}

const tracking = (explicit: number[] = []): Tracking => ({
  isTracked: (tabId, url) => explicit.includes(tabId) || (url !== undefined && isDevelopmentUrl(url)),
  isExplicit: (tabId) => explicit.includes(tabId),
});

describe('extension: loading the page scripts where the manifest does not', function () {
  afterEach(function () {
    delete (globalThis as any).chrome;
  });

  it('injects a frame of another origin inside a development page, and registers nothing for it', async function () {
    const { registered, injected } = fakeScripting();
    await documentCommitted(
      { tabId: 3, frameId: 7, parentFrameId: 0, url: 'https://widgets.example.com/embed' },
      tracking(),
      async () => 'http://localhost:5173/',
    );
    expect(registered).to.deep.equal([]);
    expect(injected.map((i) => [i.target, i.world, i.files[0]])).to.deep.equal([
      [{ tabId: 3, frameIds: [7] }, 'ISOLATED', 'relay.js'],
      [{ tabId: 3, frameIds: [7] }, 'MAIN', 'capture-tracked.js'],
    ]);
  });

  it('registers a development address the first time a tab shows it, for good, and loads the scripts now', async function () {
    const { registered, injected } = fakeScripting();
    await documentCommitted(
      { tabId: 4, frameId: 0, parentFrameId: -1, url: 'http://192.168.1.20:3000/app' },
      tracking(),
      async () => undefined,
    );
    expect(registered.map((s) => [s.matches, s.js, s.world, s.persistAcrossSessions, s.runAt, s.allFrames])).to.deep.equal([
      [['http://192.168.1.20/*'], ['capture.js'], 'MAIN', true, 'document_start', true],
      [['http://192.168.1.20/*'], ['relay.js'], 'ISOLATED', true, 'document_start', true],
    ]);
    expect(injected).to.have.length(2);
    // The next load: the registered scripts ran at document_start, nothing is injected again.
    await documentCommitted(
      { tabId: 4, frameId: 0, parentFrameId: -1, url: 'http://192.168.1.20:3000/next' },
      tracking(),
      async () => undefined,
    );
    expect(injected).to.have.length(2);
  });

  it('registers the new origin of a tab the person tracked, for this browser session', async function () {
    const { registered } = fakeScripting();
    await documentCommitted(
      { tabId: 5, frameId: 0, parentFrameId: -1, url: 'https://staging.example.com/' },
      tracking([5]),
      async () => undefined,
    );
    expect(registered.map((s) => [s.matches, s.js, s.persistAcrossSessions])).to.deep.equal([
      [['https://staging.example.com/*'], ['capture-tracked.js'], false],
      [['https://staging.example.com/*'], ['relay.js'], false],
    ]);
  });

  it('does nothing in an untracked tab, nor where the manifest already loads the scripts', async function () {
    const { registered, injected } = fakeScripting();
    await documentCommitted(
      { tabId: 6, frameId: 0, parentFrameId: -1, url: 'https://news.example.com/' },
      tracking(),
      async () => undefined,
    );
    await documentCommitted(
      { tabId: 6, frameId: 2, parentFrameId: 0, url: 'https://ads.example.net/' },
      tracking(),
      async () => 'https://news.example.com/',
    );
    await documentCommitted(
      { tabId: 7, frameId: 0, parentFrameId: -1, url: 'http://app.localhost:3000/' },
      tracking(),
      async () => undefined,
    );
    expect(registered).to.deep.equal([]);
    expect(injected).to.deep.equal([]);
  });
});
