import { expect } from 'chai';
import { RingBuffer } from '../../../../src/domain/buffer/RingBuffer.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

function filled(capacity: number, count: number): RingBuffer<number> {
  const buffer = new RingBuffer<number>(capacity);
  for (let i = 1; i <= count; i++) buffer.push(i * 10);
  return buffer;
}

const seqs = (page: { entries: ReadonlyArray<{ seq: number }> }) => page.entries.map((e) => e.seq);

describe('RingBuffer', () => {
  describe('bounds and eviction', () => {
    it('numbers entries 1, 2, 3 … and never exceeds its capacity', () => {
      const buffer = filled(3, 5);
      expect(buffer.size).to.equal(3);
      expect(buffer.newestSeq).to.equal(5);
      expect([...buffer.values()]).to.deep.equal([30, 40, 50]);
    });

    it('hands back the evicted value and counts every eviction', () => {
      const buffer = filled(2, 2);
      expect(buffer.push(99)).to.deep.equal({ seq: 3, evicted: 10 });
      expect(buffer.push(100)).to.deep.equal({ seq: 4, evicted: 20 });
      expect(buffer.stats()).to.deep.equal({ size: 2, capacity: 2, evicted: 2 });
    });

    it('returns no evicted value while there is room', () => {
      expect(new RingBuffer<string>(2).push('a')).to.deep.equal({ seq: 1 });
    });

    it('refuses a capacity that is not a positive integer', () => {
      expectDomainError(() => new RingBuffer(0), 'invalid_params');
      expectDomainError(() => new RingBuffer(1.5), 'invalid_params');
    });

    it('clears without counting eviction and keeps numbering', () => {
      const buffer = filled(5, 3);
      expect(buffer.clear()).to.equal(3);
      expect(buffer.push(7).seq).to.equal(4);
      expect(buffer.stats()).to.deep.equal({ size: 1, capacity: 5, evicted: 0 });
    });
  });

  describe('reading without a cursor', () => {
    it('returns the newest `limit` entries, oldest first, with has_more when older ones remain', () => {
      const page = filled(10, 8).read({ limit: 3 });
      expect(seqs(page)).to.deep.equal([6, 7, 8]);
      expect(page).to.include({ hasMore: true, cursor: 8, cursorRestarted: false });
    });

    it('says has_more false when everything fits', () => {
      expect(filled(10, 2).read({ limit: 5 })).to.include({ hasMore: false, cursor: 2 });
    });

    it('applies the filter before the limit', () => {
      const page = filled(10, 10).read({ limit: 2, filter: (v) => v % 20 === 0 });
      expect(page.entries.map((e) => e.value)).to.deep.equal([80, 100]);
      expect(page.hasMore).to.equal(true);
    });

    it('gives cursor 0 for an empty buffer', () => {
      expect(new RingBuffer<number>(3).read({ limit: 5 })).to.deep.include({ entries: [], cursor: 0, hasMore: false });
    });
  });

  describe('reading after a cursor', () => {
    it('returns only newer entries, oldest first, and a cursor for the next page', () => {
      const buffer = filled(10, 6);
      const first = buffer.read({ afterCursor: 2, limit: 2 });
      expect(seqs(first)).to.deep.equal([3, 4]);
      expect(first).to.include({ hasMore: true, cursor: 4 });
      const second = buffer.read({ afterCursor: first.cursor, limit: 2 });
      expect(seqs(second)).to.deep.equal([5, 6]);
      expect(second).to.include({ hasMore: false, cursor: 6 });
    });

    it('returns nothing and keeps the cursor when nothing is newer', () => {
      expect(filled(10, 4).read({ afterCursor: 4, limit: 5 })).to.deep.include({ entries: [], cursor: 4, hasMore: false });
    });

    it('moves the cursor past filtered-out entries so they are not scanned again', () => {
      const page = filled(10, 5).read({ afterCursor: 0, limit: 5, filter: () => false });
      expect(page).to.deep.include({ entries: [], cursor: 5, hasMore: false });
    });

    it('reports cursor_restarted when entries after the cursor were evicted, and reads from the oldest', () => {
      const buffer = filled(3, 6); // holds 4, 5, 6; 1–3 evicted
      const page = buffer.read({ afterCursor: 1, limit: 10 });
      expect(page.cursorRestarted).to.equal(true);
      expect(seqs(page)).to.deep.equal([4, 5, 6]);
    });

    it('does not report a restart when the cursor is exactly at the last evicted entry', () => {
      const page = filled(3, 6).read({ afterCursor: 3, limit: 10 });
      expect(page.cursorRestarted).to.equal(false);
      expect(seqs(page)).to.deep.equal([4, 5, 6]);
    });

    it('reports cursor_restarted for a cursor this buffer never issued (from a previous run)', () => {
      const page = filled(5, 2).read({ afterCursor: 40, limit: 10 });
      expect(page.cursorRestarted).to.equal(true);
      expect(seqs(page)).to.deep.equal([1, 2]);
    });

    it('does not call a clear an eviction', () => {
      const buffer = filled(5, 3);
      buffer.clear();
      buffer.push(1);
      const page = buffer.read({ afterCursor: 1, limit: 10 });
      expect(page.cursorRestarted).to.equal(false);
      expect(seqs(page)).to.deep.equal([4]);
    });

    it('refuses a negative or fractional cursor and a limit below 1', () => {
      const buffer = filled(5, 3);
      expectDomainError(() => buffer.read({ afterCursor: -1, limit: 1 }), 'invalid_cursor');
      expectDomainError(() => buffer.read({ afterCursor: 1.5, limit: 1 }), 'invalid_cursor');
      expectDomainError(() => buffer.read({ limit: 0 }), 'invalid_params');
    });

    it('pages through a wrapped buffer without losing or repeating entries', () => {
      const buffer = new RingBuffer<number>(7);
      const seen: number[] = [];
      let cursor = 0;
      for (let i = 1; i <= 40; i++) {
        buffer.push(i);
        if (i % 3 === 0) {
          for (
            let page = buffer.read({ afterCursor: cursor, limit: 2 });
            ;
            page = buffer.read({ afterCursor: cursor, limit: 2 })
          ) {
            expect(page.cursorRestarted).to.equal(false);
            seen.push(...page.entries.map((e) => e.value));
            cursor = page.cursor;
            if (!page.hasMore) break;
          }
        }
      }
      expect(seen).to.deep.equal(Array.from({ length: 39 }, (_, i) => i + 1));
    });
  });
});
