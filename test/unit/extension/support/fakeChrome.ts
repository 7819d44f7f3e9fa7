/**
 * The `chrome` extension APIs the worker's modules use, in memory, installed as the global while
 * a test runs: tabs that load (a navigation fires `loading` then `complete` a tick apart),
 * scripting whose injections a test answers (by default a `func` runs here, in the test's global,
 * as if this were the page), storage, and the events the worker listens to, which a test fires.
 * Every call is logged as `api(args…)` for the test to read.
 */

type Listener = (...args: any[]) => unknown;

export const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export class FakeEvent {
  readonly listeners: Listener[] = [];
  addListener = (listener: Listener, ..._options: unknown[]) => void this.listeners.push(listener);
  removeListener = (listener: Listener) => {
    const at = this.listeners.indexOf(listener);
    if (at >= 0) this.listeners.splice(at, 1);
  };
  hasListeners = () => this.listeners.length > 0;
  /** Calls every listener; the answers, in order. */
  fire(...args: unknown[]): unknown[] {
    return [...this.listeners].map((listener) => listener(...args));
  }
}

export interface Injection {
  readonly target: { tabId: number; frameIds?: number[]; allFrames?: boolean };
  readonly world?: 'MAIN' | 'ISOLATED';
  readonly files?: string[];
  readonly func?: (...args: any[]) => unknown;
  readonly args?: unknown[];
}

export interface FakeChromeOptions {
  /** The tabs there are, by id (status `complete` unless said). */
  readonly tabs?: ReadonlyArray<Partial<chrome.tabs.Tab> & { id: number }>;
  /** Answers an injection; by default a `func` runs here with its args, files are taken as injected. */
  readonly inject?: (injection: Injection) => unknown;
  /** Answers a message to a tab's frame. */
  readonly message?: (tabId: number, message: unknown, options?: { frameId?: number }) => unknown;
}

