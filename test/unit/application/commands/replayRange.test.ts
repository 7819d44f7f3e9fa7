import { expect } from 'chai';
import { resolveRange } from '../../../../src/application/shared/actionRange.js';
import { InMemoryCaptureStore } from '../../../../src/adapters/outbound/memory/InMemoryCaptureStore.js';
import type { ActionEntry } from '../../../../src/domain/wire/entries.js';
import { MAX_RANGE_ACTIONS } from '../../../../src/domain/wire/replay.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

function click(tab: number, ts: number, extra: Partial<ActionEntry> = {}): ActionEntry {
  return { ts, by: 'human', type: 'click', url: 'http://localhost/', selector: '#b', tab_id: tab, ...extra };
}

/** a1..a6: tabs 7, 7, 9, 7, 9, 7. */
function store(): InMemoryCaptureStore {
  const captured = new InMemoryCaptureStore();
  captured.append(
    'actions',
    [7, 7, 9, 7, 9, 7].map((tab, i) => click(tab, 1_000 + i)),
  );
  return captured;
}

const ids = (range: { actions: ReadonlyArray<{ id: string }> }) => range.actions.map((action) => action.id);

describe("resolveRange: one tab's actions between two action ids (docs/mcp-tools.md)", () => {
  it("takes from's tab's actions from from to to, leaving out other tabs', with the tab's next action", () => {
    const range = resolveRange(store(), 'a2', 'a4');
    expect(ids(range)).to.deep.equal(['a2', 'a4']);
    expect(range.tabId).to.equal(7);
    expect(range.next?.id).to.equal('a6');
  });

  it("runs to the tab's latest action without to", () => {
    expect(ids(resolveRange(store(), 'a1', undefined))).to.deep.equal(['a1', 'a2', 'a4', 'a6']);
  });

  it('without to, stops before what a replay recorded since, so the same range replays the same actions', () => {
    const captured = store();
    captured.append('actions', [click(7, 2_000, { by: 'agent', correlation_id: 'corr-1' }), click(7, 2_001)]);
    const range = resolveRange(captured, 'a1', undefined, (entry) => entry.correlation_id === 'corr-1');
    expect(ids(range)).to.deep.equal(['a1', 'a2', 'a4', 'a6']);
  });

  it('refuses to before from, another tab, and ids that are not actions, saying which', () => {
    expect(expectDomainError(() => resolveRange(store(), 'a4', 'a2'), 'invalid_params').message).to.match(
      /from \(a4\) comes after to \(a2\)/,
    );
    expect(expectDomainError(() => resolveRange(store(), 'a2', 'a3'), 'invalid_params').message).to.match(
      /different tabs \(7 and 9\)/,
    );
    expect(expectDomainError(() => resolveRange(store(), 'l2', undefined), 'invalid_params').message).to.match(
      /from must be an action id/,
    );
    expectDomainError(() => resolveRange(store(), 'x', undefined), 'invalid_params');
  });

  it('says an id is unknown or evicted', () => {
    expectDomainError(() => resolveRange(store(), 'a99', undefined), 'unknown_entry');
    const small = new InMemoryCaptureStore({
      logs: 10,
      network: 10,
      bodies: 10,
      websocket: 10,
      vitals: 10,
      actions: 2,
      picks: 10,
    });
    small.append('actions', [click(7, 1), click(7, 2), click(7, 3)]);
    expectDomainError(() => resolveRange(small, 'a1', 'a3'), 'entry_evicted');
    expect(ids(resolveRange(small, 'a2', 'a3'))).to.deep.equal(['a2', 'a3']);
  });

  it(`takes ${MAX_RANGE_ACTIONS} actions and refuses one more, naming where to stop`, () => {
    const captured = new InMemoryCaptureStore();
    captured.append(
      'actions',
      Array.from({ length: MAX_RANGE_ACTIONS + 1 }, (_, i) => click(7, i)),
    );
    expect(resolveRange(captured, 'a1', `a${MAX_RANGE_ACTIONS}`).actions).to.have.length(MAX_RANGE_ACTIONS);
    expect(resolveRange(captured, 'a2', undefined).actions).to.have.length(MAX_RANGE_ACTIONS);
    const error = expectDomainError(() => resolveRange(captured, 'a1', undefined), 'invalid_params');
    expect(error.message).to.match(new RegExp(`more than ${MAX_RANGE_ACTIONS} actions.*to: "a${MAX_RANGE_ACTIONS}"`));
    expectDomainError(() => resolveRange(captured, 'a1', `a${MAX_RANGE_ACTIONS + 1}`), 'invalid_params');
  });
});
