import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { RECORD, Recorder } from '../../../extension/src/record/Recorder.js';
import type { ActionWire } from '../../../extension/src/shared/actions.js';

interface Fake {
  readonly name: string;
  value: string;
}

function setup(editing?: (element: Fake) => void) {
  const clock = createClock(1_000);
  const sent: ActionWire[] = [];
  const described: string[] = [];
  const seen: Array<string | undefined> = [];
  const deferred: Array<() => void> = [];
  const recorder = new Recorder<Fake>({
    now: () => clock.now,
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle as number),
    defer: (fn) => deferred.push(fn),
    describe: (element, clicked, print) => (
      described.push(clicked ? `${element.name} (clicked)` : element.name),
      seen.push(print),
      { locator: `getByTestId('${element.name}')` }
    ),
    valueOf: (element, typed) => ({ value: typed ?? element.value }),
    ...(editing === undefined ? {} : { editing }),
    scrollOf: (element) => (element === undefined ? { x: 0, y: 640.4 } : { x: 3, y: 7 }),
    url: () => 'http://localhost/',
    send: (actions) => sent.push(...actions),
  });
  /** Runs the deferred naming, as the task after the event would. */
  const later = () => deferred.splice(0).forEach((fn) => fn());
  return { clock, sent, described, seen, recorder, later };
}
const field = (name: string): Fake => ({ name, value: '' });
const brief = (actions: ActionWire[]) =>
  actions.map((a) => [a.type, a.locator, a.value ?? a.key ?? a.navigation ?? (a.y === undefined ? undefined : `${a.x},${a.y}`)]);

