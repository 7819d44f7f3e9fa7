import { expect } from 'chai';
import { Outbox } from '../../../extension/src/record/Outbox.js';
import type { ActionWire } from '../../../extension/src/shared/actions.js';

interface Fake {
  readonly name: string;
}

function setup(limits = { namedForMs: 2_000, maxHeld: 3 }, describe?: (element: Fake) => { locator?: string }) {
  let now = 1_000;
  const sent: ActionWire[][] = [];
  const named: string[] = [];
  const deferred: Array<() => void> = [];
  const outbox = new Outbox<Fake>(
    {
      now: () => now,
      defer: (fn) => deferred.push(fn),
      describe: (element, clicked, seen) => {
        named.push(`${element.name}${clicked ? ' (clicked)' : ''}${seen === undefined ? '' : ` seen ${seen}`}`);
        return describe?.(element) ?? { locator: `getByTestId('${element.name}')` };
      },
      send: (actions) => sent.push(actions),
    },
    limits,
  );
  return {
    outbox,
    sent,
    named,
    deferred,
    later: () => deferred.splice(0).forEach((fn) => fn()),
    tick: (ms: number) => (now += ms),
  };
}
const wire = (type: ActionWire['type'], ts = 1): ActionWire => ({ ts, by: 'human', type, url: 'http://localhost/' });

describe('extension recording: the outbox (actions wait for their targets to be named, and leave in order)', () => {
  it('names a held action’s target in the next task, never inside the event, and sends it with its name', () => {
    const { outbox, sent, named, deferred, later } = setup();
    outbox.hold({ wire: wire('click'), target: outbox.slotFor({ name: 'save' }, true) });
    expect(named).to.deep.equal([]);
    expect(sent).to.deep.equal([]);
    expect(deferred).to.have.length(1, 'one task for everything held in this one');
    later();
    expect(named).to.deep.equal(['save (clicked)']);
    expect(sent).to.deep.equal([[{ ...wire('click'), locator: "getByTestId('save')" }]]);
  });

  it('keeps an element’s name from its press for what follows within namedForMs, and names it again after', () => {
    const { outbox, named, later, tick } = setup();
    const save = { name: 'save' };
    const pressed = outbox.slotFor(save, true, 'print');
    later();
    tick(2_000);
    expect(outbox.slotFor(save, true)).to.equal(pressed, 'the click after the press');
    expect(outbox.slotFor(save)).to.equal(pressed, 'anything else takes its latest name');
    tick(1);
    expect(outbox.slotFor(save)).to.not.equal(pressed);
    later();
    expect(named).to.deep.equal(['save (clicked) seen print', 'save']);
  });

  it('names again a press that looked otherwise, and a click on what was named as no click', () => {
    const { outbox } = setup();
    const toggle = { name: 'toggle' };
    const asMore = outbox.slotFor(toggle, true, 'Show more');
    expect(outbox.slotFor(toggle, true, 'Show less')).to.not.equal(asMore);
    const field = { name: 'field' };
    const typed = outbox.slotFor(field);
    expect(outbox.slotFor(field, true)).to.not.equal(typed);
  });

  it('sends in the order things happened, what the task held in one batch', () => {
    const { outbox, sent, later } = setup();
    outbox.hold({ wire: wire('navigate', 1) });
    outbox.hold({ wire: wire('click', 2), target: outbox.slotFor({ name: 'a' }, true) });
    outbox.hold({ wire: wire('scroll', 3) });
    later();
    expect(sent.map((batch) => batch.map((a) => a.ts))).to.deep.equal([[1, 2, 3]]);
  });

  it('names the drop target too, as to_locator, to_selector and to_nth', () => {
    const { outbox, sent, later } = setup(undefined, (element) =>
      element.name === 'row' ? ({ locator: 'row', selector: 'li', nth: 2 } as { locator?: string }) : { locator: 'card' },
    );
    outbox.hold({ wire: wire('drag'), target: outbox.slotFor({ name: 'card' }), to: outbox.slotFor({ name: 'row' }) });
    later();
    expect(sent[0]?.[0]).to.include({ locator: 'card', to_locator: 'row', to_selector: 'li', to_nth: 2 });
  });

  it('names a target whose naming throws as nothing, and still sends the action', () => {
    const { outbox, sent, later } = setup(undefined, () => {
      throw new Error('detached');
    });
    outbox.hold({ wire: wire('click'), target: outbox.slotFor({ name: 'gone' }) });
    later();
    expect(sent).to.deep.equal([[wire('click')]]);
  });

  it('holds at most maxHeld: past it the oldest goes and is counted', () => {
    const { outbox, sent, later } = setup({ namedForMs: 2_000, maxHeld: 3 });
    for (let ts = 1; ts <= 5; ts++) outbox.hold({ wire: wire('scroll', ts) });
    expect(outbox.dropped).to.equal(2);
    later();
    expect(sent[0]?.map((a) => a.ts)).to.deep.equal([3, 4, 5]);
  });

  it('names at once what waits (a press, before the click changes the page), and only when something waits', () => {
    const { outbox, named, sent } = setup();
    outbox.namePending();
    expect(named).to.deep.equal([]);
    outbox.slotFor({ name: 'menu' }, true, 'p');
    outbox.namePending();
    expect(named).to.deep.equal(['menu (clicked) seen p']);
    expect(sent).to.deep.equal([]);
    expect(outbox.describedNow({ name: 'agent' }).described).to.deep.equal({ locator: "getByTestId('agent')" });
  });

  it('settles once everything held is sent, and at once when nothing is; clearing drops what waits and settles', async () => {
    const { outbox, sent, later } = setup();
    await outbox.settled();
    outbox.hold({ wire: wire('click'), target: outbox.slotFor({ name: 'a' }) });
    let settled = false;
    void outbox.settled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).to.equal(false);
    later();
    await Promise.resolve();
    expect(settled).to.equal(true);
    outbox.hold({ wire: wire('click'), target: outbox.slotFor({ name: 'b' }) });
    let cleared = false;
    void outbox.settled().then(() => (cleared = true));
    outbox.clear();
    await Promise.resolve();
    expect(cleared).to.equal(true);
    later();
    expect(sent).to.have.length(1, 'what was cleared is never sent');
  });
});
