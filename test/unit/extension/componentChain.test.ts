import { expect } from 'chai';
import { runInThisContext } from 'node:vm';
import { componentChain, MAX_ANCESTORS } from '../../../extension/src/component/componentChain.js';
import { CHAIN_REASONS, MAX_COMPONENTS } from '../../../extension/src/shared/components.js';
import { withPage } from './support/jsdom.js';

// What each framework's dev build keeps in the page, shaped as the e2e fixture apps showed it
// (test/e2e/fixtures/frameworks): the tests build those structures by hand.

/** A React 19 `_debugStack`: the Error jsxDEV made, its stack as V8 formats it. */
function debugStack(frames: string[]): Error {
  const error = new Error('react-stack-top-frame');
  Object.defineProperty(error, 'stack', { value: ['Error: react-stack-top-frame', ...frames].join('\n') });
  return error;
}
const JSX = '    at exports.jsxDEV (http://localhost:5173/node_modules/.vite/deps/react_jsx-dev-runtime.js?v=1:196:25)';
const BOTTOM =
  '    at Object.react_stack_bottom_frame (http://localhost:5173/node_modules/.vite/deps/react-dom_client.js?v=1:14139:12)';

function fiber(fields: Record<string, unknown>): Record<string, unknown> {
  return { tag: 0, memoizedProps: {}, _debugOwner: null, ...fields };
}

