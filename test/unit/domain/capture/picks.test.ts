import { expect } from 'chai';
import { COMPACT_PICK_BYTES, compactPick, pickRow } from '../../../../src/domain/capture/compactPick.js';
import type { PickEntry } from '../../../../src/domain/wire/entries.js';
import { PICK_CAPS } from '../../../../src/domain/wire/picks.js';
import { Sanitizer } from '../../../../src/domain/capture/sanitize.js';
import { Redactor } from '../../../../src/domain/privacy/Redactor.js';
import { pick } from '../../../support/picks.js';

const sanitizer = new Sanitizer(new Redactor());
const stored = (overrides: Record<string, unknown> = {}) => sanitizer.pick(pick(overrides) as never);
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('picks: what is kept, and the compact form', () => {
  describe('Sanitizer.pick', () => {
    it('keeps 40 styles and 20 components; one more of either is cut and marked', () => {
      const styles = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, 'v']));
      const chain = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `C${i}` }));
      const atCap = stored({ styles: styles(PICK_CAPS.styles), component: chain(PICK_CAPS.components) });
      expect(Object.keys(atCap.styles ?? {})).to.have.length(40);
      expect(atCap.component).to.have.length(20);
      expect(atCap.truncated).to.equal(undefined);
      expect(stored({ styles: styles(PICK_CAPS.styles + 1) }).truncated).to.equal(true);
      const past = stored({ component: chain(PICK_CAPS.components + 1) });
      expect(past.component).to.have.length(20);
      expect(past.truncated).to.equal(true);
    });

    it('keeps props key by key within 1 000 characters of JSON and says how many more there were', () => {
      const props = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`key${i}`, 'x'.repeat(40)]));
      const kept = stored({ component: [{ name: 'Card', props }] }).component?.[0]?.props as Record<string, unknown>;
      expect(JSON.stringify(kept).length).to.be.at.most(PICK_CAPS.props + 20);
      expect(kept['…']).to.match(/^\d+ more$/);
    });

    it('drops a component position whose file is not a path, and its line with it', () => {
      const frame = stored({ component: [{ name: 'X', file: 'see https://evil.example now', line: 3, column: 1 }] })
        .component?.[0];
      expect(frame).to.deep.equal({ name: 'X' });
    });

    it('keeps an Angular component’s selector beside its name and class line', () => {
      const frame = { name: 'Card', framework: 'angular', selector: 'app-card', file: 'src/app/card.ts', line: 12 };
      expect(stored({ component: [frame] }).component).to.deep.equal([frame]);
    });

    it('keeps null for "no component known" with the reason', () => {
      const none = stored({ component: null, component_reason: 'production build: no component metadata' });
      expect(none.component).to.equal(null);
      expect(none.component_reason).to.equal('production build: no component metadata');
    });
  });

  describe('compactPick', () => {
    it('is the whole pick with its id when it fits', () => {
      const entry = stored();
      expect(compactPick(entry, 'p3')).to.deep.equal({ id: 'p3', ...entry });
    });

    it('fits 2 000 bytes for the largest pick the caps allow, the note first to stay', () => {
      const entry = stored({
        note: 'é'.repeat(PICK_CAPS.note),
        text: 't'.repeat(500),
        styles: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`property-${i}`, 'v'.repeat(200)])),
        component: Array.from({ length: 20 }, (_, i) => ({
          name: 'N'.repeat(120),
          file: `src/c${i}.tsx`,
          line: i,
          props: { a: 'x'.repeat(900) },
        })),
      }) as PickEntry;
      const compact = compactPick(
        {
          ...entry,
          errors: Array.from({ length: 5 }, (_, i) => ({ id: `l${i}`, message: 'm'.repeat(200), at: 'src/a.ts:1:1' })),
        },
        'p1',
      );
      expect(bytes(compact)).to.be.at.most(COMPACT_PICK_BYTES);
      expect(compact.truncated).to.equal(true);
      expect(String(compact.note).length).to.be.at.least(200);
      expect(compact.locator).to.equal(entry.locator);
    });
  });

  it('lists a pick as a row: note, locator, the innermost component and where it is', () => {
    expect(pickRow(stored(), 'p1')).to.deep.include({
      id: 'p1',
      note: 'this button is misaligned',
      component: 'CartButton src/Cart.tsx:42:7',
      via: 'shortcut',
    });
  });
});
