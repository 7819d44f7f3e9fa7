import { expect } from 'chai';
import type { Recorder } from '../../../extension/src/record/Recorder.js';
import { recordLoad, watchNavigations } from '../../../extension/src/relay/recordNavigations.js';
import { withPage } from './support/jsdom.js';

type Heard = [string, string, boolean];

/** A window with the Navigation API, whose events the test hands to the listeners as the browser would. */
function navigationWindow(start: string) {
  const listeners = new Map<string, (event: unknown) => void>();
  const win = {
    location: { href: start },
    navigation: { addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn) },
  };
  const go = (to: string, navigationType: string, userInitiated?: boolean) => {
    const from = win.location.href;
    listeners.get('navigate')?.({ isTrusted: true, navigationType, userInitiated });
    win.location.href = to;
    listeners.get('currententrychange')?.({ navigationType, from: { url: from } });
  };
  return { win: win as unknown as Window, go };
}

describe('extension recording: navigations within the document', () => {
  let page: ReturnType<typeof withPage> | undefined;
  afterEach(() => page?.close());

  it('records pushState, replaceState to another url, hash changes and back/forward, saying which back a script made', () => {
    const { win, go } = navigationWindow('http://localhost/list');
    const heard: Heard[] = [];
    const left: string[] = [];
    watchNavigations(
      (url, kind, byScript, from) => (heard.push([url, kind, byScript]), left.push(from)),
      () => true,
      win,
    );
    go('http://localhost/item/1', 'push');
    go('http://localhost/item/1', 'replace');
    go('http://localhost/item/1?tab=2', 'replace');
    go('http://localhost/item/1?tab=2#notes', 'push');
    go('http://localhost/list', 'traverse', false);
    go('http://localhost/item/1', 'traverse', true);
    go('http://localhost/other', 'reload');
    expect(heard).to.deep.equal([
      ['http://localhost/item/1', 'push', false],
      ['http://localhost/item/1?tab=2', 'replace', false],
      ['http://localhost/item/1?tab=2#notes', 'hash', false],
      ['http://localhost/list', 'pop', true],
      ['http://localhost/item/1', 'pop', false],
    ]);
    expect(left, 'each change says the url it left').to.deep.equal([
      'http://localhost/list',
      'http://localhost/item/1',
      'http://localhost/item/1?tab=2',
      'http://localhost/item/1?tab=2#notes',
      'http://localhost/list',
    ]);
  });

  it('records nothing while the frame does not record', () => {
    const { win, go } = navigationWindow('http://localhost/');
    const heard: Heard[] = [];
    watchNavigations(
      (url, kind, byScript) => heard.push([url, kind, byScript]),
      () => false,
      win,
    );
    go('http://localhost/a', 'push');
    expect(heard).to.deep.equal([]);
  });

  it('without the Navigation API, records popstate and hashchange when the url moved', () => {
    page = withPage('');
    const win = page.window;
    const Event = (win as unknown as { Event: typeof globalThis.Event }).Event;
    const heard: Heard[] = [];
    watchNavigations(
      (url, kind, byScript) => heard.push([url, kind, byScript]),
      () => true,
      win,
    );
    win.history.pushState({}, '', '/a');
    win.dispatchEvent(new Event('popstate'));
    win.dispatchEvent(new Event('popstate'));
    win.history.pushState({}, '', '/a#x');
    win.dispatchEvent(new Event('hashchange'));
    expect(heard).to.deep.equal([
      ['http://localhost:5173/a', 'pop', false],
      ['http://localhost:5173/a#x', 'hash', false],
    ]);
  });

  it('records the document’s own load at its start', () => {
    page = withPage('');
    const loads: unknown[][] = [];
    const recorder = { navigated: (...args: unknown[]) => loads.push(args) } as unknown as Recorder<Element>;
    recordLoad(recorder, page.window);
    expect(loads).to.deep.equal([['http://localhost:5173/', 'load', Math.round(page.window.performance.timeOrigin)]]);
  });
});
