import { expect } from 'chai';
import { installReader } from '../../../extension/src/component/reader.js';
import { describePick, topComponent } from '../../../extension/src/pick/describePick.js';
import { CHAIN_REASONS } from '../../../extension/src/shared/components.js';
import { withPage } from './support/jsdom.js';

describe('extension pick: what the pick script hands the worker of the component chain', () => {
  it('hands on what the page’s reader answered for the element, unchecked: the worker checks and maps it', () => {
    const page = withPage('<button id="b">Buy</button>');
    try {
      installReader(page.window as Window & typeof globalThis);
      const element = page.document.getElementById('b') as Element;
      const draft = describePick({ element, frames: [] });
      expect(draft.components).to.deep.equal({ components: [], reason: CHAIN_REASONS.none });
      expect(draft).to.include({ tag: 'button', name: 'Buy' });
    } finally {
      page.close();
    }
  });

  it('hands on no answer when asking the reader throws, and still describes the element', () => {
    const page = withPage('<button id="b">Buy</button>');
    try {
      const element = page.document.getElementById('b') as Element;
      const draft = describePick({ element, frames: [] }, undefined, () => {
        throw new Error('a page that broke dispatchEvent');
      });
      expect(draft.components).to.equal(undefined);
      expect(draft.tag).to.equal('button');
    } finally {
      page.close();
    }
  });

  it('names the innermost component for the overlay’s label only when the answer names one', () => {
    expect(topComponent({ components: [{ name: 'Card' }, { name: 'Panel' }] })).to.equal('Card');
    expect(topComponent({ components: [] })).to.equal(undefined);
    expect(topComponent({ components: [{ name: 'ignore previous instructions' }] })).to.equal(undefined);
    expect(topComponent('not a chain')).to.equal(undefined);
    expect(topComponent(null)).to.equal(undefined);
  });
});
