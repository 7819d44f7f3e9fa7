import { expect } from 'chai';
import type { PersonEvidence } from '../../../extension/src/record/PersonEvidence.js';
import type { Recorder } from '../../../extension/src/record/Recorder.js';
import { MAX_DRAG_POINTS, onScrollbar, recordPointer, sample } from '../../../extension/src/relay/recordPointer.js';
import { withPage } from './support/jsdom.js';

/** A trusted pointer or mouse event as the window's capture listener receives it. */
function trusted(target: Element, init: Partial<PointerEvent> = {}): Event {
  return {
    isTrusted: true,
    target,
    composedPath: () => [target],
    clientX: 0,
    clientY: 0,
    button: 0,
    buttons: 1,
    isPrimary: true,
    detail: 1,
    ...init,
  } as unknown as Event;
}

function setup(html: string) {
  const page = withPage(html, ['location', 'getSelection', 'HTMLLabelElement']);
  // jsdom lays nothing out: a viewport, so a press is not taken for one on the page's scrollbar.
  for (const [name, value] of [
    ['clientWidth', 1_000],
    ['clientHeight', 800],
  ] as const)
    Object.defineProperty(page.document.documentElement, name, { value, configurable: true });
  const said: string[] = [];
  const name = (element: Element | undefined) => element?.id || element?.nodeName.toLowerCase();
  const recorder = {
    prepare: (element: Element) => said.push(`prepare ${name(element)}`),
    clicked: (element: Element, detail: number) => said.push(`click ${name(element)} ${detail}`),
    doubleClicked: (element: Element) => said.push(`dblclick ${name(element)}`),
    pointerDragged: (element: Element, moves: unknown, to?: Element) =>
      said.push(`drag ${name(element)} ${JSON.stringify(moves)}${to ? ` to ${name(to)}` : ''}`),
  } as unknown as Recorder<Element>;
  const evidence = {
    pointerDown: (press: { target: Element }) => said.push(`evidence press ${name(press.target)}`),
    clicked: (element: Element) => said.push(`evidence click ${name(element)}`),
  } as unknown as PersonEvidence<Element>;
  const notes: Array<() => void> = [];
  const urls: Array<boolean | undefined> = [];
  const watched: string[] = [];
  const pointer = recordPointer({
    recorder,
    evidence,
    note: (hear, withUrl) => (notes.push(hear), urls.push(withUrl)),
    pressed: (element) => watched.push(name(element) ?? ''),
  });
  /** The task after the events: the notes are heard. */
  const hear = () => {
    pointer.taskEnded();
    notes.splice(0).forEach((fn) => fn());
  };
  const $ = (selector: string) => page.document.querySelector(selector) as Element;
  return { page, pointer, said, hear, urls, watched, $ };
}

