import { expect } from 'chai';
import { askChain } from '../../../extension/src/pick/askChain.js';
import { describePick } from '../../../extension/src/pick/describePick.js';
import { CHAIN_ANSWER, CHAIN_ASK } from '../../../extension/src/shared/pick.js';
import { chainInSource } from '../../../extension/src/worker/chainInSource.js';
import { withPage } from './support/jsdom.js';

describe('extension pick: the component chain seam (SPEC 15)', () => {
  describe('askChain', () => {
    it('asks the page’s reader with an event on the element and takes its answer, at once', () => {
      const page = withPage('<main><button id="b">Buy</button></main>');
      try {
        const button = page.document.getElementById('b') as Element;
        page.document.addEventListener(
          CHAIN_ASK,
          (event) => {
            const target = event.composedPath()[0] as Element;
            const chain = { components: [{ name: `Card:${target.id}`, framework: 'react', file: 'src/Card.tsx', line: 3 }] };
            page.document.dispatchEvent(
              new (page.window as unknown as typeof globalThis).CustomEvent(CHAIN_ANSWER, { detail: JSON.stringify(chain) }),
            );
          },
          true,
        );
        expect(askChain(button)).to.deep.equal({
          components: [{ name: 'Card:b', framework: 'react', file: 'src/Card.tsx', line: 3 }],
        });
      } finally {
        page.close();
      }
    });

    it('is undefined when nothing answers or the answer is not a chain, and keeps 50 named components at most', () => {
      const page = withPage('<button id="b">Buy</button>');
      try {
        const button = page.document.getElementById('b') as Element;
        expect(askChain(button)).to.equal(undefined);
        let answer = '{"components":"nope"}';
        page.document.addEventListener(CHAIN_ASK, () =>
          page.document.dispatchEvent(
            new (page.window as unknown as typeof globalThis).CustomEvent(CHAIN_ANSWER, { detail: answer }),
          ),
        );
        expect(askChain(button)).to.equal(undefined);
        answer = JSON.stringify({ components: [{ name: '' }, ...Array.from({ length: 60 }, (_, i) => ({ name: `C${i}` }))] });
        expect(askChain(button)?.components).to.have.length(49);
      } finally {
        page.close();
      }
    });
  });

  it('describePick says there is no component, and why, when the reader found none', () => {
    const page = withPage('<button id="b">Buy</button>');
    try {
      const element = page.document.getElementById('b') as Element;
      const none = describePick({ element, frames: [] }, { components: [], reason: 'production build: no component metadata' });
      expect(none).to.include({ component: null, component_reason: 'production build: no component metadata', tag: 'button' });
      expect(describePick({ element, frames: [] }, undefined).component_reason).to.match(/did not answer/);
    } finally {
      page.close();
    }
  });

  it('describePick never shows a position in served code as source: it goes to the worker to be mapped', () => {
    const page = withPage('<button id="b">Buy</button>');
    try {
      const element = page.document.getElementById('b') as Element;
      const served = {
        name: 'Card',
        framework: 'react' as const,
        url: 'http://localhost:5173/assets/app.js',
        line: 1,
        column: 4_000,
      };
      const draft = describePick({ element, frames: [] }, { components: [served] });
      expect(draft.component).to.deep.equal([{ name: 'Card', framework: 'react' }]);
      expect(draft.component_raw).to.deep.equal([served]);
    } finally {
      page.close();
    }
  });

  describe('chainInSource', () => {
    const raw = [
      { name: 'Card', framework: 'react' as const, url: 'http://localhost:5173/assets/app.js', line: 1, column: 4_000 },
      undefined,
      { name: 'Page', framework: 'react' as const, url: 'http://localhost:5173/assets/app.js', line: 1, column: 9_000 },
    ];

    it('maps each served position through the page’s maps as a stack frame, relative like a stack’s at', async () => {
      let asked = '';
      const places = await chainInSource(raw, async (stack) => {
        asked = stack;
        return stack
          .replace('http://localhost:5173/assets/app.js:1:4000', 'http://localhost:5173/src/Card.tsx:12:5')
          .replace('http://localhost:5173/assets/app.js:1:9000', '/src/Page.tsx:30:3');
      });
      expect(asked.split('\n')).to.have.length(3);
      expect(places).to.deep.equal([
        { file: 'src/Card.tsx', line: 12, column: 5 },
        undefined,
        { file: 'src/Page.tsx', line: 30, column: 3 },
      ]);
    });

    it('leaves a position no map covers unknown, never the served one', async () => {
      expect(await chainInSource(raw, async () => undefined)).to.deep.equal([]);
      const half = await chainInSource(raw, async (stack) =>
        stack.replace('http://localhost:5173/assets/app.js:1:4000', 'src/Card.tsx:12:5'),
      );
      expect(half).to.deep.equal([{ file: 'src/Card.tsx', line: 12, column: 5 }, undefined, undefined]);
    });
  });
});