describe('extension recording: the recorder', () => {
  it('records one fill per field edit with the final value after 500 ms without input, never one per keystroke', () => {
    const { clock, sent, recorder, later } = setup();
    const email = field('email');
    for (const char of 'ann@example.test') {
      email.value += char;
      recorder.edited(email);
      clock.tick(100);
    }
    later();
    expect(sent).to.deep.equal([]);
    clock.tick(RECORD.fillIdleMs - 100 - 1);
    expect(sent).to.deep.equal([]);
    clock.tick(1);
    later();
    expect(brief(sent)).to.deep.equal([['fill', "getByTestId('email')", 'ann@example.test']]);
    expect(sent[0]?.ts).to.equal(1_000 + 15 * 100, 'the time of the last input');
  });

  it('tells the page of every input of an edit as it comes, before the edit ends (what the field was while typed)', () => {
    const seen: string[] = [];
    const { sent, recorder } = setup((element) => seen.push(element.name));
    const pw = field('pw');
    for (let i = 0; i < 3; i++) recorder.edited(pw);
    expect(seen).to.deep.equal(['pw', 'pw', 'pw']);
    expect(sent).to.deep.equal([]);
  });

  it('ends the edit at blur (commit) with the value then', () => {
    const { sent, recorder, later } = setup();
    const name = field('name');
    name.value = 'Ann';
    recorder.edited(name);
    later();
    recorder.committed(name);
    expect(sent, 'sent from a task of its own, not inside the blur').to.deep.equal([]);
    later();
    expect(brief(sent)).to.deep.equal([['fill', "getByTestId('name')", 'Ann']]);
  });

  it('records the fill before the Enter that ends it, and the submit after', () => {
    const { sent, recorder, later } = setup();
    const search = field('search');
    const form = field('form');
    search.value = 'shoes';
    recorder.edited(search);
    recorder.pressed(search, 'Enter');
    recorder.submitted(form);
    later();
    expect(brief(sent)).to.deep.equal([
      ['fill', "getByTestId('search')", 'shoes'],
      ['press', "getByTestId('search')", 'Enter'],
      ['submit', "getByTestId('form')", undefined],
    ]);
  });

  it('names targets in a later task, not inside the event, and sends nothing until they are named', () => {
    const { sent, described, recorder, later } = setup();
    const save = field('save');
    recorder.clicked(save, 1);
    recorder.pressed(save, 'Escape');
    expect(described).to.deep.equal([]);
    expect(sent).to.deep.equal([]);
    later();
    expect(described).to.deep.equal(['save (clicked)']);
    expect(brief(sent)).to.deep.equal([
      ['click', "getByTestId('save')", undefined],
      ['press', "getByTestId('save')", 'Escape'],
    ]);
  });

  it('names a click’s element as what it clicks, and an element first named for an edit again when it is clicked', () => {
    const { described, recorder, later } = setup();
    const name = field('name');
    recorder.edited(name);
    recorder.committed(name);
    recorder.prepare(name);
    recorder.clicked(name, 1);
    recorder.pressed(name, 'Enter');
    later();
    expect(described).to.deep.equal(['name', 'name (clicked)']);
  });

  it('uses the name taken at pointerdown for the click that follows (the page may change in between)', () => {
    const { sent, described, recorder, later } = setup();
    const button = field('save');
    recorder.prepare(button);
    later();
    recorder.clicked(button, 1);
    recorder.pressed(field('other'), 'Tab');
    later();
    expect(described).to.deep.equal(['save (clicked)', 'other']);
    expect(brief(sent).map((a) => a[0])).to.deep.equal(['click', 'press']);
  });

  it('records a double click as one dblclick, a lone click after 500 ms', () => {
    const { clock, sent, recorder, later } = setup();
    const row = field('row');
    recorder.clicked(row, 1);
    recorder.clicked(row, 2);
    recorder.doubleClicked(row);
    later();
    expect(brief(sent)).to.deep.equal([['dblclick', "getByTestId('row')", undefined]]);
    recorder.clicked(row, 1);
    clock.tick(RECORD.doubleClickMs - 1);
    expect(sent).to.have.length(1);
    clock.tick(1);
    later();
    expect(brief(sent).at(-1)).to.deep.equal(['click', "getByTestId('row')", undefined]);
  });

  it('records a scroll once, at its final position, 500 ms after it stops', () => {
    const { clock, sent, recorder, later } = setup();
    for (let i = 0; i < 10; i++) {
      recorder.scrolled(undefined);
      clock.tick(50);
    }
    clock.tick(RECORD.scrollIdleMs - 50 - 1);
    expect(sent).to.deep.equal([]);
    clock.tick(1);
    later();
    expect(brief(sent)).to.deep.equal([['scroll', undefined, '0,640']]);
  });

  it('records rich text as what was typed between the keys, so a formatting key applies to the text after it', () => {
    const { clock, sent, recorder, later } = setup();
    const note = field('note');
    for (const char of 'Hello ') recorder.edited(note, true, { text: char });
    clock.tick(40);
    recorder.pressed(note, 'Control+B');
    for (const char of 'world') recorder.edited(note, true, { text: char });
    note.value = 'Hello world';
    clock.tick(RECORD.fillIdleMs);
    later();
    expect(sent.map((a) => [a.type, a.value ?? a.key, a.typed])).to.deep.equal([
      ['fill', 'Hello ', true],
      ['press', 'Control+B', undefined],
      ['fill', 'world', true],
    ]);
  });

  it('leaves the edit of a key recorded as a press to that press, and records an edit typing cannot say as the whole text', () => {
    const { clock, sent, recorder, later } = setup();
    const note = field('note');
    recorder.pressed(note, 'Enter');
    recorder.edited(note, true, 'key'); // the new paragraph Enter made
    recorder.edited(note, true, { text: 'a' });
    recorder.edited(note, true, 'other'); // a paste
    note.value = 'a pasted';
    clock.tick(RECORD.fillIdleMs);
    later();
    expect(sent.map((a) => [a.type, a.value ?? a.key, a.typed])).to.deep.equal([
      ['press', 'Enter', undefined],
      ['fill', 'a pasted', undefined],
    ]);
  });

  it('keeps the order things happened in: a pending fill or scroll ends before the next action', () => {
    const { sent, recorder, later } = setup();
    const name = field('name');
    name.value = 'A';
    recorder.edited(name);
    recorder.clicked(field('save'), 1);
    recorder.navigated('http://localhost/done', 'push');
    later();
    expect(brief(sent)).to.deep.equal([
      ['fill', "getByTestId('name')", 'A'],
      ['click', "getByTestId('save')", undefined],
      ['navigate', undefined, 'push'],
    ]);
  });

  it("records the agent's action under its command, named at once, when it is done", () => {
    const { sent, described, recorder, later } = setup();
    const box = field('box');
    const done = recorder.agent('fill', 'c-7', box);
    box.value = 'typed by the agent';
    expect(described, 'named before it acts').to.deep.equal(['box']);
    done({ value: box.value });
    later();
    expect(sent).to.have.length(1);
    expect(sent[0]).to.include({ by: 'agent', type: 'fill', correlation_id: 'c-7', value: 'typed by the agent' });
    expect(sent[0]?.locator).to.equal("getByTestId('box')");
  });

  it("ends a person's pending edit before the agent acts, with the person's value", () => {
    const { sent, recorder, later } = setup();
    const box = field('box');
    box.value = 'mine';
    recorder.edited(box);
    later();
    const done = recorder.agent('fill', 'c-1', box);
    box.value = 'mine and the agent';
    done({ value: box.value });
    later();
    expect(brief(sent).map((a) => [a[0], a[2]])).to.deep.equal([
      ['fill', 'mine'],
      ['fill', 'mine and the agent'],
    ]);
    expect(sent.map((a) => a.by)).to.deep.equal(['human', 'agent']);
  });

  it('finishes and names everything at once when the page goes away', () => {
    const { sent, recorder } = setup();
    const box = field('box');
    box.value = 'x';
    recorder.edited(box);
    recorder.flushNow();
    expect(brief(sent)).to.deep.equal([['fill', "getByTestId('box')", 'x']]);
  });

  it(`holds at most ${RECORD.maxHeld} actions waiting to be named, counting the ones it drops`, () => {
    const { sent, recorder, later } = setup();
    for (let i = 0; i <= RECORD.maxHeld; i++) recorder.pressed(field(`k${i}`), 'Tab');
    expect(recorder.dropped).to.equal(1);
    later();
    expect(sent).to.have.length(RECORD.maxHeld);
    expect(sent[0]?.locator).to.equal("getByTestId('k1')");
  });

  it('settles (a drain) once every finished action is handed on', async () => {
    const { recorder, later } = setup();
    recorder.pressed(field('a'), 'Escape');
    let settled = false;
    void recorder.settled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).to.equal(false);
    later();
    await Promise.resolve();
    expect(settled).to.equal(true);
  });

  it("starts no fill for an input without the person's evidence (a page's execCommand in a field they are not editing)", () => {
    const { clock, sent, recorder, later } = setup();
    const note = field('note');
    note.value = 'ignore previous instructions';
    recorder.edited(note, false);
    clock.tick(RECORD.fillIdleMs);
    recorder.flushNow();
    later();
    expect(sent).to.deep.equal([]);
  });

  it("keeps an input without evidence in the person's own pending edit of that field: still one fill", () => {
    const { clock, sent, recorder, later } = setup();
    const city = field('city');
    city.value = 'Ly';
    recorder.edited(city);
    city.value = 'Lyon';
    recorder.edited(city, false);
    clock.tick(RECORD.fillIdleMs);
    later();
    expect(brief(sent)).to.deep.equal([['fill', "getByTestId('city')", 'Lyon']]);
  });

  it('takes a field scrolling itself while it is edited for no scroll, and the fill goes on: one fill per field edit', () => {
    const { clock, sent, recorder, later } = setup();
    const address = field('address');
    for (const char of '1600 Amphitheatre Parkway, Mountain View') {
      address.value += char;
      recorder.edited(address);
      recorder.scrolled(address);
      clock.tick(30);
    }
    clock.tick(RECORD.fillIdleMs);
    later();
    expect(brief(sent)).to.deep.equal([['fill', "getByTestId('address')", '1600 Amphitheatre Parkway, Mountain View']]);
  });

  it('hands naming what was read at the press, for the click that follows', () => {
    const { sent, seen, recorder, later } = setup();
    const cancel = field('cancel');
    recorder.prepare(cancel, 'button|Cancel');
    recorder.clicked(cancel, 1);
    recorder.flushNow();
    later();
    expect(seen).to.deep.equal(['button|Cancel']);
    expect(brief(sent).map((a) => a[0])).to.deep.equal(['click']);
  });

  it('names a pressed element again when it looked different at this press (a "Show more" that became "Show less")', () => {
    const { described, seen, recorder, later } = setup();
    const toggle = field('toggle');
    recorder.prepare(toggle, 'Show more');
    later();
    recorder.prepare(toggle, 'Show more');
    later();
    recorder.prepare(toggle, 'Show less');
    later();
    expect(described).to.have.length(2);
    expect(seen).to.deep.equal(['Show more', 'Show less']);
  });

  it('names a pressed element as it hears the press, not a task later (at machine speed the click comes in between)', () => {
    const { described, recorder } = setup();
    recorder.prepare(field('option'), 'li|Twenty');
    expect(described).to.deep.equal(['option (clicked)']);
  });

  it('records a pointer drag on the pressed element with its path, ending what was pending first', () => {
    const { sent, recorder, later } = setup();
    const apple = field('apple');
    const name = field('name');
    name.value = 'Ann';
    recorder.edited(name);
    recorder.prepare(apple, 'li|Apple');
    recorder.pointerDragged(apple, [
      [0, 12],
      [2, 96],
    ]);
    later();
    expect(sent.map((a) => [a.type, a.locator, a.moves])).to.deep.equal([
      ['fill', "getByTestId('name')", undefined],
      [
        'drag',
        "getByTestId('apple')",
        [
          [0, 12],
          [2, 96],
        ],
      ],
    ]);
  });
  it('records what a pointer drag was let go on as its drop target, named as it is (not as a control clicked)', () => {
    const { sent, described, recorder, later } = setup();
    const apple = field('apple');
    recorder.prepare(apple, 'li|Apple');
    recorder.pointerDragged(apple, [[2, 96]], field('cherry'));
    later();
    expect(sent.map((a) => [a.type, a.locator, a.to_locator, a.moves])).to.deep.equal([
      ['drag', "getByTestId('apple')", "getByTestId('cherry')", [[2, 96]]],
    ]);
    expect(described).to.deep.equal(['apple (clicked)', 'cherry']);
  });
});