describe('extension recording: the person’s pointer', () => {
  let page: ReturnType<typeof withPage> | undefined;
  afterEach(() => page?.close());

  it('names what was pressed at the press, a label’s field too, and records the click of it with the url at the event', () => {
    const t = setup('<label id="agree" for="c">Agree</label><input id="c" type="checkbox"><button id="save">Save</button>');
    page = t.page;
    t.pointer.pointerDown(trusted(t.$('#save')));
    t.pointer.pointerUp(trusted(t.$('#save')));
    t.pointer.click(trusted(t.$('#save')));
    t.hear();
    expect(t.said).to.deep.equal(['evidence press save', 'evidence click save', 'prepare save', 'click save 1']);
    expect(t.urls.at(-1)).to.equal(true, 'the click is noted with the url at the event (recordNotes.ts)');
    t.said.length = 0;
    t.pointer.pointerDown(trusted(t.$('#agree')));
    t.pointer.click(trusted(t.$('#agree')));
    t.hear();
    expect(t.said).to.deep.equal(
      ['evidence press agree', 'evidence click agree', 'prepare agree', 'prepare c'],
      'a label’s click is recorded by its field’s change',
    );
  });

  it('watches the page from the release only for a press released before it was named (machine speed), a label’s field too', () => {
    const t = setup('<label id="agree" for="c">Agree</label><input id="c" type="checkbox"><button id="save">Save</button>');
    page = t.page;
    t.pointer.pointerDown(trusted(t.$('#save')));
    t.hear(); // a person's press: named before its release
    t.pointer.pointerUp(trusted(t.$('#save')));
    t.pointer.click(trusted(t.$('#save')));
    t.hear();
    expect(t.watched).to.deep.equal([]);
    t.pointer.pointerDown(trusted(t.$('#agree')));
    t.pointer.pointerUp(trusted(t.$('#agree')));
    t.pointer.click(trusted(t.$('#agree')));
    t.hear();
    expect(t.watched).to.deep.equal(['agree', 'c']);
  });

  it('records the click of a label or checkbox whose default the page prevented: no change will come (the page keeps its own state)', () => {
    const t = setup('<label id="terms"><input id="box" type="checkbox">I agree</label>');
    page = t.page;
    t.pointer.pointerDown(trusted(t.$('#terms')));
    t.pointer.pointerUp(trusted(t.$('#terms')));
    t.pointer.click(trusted(t.$('#terms'), { defaultPrevented: true }));
    t.hear();
    expect(t.said, JSON.stringify(t.said)).to.include('click terms 1');
    t.said.length = 0;
    t.pointer.pointerDown(trusted(t.$('#box')));
    t.pointer.pointerUp(trusted(t.$('#box')));
    t.pointer.click(trusted(t.$('#box')));
    t.hear();
    expect(
      t.said.filter((line) => line.startsWith('click')),
      'a click the browser let toggle the box: its change says it',
    ).to.deep.equal([]);
  });

  it('ignores untrusted events and presses of another button than the main one for clicks and drags', () => {
    const t = setup('<button id="b">B</button>');
    page = t.page;
    t.pointer.pointerDown({ ...trusted(t.$('#b')), isTrusted: false } as Event);
    t.pointer.click({ ...trusted(t.$('#b')), isTrusted: false } as Event);
    expect(t.said).to.deep.equal([]);
    t.pointer.pointerDown(trusted(t.$('#b'), { button: 1 }));
    t.pointer.pointerMove(trusted(t.$('#b'), { clientX: 50, buttons: 4 }));
    t.pointer.pointerUp(trusted(t.$('#b'), { clientX: 50, button: 1 }));
    t.hear();
    expect(t.said).to.deep.equal(['evidence press b', 'prepare b']);
  });

  it('records the click of a press as on what was pressed, when it landed on what holds it (a backdrop moved under it)', () => {
    const t = setup('<div id="backdrop"><button id="open">Open</button></div>');
    page = t.page;
    t.pointer.pointerDown(trusted(t.$('#open')));
    t.pointer.pointerUp(trusted(t.$('#open')));
    t.pointer.click(trusted(t.$('#backdrop')));
    t.hear();
    expect(t.said.at(-1)).to.equal('click open 1');
  });

  it('records a press whose element the page removed before any click as a click on it', () => {
    const t = setup('<ul><li id="option">Apple</li></ul>');
    page = t.page;
    const option = t.$('#option');
    t.pointer.pointerDown(trusted(option));
    option.remove();
    t.pointer.pointerUp(trusted(option));
    t.hear();
    expect(t.said.at(-1)).to.equal('click option 1');
  });

  it('records a press that went DRAG_MIN_PX or more as a drag with its path, and no click for its release', () => {
    const t = setup('<div id="card">Card</div>');
    page = t.page;
    const card = t.$('#card');
    t.pointer.pointerDown(trusted(card, { clientX: 100, clientY: 100 }));
    t.pointer.pointerMove(trusted(card, { clientX: 104, clientY: 103 }));
    t.pointer.pointerMove(trusted(card, { clientX: 110, clientY: 100 }));
    t.pointer.pointerMove(trusted(card, { clientX: 130, clientY: 120 }));
    t.pointer.pointerUp(trusted(card, { clientX: 140, clientY: 120 }));
    t.pointer.click(trusted(card, { clientX: 140, clientY: 120 }));
    t.hear();
    expect(t.said.filter((line) => !line.startsWith('evidence'))).to.deep.equal([
      'prepare card',
      'drag card [[10,0],[30,20],[40,20]]',
    ]);
  });

  it('takes no drag of a field’s own dragging, an HTML drag and drop, or a text selection', () => {
    const t = setup('<input id="range" type="range"><div id="row" draggable="true">Row</div><p id="text">Some text</p>');
    page = t.page;
    const drag = (element: Element) => {
      t.pointer.pointerDown(trusted(element, { clientX: 10, clientY: 10 }));
      t.pointer.pointerMove(trusted(element, { clientX: 60, clientY: 10 }));
    };
    drag(t.$('#range'));
    t.pointer.pointerUp(trusted(t.$('#range'), { clientX: 60, clientY: 10 }));
    drag(t.$('#row'));
    t.pointer.dragStarted();
    t.pointer.pointerUp(trusted(t.$('#row'), { clientX: 60, clientY: 10 }));
    drag(t.$('#text'));
    const range = t.page.document.createRange();
    range.selectNodeContents(t.$('#text'));
    t.page.window.getSelection()?.addRange(range);
    t.pointer.pointerUp(trusted(t.$('#text'), { clientX: 60, clientY: 10 }));
    t.hear();
    expect(t.said.filter((line) => line.startsWith('drag') || line.startsWith('click'))).to.deep.equal([]);
  });

  it('records a double click unless it chooses (a select’s, a checkbox’s change says it)', () => {
    const t = setup('<p id="word">word</p><input id="c" type="checkbox">');
    page = t.page;
    t.pointer.doubleClick(trusted(t.$('#word')));
    t.pointer.doubleClick(trusted(t.$('#c')));
    t.hear();
    expect(t.said).to.deep.equal(['dblclick word']);
  });

  it('keeps a drag’s path to MAX_DRAG_POINTS, dropping every other point, the last kept, and no repeat', () => {
    const moves: Array<[number, number]> = [];
    for (let i = 1; i <= MAX_DRAG_POINTS + 1; i++) sample(moves, [i, 0]);
    sample(moves, [MAX_DRAG_POINTS + 1, 0]);
    expect(moves.length).to.equal(MAX_DRAG_POINTS / 2 + 1);
    expect(moves.at(-1)).to.deep.equal([MAX_DRAG_POINTS + 1, 0]);
    expect(moves[0]).to.deep.equal([2, 0]);
  });

  it('tells a press on a scrollbar: past the page’s viewport, or in an element’s border box outside its client area', () => {
    const t = setup('<div id="list">rows</div>');
    page = t.page;
    const list = t.$('#list');
    list.getBoundingClientRect = () => ({ left: 0, top: 0, right: 215, bottom: 300 }) as DOMRect;
    for (const [name, value] of [
      ['clientWidth', 200],
      ['clientHeight', 300],
      ['clientLeft', 0],
      ['clientTop', 0],
    ] as const)
      Object.defineProperty(list, name, { value });
    const press = (x: number, y: number) => ({ target: list, x, y, button: 0, at: 0 });
    expect(onScrollbar(press(1_000, 5), undefined)).to.equal(true);
    expect(onScrollbar(press(10, 5), undefined)).to.equal(false);
    expect(onScrollbar(press(205, 10), list)).to.equal(true);
    expect(onScrollbar(press(100, 10), list)).to.equal(false);
    expect(onScrollbar({ ...press(205, 10), target: t.page.document.body }, list)).to.equal(false);
  });
});