export function fakeChrome(options: FakeChromeOptions = {}) {
  const calls: string[] = [];
  const log = (name: string, ...args: unknown[]) =>
    calls.push(`${name}(${args.map((arg) => JSON.stringify(arg) ?? String(arg)).join(', ')})`);
  const tabs = new Map<number, chrome.tabs.Tab>();
  const tab = (init: Partial<chrome.tabs.Tab> & { id: number }): chrome.tabs.Tab =>
    ({
      index: 0,
      windowId: 1,
      active: false,
      pinned: false,
      highlighted: false,
      incognito: false,
      selected: false,
      discarded: false,
      autoDiscardable: true,
      groupId: -1,
      status: 'complete',
      url: 'about:blank',
      title: '',
      frozen: false,
      ...init,
    }) as chrome.tabs.Tab;
  for (const init of options.tabs ?? []) tabs.set(init.id, tab(init));
  let nextId = 100;
  const events = {
    onUpdated: new FakeEvent(),
    onRemoved: new FakeEvent(),
    onCreated: new FakeEvent(),
    onActivated: new FakeEvent(),
    onReplaced: new FakeEvent(),
  };
  const storage = { local: new Map<string, unknown>(), session: new Map<string, unknown>() };
  const area = (name: 'local' | 'session') => ({
    get: async (key?: string | string[] | null) => {
      const keys = key === undefined || key === null ? [...storage[name].keys()] : Array.isArray(key) ? key : [key];
      return Object.fromEntries(keys.filter((k) => storage[name].has(k)).map((k) => [k, structuredClone(storage[name].get(k))]));
    },
    set: async (items: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(items)) storage[name].set(k, structuredClone(v));
    },
  });
  /** A tab's page loads `url`: `loading` now, `complete` on the next tick. */
  const load = (id: number, url?: string) => {
    const known = tabs.get(id);
    if (known === undefined) return;
    Object.assign(known, { status: 'loading', ...(url === undefined ? {} : { url }) });
    events.onUpdated.fire(id, { status: 'loading' }, { ...known });
    setTimeout(() => {
      if (!tabs.has(id)) return;
      known.status = 'complete';
      events.onUpdated.fire(id, { status: 'complete' }, { ...known });
    }, 1);
  };
  const get = async (id: number) => {
    const known = tabs.get(id);
    if (known === undefined) throw new Error(`No tab with id: ${id}.`);
    return { ...known };
  };
  const chrome = {
    runtime: {
      id: 'browsertap-test',
      getURL: (path: string) => `chrome-extension://browsertap-test/${path}`,
      getManifest: () => ({ version: '0.1.0' }),
      getPlatformInfo: async () => ({ os: 'linux' }),
      onMessage: new FakeEvent(),
      onConnect: new FakeEvent(),
      onInstalled: new FakeEvent(),
    },
    tabs: {
      ...events,
      get,
      query: async (filter: { active?: boolean } = {}) =>
        [...tabs.values()].filter((t) => filter.active === undefined || t.active === filter.active).map((t) => ({ ...t })),
      update: async (id: number, props: { url?: string; active?: boolean }) => {
        log('tabs.update', id, props);
        if (props.active !== undefined) Object.assign(tabs.get(id) ?? {}, { active: props.active });
        if (props.url !== undefined) load(id, props.url);
        return get(id);
      },
      reload: async (id: number) => (log('tabs.reload', id), load(id)),
      goBack: async (id: number) => (log('tabs.goBack', id), load(id)),
      goForward: async (id: number) => (log('tabs.goForward', id), load(id)),
      create: async (props: { url: string; active?: boolean }) => {
        log('tabs.create', props);
        const made = tab({ id: nextId++, url: props.url, active: props.active ?? true, status: 'loading' });
        tabs.set(made.id as number, made);
        events.onCreated.fire({ ...made });
        load(made.id as number);
        return { ...made };
      },
      remove: async (id: number) => {
        log('tabs.remove', id);
        tabs.delete(id);
        events.onRemoved.fire(id, {});
      },
      discard: async (id: number) => {
        log('tabs.discard', id);
        const known = tabs.get(id);
        if (known === undefined) return undefined;
        const moved = { ...known, id: nextId++, discarded: true };
        tabs.delete(id);
        tabs.set(moved.id, moved);
        events.onReplaced.fire(moved.id, id);
        return { ...moved };
      },
      /** A 1×1 PNG of the window's active tab. */
      captureVisibleTab: async (windowId: number, options: { format?: string }) => {
        log('tabs.captureVisibleTab', windowId, options);
        return `data:image/png;base64,${ONE_PIXEL_PNG}`;
      },
      sendMessage: async (tabId: number, message: unknown, opts?: { frameId?: number }) => {
        log('tabs.sendMessage', tabId, message);
        return options.message?.(tabId, message, opts);
      },
    },
    scripting: {
      executeScript: async (injection: Injection) => {
        log('scripting.executeScript', injection.target, injection.world ?? 'ISOLATED', injection.files ?? injection.func?.name);
        if (!tabs.has(injection.target.tabId)) throw new Error(`No tab with id: ${injection.target.tabId}`);
        if (options.inject !== undefined) return options.inject(injection);
        if (injection.func === undefined) return [{ frameId: 0, result: undefined }];
        return [{ frameId: 0, result: await injection.func(...(injection.args ?? [])) }];
      },
      getRegisteredContentScripts: async () => [],
      registerContentScripts: async () => undefined,
      unregisterContentScripts: async () => undefined,
    },
    storage: { local: area('local'), session: area('session'), onChanged: new FakeEvent() },
    webRequest: {
      onBeforeRequest: new FakeEvent(),
      onCompleted: new FakeEvent(),
      onErrorOccurred: new FakeEvent(),
      onHeadersReceived: new FakeEvent(),
    },
    webNavigation: { onCommitted: new FakeEvent() },
    commands: { onCommand: new FakeEvent() },
    contextMenus: { onClicked: new FakeEvent(), create: () => undefined, removeAll: (done?: () => void) => done?.() },
    alarms: { onAlarm: new FakeEvent(), get: async () => undefined, create: async () => undefined },
  };
  const global = globalThis as unknown as { chrome?: unknown };
  const saved = global.chrome;
  return {
    chrome,
    tabs,
    calls,
    /** The tab's page loads (`url`, or the same again): `loading` now, `complete` a tick later. */
    load,
    storage,
    events,
    install() {
      global.chrome = chrome;
      return this;
    },
    uninstall() {
      if (saved === undefined) delete global.chrome;
      else global.chrome = saved;
    },
  };
}

export type FakeChrome = ReturnType<typeof fakeChrome>;
