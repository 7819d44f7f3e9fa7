import { expect } from 'chai';
import { GetReproduction } from '../../../../src/application/capture/GetReproduction.js';
import { MAX_RANGE_ACTIONS, resolveRange } from '../../../../src/application/shared/actionRange.js';
import { InMemoryCaptureStore } from '../../../../src/adapters/outbound/memory/InMemoryCaptureStore.js';
import type { CorrelationTracker } from '../../../../src/domain/command/CorrelationTracker.js';
import type { ActionEntry } from '../../../../src/domain/wire/entries.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

const T = 1_700_000_000_000;
const click = (i: number): ActionEntry => ({
  ts: T + i * 5_000,
  tab_id: 1,
  by: 'human',
  type: 'click',
  url: 'http://localhost:5173/',
  selector: `#b${i}`,
  locator: `getByTestId('b${i}')`,
});

function captured(count: number): InMemoryCaptureStore {
  const store = new InMemoryCaptureStore();
  store.append(
    'actions',
    Array.from({ length: count }, (_, i) => click(i)),
  );
  return store;
}

describe('one range of actions for replay and reproduction (docs/mcp-tools.md)', () => {
  it('takes the same number of actions in both, and refuses one more in both', () => {
    const store = captured(MAX_RANGE_ACTIONS + 1);
    const tracker = { finishedAt: () => undefined } as unknown as CorrelationTracker;
    const reproduce = (from: string, to: string) => new GetReproduction(store, tracker, 1_000_000).execute({ from, to });
    expect(resolveRange(store, 'a1', `a${MAX_RANGE_ACTIONS}`).actions).to.have.length(MAX_RANGE_ACTIONS);
    expect(reproduce('a1', `a${MAX_RANGE_ACTIONS}`).actions).to.equal(MAX_RANGE_ACTIONS);
    expectDomainError(() => resolveRange(store, 'a1', `a${MAX_RANGE_ACTIONS + 1}`), 'invalid_params');
    expect(expectDomainError(() => reproduce('a1', `a${MAX_RANGE_ACTIONS + 1}`), 'invalid_params').message).to.include(
      `more than ${MAX_RANGE_ACTIONS}`,
    );
  });

  it('says the same when an end is missing, in another tab or before the other, in replay and reproduction', () => {
    const store = captured(3);
    store.append('actions', [{ ...click(9), tab_id: 2 }]);
    const tracker = { finishedAt: () => undefined } as unknown as CorrelationTracker;
    const reproduce = (from: string, to: string) => () => new GetReproduction(store, tracker, 1_000_000).execute({ from, to });
    const replay = (from: string, to: string) => () => resolveRange(store, from, to);
    for (const [from, to, code] of [
      ['a3', 'a1', 'invalid_params'],
      ['a1', 'a4', 'invalid_params'],
      ['a1', 'a99', 'unknown_entry'],
      ['x1', 'a2', 'invalid_params'],
    ] as const) {
      const a = expectDomainError(replay(from, to), code).message;
      const b = expectDomainError(reproduce(from, to), code).message;
      // The one word that differs says what the range is for.
      expect(a.replace('a range is', 'a reproduction is')).to.equal(b);
    }
  });
});
