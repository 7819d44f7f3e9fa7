import { expect } from 'chai';
import { installReader } from '../../../extension/src/component/reader.js';
import { MAX_ANSWER_CHARS, requestComponentChain } from '../../../extension/src/component/request.js';
import { frameAt } from '../../../extension/src/component/stackFrame.js';
import { CHAIN_REASONS, COMPONENT_ANSWER, COMPONENT_REQUEST, COMPONENT_SLOT } from '../../../extension/src/shared/components.js';
import { withPage } from './support/jsdom.js';

describe('extension: the component reader’s seam', () => {
  describe('installReader and requestComponentChain (the isolated world asks the MAIN world)', () => {
    let page: ReturnType<typeof withPage> | undefined;
    afterEach(() => page?.close());
    const svelteCard = { loc: { file: 'src/Card.svelte', line: 9, column: 4 }, parent: null };

    it('answers a request dispatched on an element synchronously, with the chain of that element', () => {
      page = withPage('<button>Save</button>');
      installReader(page.window as Window & typeof globalThis);
      const button = page.document.querySelector('button') as Element;
      Object.assign(button, { __svelte_meta: svelteCard });
      expect(requestComponentChain(button)).to.deep.equal({
        components: [{ name: 'Card', framework: 'svelte', file: 'src/Card.svelte', line: 9, column: 5 }],
      });
    });

    it('installs once per document, its reader in a slot the page’s enumeration does not show', () => {
      page = withPage('<button>Save</button>');
      const win = page.window as Window & typeof globalThis;
      installReader(win);
      const reader = (win as unknown as Record<symbol, unknown>)[Symbol.for(COMPONENT_SLOT)];
      installReader(win);
      expect((win as unknown as Record<symbol, unknown>)[Symbol.for(COMPONENT_SLOT)]).to.equal(reader);
      expect(Object.keys(win)).to.not.include(COMPONENT_SLOT);
      let answers = 0;
      const button = page.document.querySelector('button') as Element;
      page.document.addEventListener(COMPONENT_ANSWER, () => answers++);
      button.dispatchEvent(
        new (page.window as Window & typeof globalThis).CustomEvent(COMPONENT_REQUEST, { bubbles: true, composed: true }),
      );
      expect(answers, 'one listener').to.equal(1);
    });

    it('finds the element inside an open shadow root', () => {
      page = withPage('<x-card></x-card>');
      installReader(page.window as Window & typeof globalThis);
      const root = (page.document.querySelector('x-card') as Element).attachShadow({ mode: 'open' });
      root.innerHTML = '<button>Save</button>';
      const button = root.querySelector('button') as Element;
      Object.assign(button, { __svelte_meta: svelteCard });
      expect(requestComponentChain(button)).to.have.nested.property('components[0].name', 'Card');
    });

    it('stops the request at the window: the page’s own listeners below never hear it', () => {
      page = withPage('<div><button>Save</button></div>');
      installReader(page.window as Window & typeof globalThis);
      let heard = false;
      page.document.querySelector('div')?.addEventListener(COMPONENT_REQUEST, () => (heard = true), true);
      requestComponentChain(page.document.querySelector('button') as Element);
      expect(heard).to.equal(false);
    });

    it('says so when no reader is in the page, or its answer is not JSON or too long', () => {
      page = withPage('<button>Save</button>');
      const button = page.document.querySelector('button') as Element;
      expect(requestComponentChain(button)).to.deep.equal({ components: [], reason: CHAIN_REASONS.failed });
      const answer = (text: string) => (event: Event) => {
        event.stopImmediatePropagation();
        button.dispatchEvent(
          new ((page as ReturnType<typeof withPage>).window as Window & typeof globalThis).CustomEvent(COMPONENT_ANSWER, {
            detail: text,
          }),
        );
      };
      for (const text of ['{not json', `"${'x'.repeat(MAX_ANSWER_CHARS)}"`]) {
        const forged = answer(text);
        page.window.addEventListener(COMPONENT_REQUEST, forged, true);
        expect(requestComponentChain(button)).to.deep.equal({ components: [], reason: CHAIN_REASONS.failed });
        page.window.removeEventListener(COMPONENT_REQUEST, forged, true);
      }
    });
  });

  describe('frameAt: a position from a V8 stack line', () => {
    const stack = [
      'Error: react-stack-top-frame',
      '    at exports.jsxDEV (http://localhost:5173/node_modules/.vite/deps/react_jsx-dev-runtime.js?v=1:196:25)',
      '    at Card (http://localhost:5173/src/Card.jsx?t=1:19:31)',
      '    at http://localhost:5173/src/main.jsx:5:68',
      '    at Object.react_stack_bottom_frame (http://localhost:5173/app/(shop)/x.js:1:2)',
    ].join('\n');

    it('reads named and anonymous frames, their url with its query', () => {
      expect(frameAt(stack, 1)).to.deep.equal({ url: 'http://localhost:5173/src/Card.jsx?t=1', line: 19, column: 31 });
      expect(frameAt(stack, 2)).to.deep.equal({ url: 'http://localhost:5173/src/main.jsx', line: 5, column: 68 });
      expect(frameAt(stack, 3)).to.deep.equal({ url: 'http://localhost:5173/app/(shop)/x.js', line: 1, column: 2 });
    });

    it('gives no position for eval, native, non-http and malformed frames, or past the stack’s end', () => {
      for (const line of [
        '    at eval (eval at f (http://localhost:5173/a.js:1:2), <anonymous>:1:1)',
        '    at Array.map (<anonymous>)',
        '    at f (chrome-extension://abc/x.js:1:2)',
        '    at f (http://localhost:5173/a.js:x:2)',
        '    at f (http://localhost:5173/a.js:0:2)',
        '    at f (http://localhost:5173/a.js:123456789:2)',
        'Card@http://localhost:5173/src/Card.jsx:19:31',
      ]) {
        expect(frameAt(`Error: x\n${line}`, 0), line).to.equal(undefined);
      }
      expect(frameAt(stack, 9)).to.equal(undefined);
    });
  });
});