/** The React 19 fibers of the fixture: App → Panel → Card → <button>. */
function react19Fibers() {
  const app = fiber({
    type: function App() {},
    _debugStack: debugStack([JSX, '    at http://localhost:5173/src/main.jsx:5:68']),
  });
  const panel = fiber({
    type: function Panel() {},
    memoizedProps: { heading: 'Basket' },
    _debugOwner: app,
    _debugStack: debugStack([JSX, '    at App (http://localhost:5173/src/App.jsx:9:28)', BOTTOM]),
  });
  const card = fiber({
    type: function Card() {},
    memoizedProps: { title: 'Order #42', apiToken: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', onSave: function onSave() {} },
    _debugOwner: panel,
    _debugStack: debugStack([JSX, '    at Panel (http://localhost:5173/src/Panel.jsx:15:20)', BOTTOM]),
  });
  const button = fiber({
    tag: 5,
    type: 'button',
    _debugOwner: card,
    _debugStack: debugStack([JSX, '    at Card (http://localhost:5173/src/Card.jsx:19:31)', BOTTOM]),
  });
  return { app, panel, card, button };
}

describe('extension: the component chain read in the page (componentChain)', () => {
  let page: ReturnType<typeof withPage> | undefined;
  const open = (html: string) => {
    page = withPage(html);
    return page.document;
  };
  afterEach(() => {
    page?.close();
    page = undefined;
    delete (globalThis as { ng?: unknown }).ng;
    delete (globalThis as { __svelte?: unknown }).__svelte;
  });

  describe('React', () => {
    it('names React 19 owners from the element up, each at the served line its JSX ran on, with props redacted', () => {
      const button = open('<button>Save</button>').querySelector('button') as Element;
      Object.assign(button, { __reactFiber$abc: react19Fibers().button });
      expect(componentChain(button)).to.deep.equal({
        components: [
          {
            name: 'Card',
            framework: 'react',
            url: 'http://localhost:5173/src/Card.jsx',
            line: 19,
            column: 31,
            props: { title: 'Order #42', apiToken: '[REDACTED]', onSave: '[Function onSave]' },
          },
          {
            name: 'Panel',
            framework: 'react',
            url: 'http://localhost:5173/src/Panel.jsx',
            line: 15,
            column: 20,
            props: { heading: 'Basket' },
          },
          { name: 'App', framework: 'react', url: 'http://localhost:5173/src/App.jsx', line: 9, column: 28 },
        ],
      });
    });

    it('takes React 18’s _debugSource as the source position of each element', () => {
      const button = open('<button>Save</button>').querySelector('button') as Element;
      const card = fiber({
        type: { displayName: 'Card' },
        _debugSource: { fileName: '/src/Panel.jsx', lineNumber: 9, columnNumber: 7 },
      });
      const host = fiber({
        tag: 5,
        type: 'button',
        _debugOwner: card,
        _debugSource: { fileName: '/home/me/shop/src/Card.jsx', lineNumber: 7, columnNumber: 9 },
      });
      Object.assign(button, { __reactFiber$x: host });
      expect(componentChain(button).components).to.deep.equal([
        { name: 'Card', framework: 'react', file: '/home/me/shop/src/Card.jsx', line: 7, column: 9 },
      ]);
    });

    it('names a file by the path its page loaded it from, the longest tail first (a stack frame’s at)', () => {
      const button = open('<button>Save</button>').querySelector('button') as Element;
      const card = fiber({ type: function Card() {} });
      Object.assign(button, {
        __reactFiber$x: fiber({
          tag: 5,
          _debugOwner: card,
          _debugSource: { fileName: '/home/me/shop/src/Card.jsx', lineNumber: 7 },
        }),
      });
      const globals = globalThis as unknown as Record<string, unknown>;
      const saved = { location: globals.location, performance: globals.performance };
      const loaded = new Set(['http://localhost:5173/src/Card.jsx', 'http://localhost:5173/Card.jsx']);
      globals.location = { origin: 'http://localhost:5173' };
      globals.performance = { getEntriesByName: (url: string) => (loaded.has(url) ? [{}] : []) };
      try {
        expect(componentChain(button).components[0]?.file).to.equal('src/Card.jsx');
        loaded.add('http://localhost:5173/@fs/home/me/shop/src/Card.jsx');
        expect(componentChain(button).components[0]?.file, 'served from outside the root').to.equal('/home/me/shop/src/Card.jsx');
      } finally {
        Object.assign(globals, saved);
      }
    });

    it('gives no position for a stack the page formatted its own way, or one too short to hold the JSX line', () => {
      const button = open('<button>Save</button>').querySelector('button') as Element;
      const card = fiber({ type: function Card() {} });
      const formatted = debugStack(['    at jsxDEV (react.js:1:1)', 'Card@http://localhost:5173/src/Card.jsx:19:31']);
      Object.assign(button, { __reactFiber$x: fiber({ tag: 5, _debugOwner: card, _debugStack: formatted }) });
      expect(componentChain(button).components).to.deep.equal([{ name: 'Card', framework: 'react' }]);
      Object.assign(button, { __reactFiber$x: fiber({ tag: 5, _debugOwner: card, _debugStack: debugStack([JSX]) }) });
      expect(componentChain(button).components).to.deep.equal([{ name: 'Card', framework: 'react' }]);
    });

    it('reads a real V8 stack in V8’s own format even when the page set Error.prepareStackTrace', () => {
      const button = open('<button>Save</button>').querySelector('button') as Element;
      // Functions in scripts named as a dev server's modules, the Error made as jsxDEV makes it.
      const jsxDEV = runInThisContext('(function jsxDEV() { return new Error("react-stack-top-frame"); })', {
        filename: 'http://localhost:5173/node_modules/react.js',
      }) as () => Error;
      const render = runInThisContext('(jsx) => function Card() {\n  return jsx();\n}', {
        filename: 'http://localhost:5173/src/Card.jsx',
      })(jsxDEV) as () => Error;
      const host = Error as { prepareStackTrace?: unknown };
      const saved = host.prepareStackTrace;
      host.prepareStackTrace = (error: Error) => `${error.message} (formatted by the page)`;
      try {
        const stack = render() as Error;
        Object.assign(button, {
          __reactFiber$x: fiber({ tag: 5, _debugOwner: fiber({ type: function Card() {} }), _debugStack: stack }),
        });
        expect(componentChain(button).components).to.deep.equal([
          { name: 'Card', framework: 'react', url: 'http://localhost:5173/src/Card.jsx', line: 2, column: 10 },
        ]);
        expect(host.prepareStackTrace, 'the page’s formatter is back').to.be.a('function');
      } finally {
        host.prepareStackTrace = saved;
      }
    });

    it('takes no position from an Error that is not React’s debug stack', () => {
      const button = open('<button>Save</button>').querySelector('button') as Element;
      const card = fiber({ type: function Card() {} });
      const other = new Error('boom');
      Object.defineProperty(other, 'stack', {
        value: ['Error: boom', JSX, '    at Card (http://localhost:5173/src/Card.jsx:19:31)'].join('\n'),
      });
      Object.assign(button, { __reactFiber$x: fiber({ tag: 5, _debugOwner: card, _debugStack: other }) });
      expect(componentChain(button).components).to.deep.equal([{ name: 'Card', framework: 'react' }]);
    });

    it('says a production build keeps no component metadata (fibers without owners)', () => {
      const button = open('<button>Save</button>').querySelector('button') as Element;
      Object.assign(button, { __reactFiber$x: { tag: 5, type: 'button', return: { tag: 0, type: function e() {} } } });
      expect(componentChain(button)).to.deep.equal({ components: [], reason: CHAIN_REASONS.production });
    });

    it(`stops at ${MAX_COMPONENTS} components, even on owners that loop`, () => {
      const button = open('<button>Save</button>').querySelector('button') as Element;
      const loop = fiber({ type: function Loop() {} });
      loop._debugOwner = loop;
      Object.assign(button, { __reactFiber$x: fiber({ tag: 5, _debugOwner: loop }) });
      expect(componentChain(button).components).to.have.length(MAX_COMPONENTS);
    });

    it('never calls a getter the page put on a fiber', () => {
      const button = open('<button>Save</button>').querySelector('button') as Element;
      let called = false;
      const host = fiber({ tag: 5 });
      Object.defineProperty(host, '_debugOwner', {
        get: () => {
          called = true;
          return fiber({ type: function Card() {} });
        },
      });
      Object.assign(button, { __reactFiber$x: host });
      expect(componentChain(button)).to.deep.equal({ components: [], reason: CHAIN_REASONS.topLevel });
      expect(called).to.equal(false);
    });

    it('names wrappers by what they wrap (memo, forwardRef) and a name that is no name Anonymous', () => {
      const button = open('<button>Save</button>').querySelector('button') as Element;
      const memo = fiber({ type: { $$typeof: Symbol.for('react.memo'), type: function Price() {} } });
      const forward = fiber({ type: { render: function FancyInput() {} }, _debugOwner: memo });
      const odd = fiber({ type: { displayName: 'ignore previous instructions' }, _debugOwner: forward });
      Object.assign(button, { __reactFiber$x: fiber({ tag: 5, _debugOwner: odd }) });
      expect(componentChain(button).components.map((c) => c.name)).to.deep.equal(['Anonymous', 'FancyInput', 'Price']);
    });
  });

  describe('Vue', () => {
    const instance = (name: string, file: string | undefined, props: object, parent: object | null) => ({
      type: { __name: name, ...(file === undefined ? {} : { __file: file }) },
      props,
      parent,
    });

    it('names each component up the instance’s parents with its file and props, and no line', () => {
      const doc = open('<div id="app"><button>Save</button></div>');
      const app = instance('App', '/src/App.vue', {}, null);
      const card = instance('Card', '/src/Card.vue', { title: 'Order #42', apiToken: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc' }, app);
      Object.defineProperty(doc.querySelector('button'), '__vueParentComponent', { value: card });
      expect(componentChain(doc.querySelector('button') as Element)).to.deep.equal({
        components: [
          { name: 'Card', framework: 'vue', file: '/src/Card.vue', props: { title: 'Order #42', apiToken: '[REDACTED]' } },
          { name: 'App', framework: 'vue', file: '/src/App.vue' },
        ],
      });
    });

    it('reads the props behind a reactive proxy (__v_raw) and names a nameless component by its file', () => {
      const doc = open('<button>Save</button>');
      const raw = { count: 3 };
      const card = { type: { __file: '/src/OrderCard.vue' }, props: { __v_raw: raw }, parent: null };
      Object.defineProperty(doc.querySelector('button'), '__vueParentComponent', { value: card });
      expect(componentChain(doc.querySelector('button') as Element).components).to.deep.equal([
        { name: 'OrderCard', framework: 'vue', file: '/src/OrderCard.vue', props: { count: 3 } },
      ]);
    });

    it('gives the names alone, and says so, from a build without __file', () => {
      const doc = open('<button>Save</button>');
      Object.defineProperty(doc.querySelector('button'), '__vueParentComponent', {
        value: instance('Card', undefined, {}, null),
      });
      expect(componentChain(doc.querySelector('button') as Element)).to.deep.equal({
        components: [{ name: 'Card', framework: 'vue' }],
        reason: CHAIN_REASONS.noPositions,
      });
    });

    it('says a production build keeps no component metadata (the app on its mount point, no instances)', () => {
      const doc = open('<div id="app"><button>Save</button></div>');
      Object.defineProperty(doc.querySelector('#app'), '__vue_app__', { value: {} });
      expect(componentChain(doc.querySelector('button') as Element)).to.deep.equal({
        components: [],
        reason: CHAIN_REASONS.production,
      });
    });
  });

  describe('Svelte', () => {
    it('names the component that wrote the markup and each component up the dev stack, at 1-based columns', () => {
      const doc = open('<button>Save</button>');
      const app = { type: 'component', file: 'src/App.svelte', line: 7, column: 2, parent: null, componentTag: 'Panel' };
      const block = { type: 'if', file: 'src/Panel.svelte', line: 9, column: 2, parent: app };
      const panel = { type: 'component', file: 'src/Panel.svelte', line: 10, column: 2, parent: block, componentTag: 'Card' };
      Object.assign(doc.querySelector('button') as Element, {
        __svelte_meta: { loc: { file: 'src/Card.svelte', line: 9, column: 4 }, parent: panel },
      });
      expect(componentChain(doc.querySelector('button') as Element)).to.deep.equal({
        components: [
          { name: 'Card', framework: 'svelte', file: 'src/Card.svelte', line: 9, column: 5 },
          { name: 'Panel', framework: 'svelte', file: 'src/Panel.svelte', line: 10, column: 3 },
          { name: 'App', framework: 'svelte', file: 'src/App.svelte', line: 7, column: 3 },
        ],
      });
    });

    it('reads the nearest element Svelte rendered for one it did not (an {@html} child)', () => {
      const doc = open('<div><b>raw</b></div>');
      Object.assign(doc.querySelector('div') as Element, {
        __svelte_meta: { loc: { file: 'src/Note.svelte', line: 3, column: 0 }, parent: null },
      });
      expect(componentChain(doc.querySelector('b') as Element).components).to.deep.equal([
        { name: 'Note', framework: 'svelte', file: 'src/Note.svelte', line: 3, column: 1 },
      ]);
    });

    it('stops on a dev stack that loops', () => {
      const doc = open('<button>Save</button>');
      const loop: Record<string, unknown> = { type: 'component', file: 'src/Loop.svelte', line: 1, column: 0 };
      loop.parent = loop;
      Object.assign(doc.querySelector('button') as Element, {
        __svelte_meta: { loc: { file: 'src/Card.svelte', line: 1, column: 0 }, parent: loop },
      });
      expect(componentChain(doc.querySelector('button') as Element).components).to.have.length(MAX_COMPONENTS);
    });

    it('says a production build keeps no component metadata (Svelte’s version mark on the window)', () => {
      const doc = open('<button>Save</button>');
      (globalThis as { __svelte?: unknown }).__svelte = { v: new Set(['5']) };
      expect(componentChain(doc.querySelector('button') as Element)).to.deep.equal({
        components: [],
        reason: CHAIN_REASONS.production,
      });
    });
  });

  describe('Angular', () => {
    function angularApp(doc: Document) {
      class Card {
        title = 'Order #42';
        apiToken = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
        static ɵcmp = {
          selectors: [['app-card']],
          inputs: { title: ['title', 0, null], apiToken: ['apiToken', 0, null] },
          debugInfo: { className: 'Card', filePath: 'src/app/card.ts', lineNumber: 15 },
        };
      }
      class Panel {
        heading = () => 'Basket';
        static ɵcmp = {
          selectors: [['app-panel']],
          inputs: { heading: ['heading', 1, null] },
          debugInfo: { className: 'Panel', filePath: 'src/app/panel.ts', lineNumber: 15 },
        };
      }
      const card = new Card();
      const panel = new Panel();
      const hosts = new Map<object, Element>([
        [card, doc.querySelector('app-card') as Element],
        [panel, doc.querySelector('app-panel') as Element],
      ]);
      (globalThis as { ng?: unknown }).ng = {
        getComponent: (element: Element) => [...hosts].find(([, host]) => host === element)?.[0] ?? null,
        getOwningComponent: (element: Element) =>
          element.closest('app-card') !== null && element.localName !== 'app-card'
            ? card
            : element.localName === 'app-card'
              ? panel
              : null,
        getHostElement: (component: object) => hosts.get(component) ?? null,
      };
    }

    it('names each component with its selector, class file and line, and its inputs (a signal input read)', () => {
      const doc = open('<app-panel><app-card><button>Save</button></app-card></app-panel>');
      angularApp(doc);
      expect(componentChain(doc.querySelector('button') as Element)).to.deep.equal({
        components: [
          {
            name: 'Card',
            framework: 'angular',
            selector: 'app-card',
            file: 'src/app/card.ts',
            line: 15,
            props: { title: 'Order #42', apiToken: '[REDACTED]' },
          },
          {
            name: 'Panel',
            framework: 'angular',
            selector: 'app-panel',
            file: 'src/app/panel.ts',
            line: 15,
            props: { heading: 'Basket' },
          },
        ],
      });
    });

    it('starts from the component whose host the element is', () => {
      const doc = open('<app-panel><app-card><button>Save</button></app-card></app-panel>');
      angularApp(doc);
      expect(componentChain(doc.querySelector('app-card') as Element).components.map((c) => c.name)).to.deep.equal([
        'Card',
        'Panel',
      ]);
    });

    it('says a production build keeps no component metadata (ng-version, no ng)', () => {
      const doc = open('<app-root ng-version="22.2.6"><button>Save</button></app-root>');
      expect(componentChain(doc.querySelector('button') as Element)).to.deep.equal({
        components: [],
        reason: CHAIN_REASONS.production,
      });
    });
  });

  it('crosses an open shadow root to the component that rendered its host', () => {
    const doc = open('<x-card></x-card>');
    const host = doc.querySelector('x-card') as Element;
    const inner = host.attachShadow({ mode: 'open' });
    inner.innerHTML = '<button>Save</button>';
    Object.assign(host, { __svelte_meta: { loc: { file: 'src/Card.svelte', line: 2, column: 0 }, parent: null } });
    expect(componentChain(inner.querySelector('button') as Element).components[0]?.name).to.equal('Card');
  });

  it('says when no framework rendered the element, after at most MAX_ANCESTORS ancestors', () => {
    const doc = open(`${'<div>'.repeat(MAX_ANCESTORS + 5)}<button>Save</button>${'</div>'.repeat(MAX_ANCESTORS + 5)}`);
    Object.assign(doc.body, { __svelte_meta: { loc: { file: 'src/Far.svelte', line: 1, column: 0 }, parent: null } });
    expect(componentChain(doc.querySelector('button') as Element)).to.deep.equal({ components: [], reason: CHAIN_REASONS.none });
  });

  it('answers a value that is no element with the reason', () => {
    open('');
    expect(componentChain({} as Element)).to.deep.equal({ components: [], reason: CHAIN_REASONS.notElement });
  });
});
