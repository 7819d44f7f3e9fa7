import { expect } from 'chai';
import { errorsOfRange, errorsSince, logsCursor, reproduction } from '../../../../src/application/commands/replayErrors.js';
import { resolveRange } from '../../../../src/application/shared/actionRange.js';
import { InMemoryCaptureStore } from '../../../../src/adapters/outbound/memory/InMemoryCaptureStore.js';
import type { LogEntry } from '../../../../src/domain/wire/entries.js';

const STACK = 'TypeError: total is undefined\n    at save (http://localhost:5173/src/cart.ts:10:5)';

function error(ts: number, message = 'TypeError: total is undefined', tab = 7, stack = STACK): LogEntry {
  return { ts, level: 'error', message, stack, source: 'exception', url: 'http://localhost:5173/', tab_id: tab };
}

function captured(): InMemoryCaptureStore {
  const store = new InMemoryCaptureStore();
  store.append('actions', [
    { ts: 1_000, by: 'human', type: 'click', url: 'http://localhost:5173/', selector: '#a', tab_id: 7 },
    { ts: 5_000, by: 'human', type: 'click', url: 'http://localhost:5173/', selector: '#save', tab_id: 7 },
    { ts: 9_000, by: 'human', type: 'click', url: 'http://localhost:5173/', selector: '#later', tab_id: 7 },
  ]);
  store.append('logs', [
    error(500), // l1: before the range
    error(1_200, 'ReferenceError: x is not defined'), // l2: a1's
    error(3_500), // l3: past a1's 2 s window
    error(5_100), // l4: a2's
    error(5_300, 'TypeError: total is undefined', 9), // l5: another tab
    error(5_400), // l6: a2's again
    { ...error(5_500), level: 'warn', source: 'console' }, // l7: not an error
    error(9_100), // l8: a3's, past to
  ]);
  return store;
}

describe('replay errors: what the range caused, and whether a replay did it again (docs/mcp-tools.md)', () => {
  it("gathers the errors the range's actions caused by the one rule, by message and at", () => {
    const store = captured();
    expect(errorsOfRange(store, resolveRange(store, 'a1', 'a2'))).to.deep.equal([
      { message: 'ReferenceError: x is not defined', at: 'src/cart.ts:10:5', ids: ['l2'] },
      { message: 'TypeError: total is undefined', at: 'src/cart.ts:10:5', ids: ['l4', 'l6'] },
    ]);
  });

  it("ends the last action's window at the tab's next action", () => {
    const store = new InMemoryCaptureStore();
    store.append('actions', [
      { ts: 1_000, by: 'human', type: 'click', url: 'http://localhost:5173/', selector: '#a', tab_id: 7 },
      { ts: 1_500, by: 'human', type: 'click', url: 'http://localhost:5173/', selector: '#b', tab_id: 7 },
    ]);
    store.append('logs', [error(1_200), error(1_700, 'TypeError: b failed')]);
    // Within a1's 2 s, but after a2: a2's.
    expect(errorsOfRange(store, resolveRange(store, 'a1', 'a1')).flatMap((kind) => kind.ids)).to.deep.equal(['l1']);
    expect(errorsOfRange(store, resolveRange(store, 'a1', 'a2')).flatMap((kind) => kind.ids)).to.deep.equal(['l1', 'l2']);
  });

  it("counts an agent's action's errors until its command ended, past the 2 s", () => {
    const store = new InMemoryCaptureStore();
    store.append('actions', [
      {
        ts: 1_000,
        by: 'agent',
        type: 'click',
        url: 'http://localhost:5173/',
        selector: '#a',
        tab_id: 7,
        correlation_id: 'corr-1',
      },
    ]);
    store.append('logs', [error(4_000)]);
    const range = resolveRange(store, 'a1', 'a1');
    expect(errorsOfRange(store, range)).to.deep.equal([]);
    expect(errorsOfRange(store, range, (id) => (id === 'corr-1' ? 4_500 : undefined)).flatMap((kind) => kind.ids)).to.deep.equal([
      'l1',
    ]);
  });

  it("counts a replay's errors in its tab after the cursor, by kind", () => {
    const store = captured();
    const cursor = logsCursor(store);
    store.append('logs', [error(20_000), error(20_001, 'TypeError: total is undefined', 9), error(20_002)]);
    expect(errorsSince(store, cursor, 7)).to.deep.equal([
      { message: 'TypeError: total is undefined', at: 'src/cart.ts:10:5', ids: ['l9', 'l11'] },
    ]);
  });

  it('is reproduced when an error of the range happens again with the same message and at, listing the new ids', () => {
    const original = [
      { message: 'TypeError: total is undefined', at: 'src/cart.ts:10:5', ids: ['l4'] },
      { message: 'ReferenceError: x is not defined', at: 'src/cart.ts:10:5', ids: ['l2'] },
    ];
    expect(
      reproduction(original, [{ message: 'TypeError: total is undefined', at: 'src/cart.ts:10:5', ids: ['l40'] }]),
    ).to.deep.equal({
      reproduced: true,
      errors: [
        { message: 'TypeError: total is undefined', at: 'src/cart.ts:10:5', original: ['l4'], again: ['l40'] },
        { message: 'ReferenceError: x is not defined', at: 'src/cart.ts:10:5', original: ['l2'], again: [] },
      ],
    });
  });

  it('is not reproduced by the same message elsewhere, another message, or nothing', () => {
    const original = [{ message: 'TypeError: total is undefined', at: 'src/cart.ts:10:5', ids: ['l4'] }];
    expect(
      reproduction(original, [{ message: 'TypeError: total is undefined', at: 'src/cart.ts:12:1', ids: ['l40'] }]).reproduced,
    ).to.equal(false);
    expect(reproduction(original, [{ message: 'TypeError: other', at: 'src/cart.ts:10:5', ids: ['l41'] }]).reproduced).to.equal(
      false,
    );
    expect(reproduction(original, []).reproduced).to.equal(false);
    expect(reproduction([], [{ message: 'x', ids: ['l1'] }])).to.deep.equal({ reproduced: false, errors: [] });
  });
});
