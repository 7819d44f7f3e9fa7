import { expect } from 'chai';
import { AGENT_TAIL_MS, agentActs, MAX_ACTING_MS } from '../../../extension/src/relay/recordAgent.js';
import type { Recorder } from '../../../extension/src/record/Recorder.js';
import { type ActionWire, REDACTED_VALUE } from '../../../extension/src/shared/actions.js';
import { withPage } from './support/jsdom.js';

/** A recorder that says what the agent hook asked of it. */
function fakeRecorder() {
  const calls: Array<{ type: string; id: string; element?: Element; named?: Element; late?: Partial<ActionWire> }> = [];
  const recorder = {
    agent: (type: string, id: string, element: Element | undefined, _extra: unknown, named?: Element) => {
      const call: (typeof calls)[number] = { type, id, ...(element ? { element } : {}), ...(named ? { named } : {}) };
      calls.push(call);
      return (late?: Partial<ActionWire>) => {
        call.late = late ?? {};
      };
    },
  } as unknown as Recorder<Element>;
  return { recorder, calls };
}

describe('extension recording: browsertap’s own doing in the frame', () => {
  let page: ReturnType<typeof withPage> | undefined;
  const realNow = Date.now;
  let now = 100_000;
  beforeEach(() => {
    now = 100_000;
    Date.now = () => now;
  });
  afterEach(() => {
    Date.now = realNow;
    page?.close();
  });

  function setup(recording = true, values = true) {
    const { recorder, calls } = fakeRecorder();
    let heard = 0;
    const acts = agentActs({ recorder, recording: () => recording, values: () => values, hear: () => heard++ });
    return { acts, calls, heard: () => heard };
  }

  it('acts for for_ms after the worker says start, at most MAX_ACTING_MS, until as many ends came', () => {
    const { acts } = setup();
    expect(acts.busy()).to.equal(false);
    acts.acting({ acting: 'start', for_ms: 1_000 });
    acts.acting({ acting: 'start', for_ms: 500 });
    expect(acts.busy()).to.equal(true);
    acts.acting({ acting: 'end' });
    expect(acts.busy()).to.equal(true, 'one of two commands still acts');
    acts.acting({ acting: 'end' });
    expect(acts.busy()).to.equal(false);
    expect(acts.quiet(now + AGENT_TAIL_MS - 1)).to.equal(true, 'its scroll lands a frame later');
    expect(acts.quiet(now + AGENT_TAIL_MS)).to.equal(false);

    acts.acting({ acting: 'start', for_ms: 10 * MAX_ACTING_MS });
    now += MAX_ACTING_MS;
    expect(acts.busy()).to.equal(true);
    now += 1;
    expect(acts.busy()).to.equal(false, 'a command that never says end acts MAX_ACTING_MS at most');
    acts.acting({ acting: 'start', for_ms: -5 });
    expect(acts.busy()).to.equal(true, 'for this instant only');
    now += 1;
    expect(acts.busy()).to.equal(false);
  });

  it('records nothing while the frame does not record', () => {
    const { acts, calls, heard } = setup(false);
    acts.hook.agent('click', 'c1', undefined)(true);
    expect(calls).to.deep.equal([]);
    expect(heard()).to.equal(0);
  });

  it('hears the person’s notes first, acts until done, and records only what did what it was asked', () => {
    page = withPage('<button id="go">Go</button><li id="row">r</li>');
    const { acts, calls, heard } = setup();
    const button = page.document.getElementById('go') as Element;
    const row = page.document.getElementById('row') as Element;
    const done = acts.hook.agent('drag', 'c1', button, { to: row });
    expect(heard()).to.equal(1);
    expect(acts.busy()).to.equal(true);
    done(true);
    done(true);
    expect(acts.busy()).to.equal(false);
    expect(calls).to.deep.equal([{ type: 'drag', id: 'c1', element: button, named: row, late: {} }]);
    acts.hook.agent('click', 'c2', button)(false);
    expect(calls[1]).to.not.have.property('late', 'a failed action is not recorded');
  });

  it('records a key, files (their names only with values), a fill’s value and a select’s choice as the agent’s', () => {
    page = withPage(
      '<input id="name" value="Ann"><select id="size"><option value="s">S</option><option value="m" selected>M</option></select>',
    );
    const [field, select] = ['#name', '#size'].map((s) => page?.document.querySelector(s) as Element);
    const withValues = setup();
    withValues.acts.hook.agent('press', 'k', field, { key: 'Enter' })(true);
    withValues.acts.hook.agent('upload', 'u', field)(true, { files: [{ name: 'cv.pdf', size: 3 }] });
    withValues.acts.hook.agent('fill', 'f', field)(true);
    withValues.acts.hook.agent('select', 's', select)(true);
    expect(withValues.calls.map((call) => call.late)).to.deep.equal([
      { key: 'Enter' },
      { files: [{ name: 'cv.pdf', size: 3 }] },
      { value: 'Ann' },
      { value: 'm' },
    ]);
    const without = setup(true, false);
    without.acts.hook.agent('upload', 'u', field)(true, { files: [{ name: 'cv.pdf', size: 3 }] });
    without.acts.hook.agent('fill', 'f', field)(true);
    expect(without.calls.map((call) => call.late)).to.deep.equal([{ files: [{ name: REDACTED_VALUE, size: 3 }] }, {}]);
  });
});
