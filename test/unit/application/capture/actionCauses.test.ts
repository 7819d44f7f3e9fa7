import { expect } from 'chai';
import {
  actionCauses,
  CAUSE_WINDOW_MS,
  causesOfStored,
  isCausedLog,
  type CauseAction,
  type Consequence,
} from '../../../../src/application/capture/actionCauses.js';
import type { ActionEntry, LogEntry, NetworkEntry } from '../../../../src/domain/wire/entries.js';

const human = (id: string, ts: number, tab_id = 1): CauseAction => ({ id, ts, tab_id, by: 'human' });
const thing = (id: string, ts: number, tab_id = 1): Consequence => ({ id, ts, tab_id });

describe('actionCauses (the one "caused" rule)', () => {
  it('gives an action what its tab did from its ts until the tab’s next action', () => {
    const causes = actionCauses(
      [human('a1', 1_000), human('a2', 1_500)],
      [thing('n1', 1_000), thing('l2', 1_200), thing('n3', 1_500), thing('n4', 1_600)],
    );
    expect(causes.get('a1')).to.deep.equal(['n1', 'l2']);
    expect(causes.get('a2')).to.deep.equal(['n3', 'n4']);
  });

  it('stops 2 s after the action when the tab does nothing else', () => {
    const causes = actionCauses(
      [human('a1', 1_000)],
      [thing('n1', 1_000 + CAUSE_WINDOW_MS), thing('n2', 1_000 + CAUSE_WINDOW_MS + 1)],
    );
    expect(causes.get('a1')).to.deep.equal(['n1']);
  });

  it('never counts what happened before the action', () => {
    expect(actionCauses([human('a1', 1_000)], [thing('n1', 999)]).get('a1')).to.deep.equal([]);
  });

  it('keeps tabs apart: another tab’s action neither cuts the window nor takes its entries', () => {
    const causes = actionCauses(
      [human('a1', 1_000, 1), human('a2', 1_100, 2)],
      [thing('n1', 1_200, 1), thing('n2', 1_300, 2), thing('n3', 1_400, 3)],
    );
    expect(causes.get('a1')).to.deep.equal(['n1']);
    expect(causes.get('a2')).to.deep.equal(['n2']);
  });

  it('ends an agent’s action when its command’s effects ended, when that is known', () => {
    const agent: CauseAction = { id: 'a1', ts: 1_000, tab_id: 1, by: 'agent', effects_end: 5_000 };
    const causes = actionCauses([agent], [thing('n1', 4_000), thing('n2', 5_001)]);
    expect(causes.get('a1')).to.deep.equal(['n1']);
  });

  it('gives an agent’s action without a known end the 2 s window', () => {
    const agent: CauseAction = { id: 'a1', ts: 1_000, tab_id: 1, by: 'agent' };
    expect(actionCauses([agent], [thing('n1', 2_500), thing('n2', 3_500)]).get('a1')).to.deep.equal(['n1']);
  });

  it('does not let a human action stretch its window with an effects end', () => {
    const causes = actionCauses([{ ...human('a1', 1_000), effects_end: 9_000 }], [thing('n1', 4_000)]);
    expect(causes.get('a1')).to.deep.equal([]);
  });

  it('sorts actions and entries given out of order', () => {
    const causes = actionCauses(
      [human('a2', 2_000), human('a1', 1_000)],
      [thing('n3', 2_100), thing('n2', 1_100), thing('n1', 1_050)],
    );
    expect(causes.get('a1')).to.deep.equal(['n1', 'n2']);
    expect(causes.get('a2')).to.deep.equal(['n3']);
  });

  it('gives what happens at the same ms as two actions to the later one (a click and its submit)', () => {
    const causes = actionCauses([human('a1', 1_000), human('a2', 1_000)], [thing('n1', 1_000)]);
    expect(causes.get('a1')).to.deep.equal([]);
    expect(causes.get('a2')).to.deep.equal(['n1']);
  });

  it('keeps actions without a tab with entries without a tab', () => {
    const causes = actionCauses([{ id: 'a1', ts: 1_000, by: 'human' }], [{ id: 'n1', ts: 1_100 }, thing('n2', 1_100)]);
    expect(causes.get('a1')).to.deep.equal(['n1']);
  });
});

describe('causesOfStored', () => {
  const action = (ts: number, extra: Partial<ActionEntry> = {}): ActionEntry => ({
    ts,
    tab_id: 1,
    by: 'human',
    type: 'click',
    url: 'http://app/',
    ...extra,
  });
  const log = (ts: number, extra: Partial<LogEntry> = {}): LogEntry => ({
    ts,
    tab_id: 1,
    level: 'log',
    message: 'm',
    source: 'console',
    url: 'http://app/',
    ...extra,
  });
  const request = (ts: number, status = 200): NetworkEntry => ({
    ts,
    tab_id: 1,
    url: 'http://app/api',
    method: 'GET',
    status,
    duration_ms: 5,
  });

  it('counts every request, errors and dialogs, but not plain logs or warnings', () => {
    const causes = causesOfStored(
      [{ seq: 3, value: action(1_000) }],
      [
        { seq: 1, value: log(1_100) },
        { seq: 2, value: log(1_200, { level: 'warn' }) },
        { seq: 3, value: log(1_300, { level: 'error' }) },
        { seq: 4, value: log(1_400, { level: 'warn', args: [{ dialog: 'alert', message: 'hi', answer: 'accepted' }] }) },
        { seq: 5, value: log(1_500, { level: 'info', source: 'exception' }) },
      ],
      [
        { seq: 7, value: request(1_050) },
        { seq: 8, value: request(1_250, 500) },
      ],
    );
    expect(causes.get('a3')).to.deep.equal(['n7', 'n8', 'l3', 'l4', 'l5']);
  });

  it('asks for an agent action’s end by its correlation id', () => {
    const asked: string[] = [];
    const causes = causesOfStored(
      [{ seq: 1, value: action(1_000, { by: 'agent', correlation_id: 'corr-1-abcdef01' }) }],
      [],
      [{ seq: 1, value: request(6_000) }],
      (id) => (asked.push(id), 7_000),
    );
    expect(asked).to.deep.equal(['corr-1-abcdef01']);
    expect(causes.get('a1')).to.deep.equal(['n1']);
  });

  it('does not take a dialog-shaped argument of another kind for a dialog', () => {
    expect(isCausedLog(log(1, { args: [{ dialog: 1 }] }))).to.equal(false);
    expect(isCausedLog(log(1, { args: ['dialog'] }))).to.equal(false);
  });
});
