import { expect } from 'chai';
import { domAction } from '../../../../extension/src/inject/domActions.js';
import { RECORDER_SLOT } from '../../../../extension/src/shared/actions.js';
import { type ActionPage, actionPage } from '../support/actionPage.js';

const POINTER = [
  'pointerover',
  'pointerenter',
  'pointermove',
  'pointerdown',
  'pointerup',
  'mouseover',
  'mouseenter',
  'mousemove',
  'mousedown',
  'mouseup',
  'click',
  'dblclick',
];

describe('page actions: the pointer family (click, dblclick, hover, drag, pointer_drag)', () => {
  let page: ActionPage;
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for(RECORDER_SLOT)];
    page.close();
  });

  it('clicks an element at its centre with the events a mouse click fires, the pointer moved onto it first, and says what it clicked', async () => {
    page = actionPage('<button id="save" data-box="10 10 80 20">Save</button>');
    const heard = page.hear(page.$('#save'), POINTER);
    const outcome = await domAction('click', { selector: '#save' }, 1_000);
    expect(outcome).to.deep.include({ ok: true });
    expect((outcome as { data: { clicked: { tag: string; text: string } } }).data.clicked).to.deep.include({
      tag: 'button',
      text: 'Save',
    });
    expect(heard.events).to.deep.equal([
      'pointerover@save',
      'pointerenter@save',
      'mouseover@save',
      'mouseenter@save',
      'pointermove@save',
      'mousemove@save',
      'pointerdown@save',
      'mousedown@save',
      'pointerup@save',
      'mouseup@save',
      'click@save',
    ]);
    expect(page.document.activeElement).to.equal(page.$('#save'));
  });

  it('presses the part of a web component under the pointer, where its own handlers listen', async () => {
    page = actionPage('<x-toggle id="toggle" data-box="0 0 100 40"></x-toggle>');
    const shadow = page.$('#toggle').attachShadow({ mode: 'open' });
    shadow.innerHTML = '<span id="knob" data-box="0 0 100 40"></span>';
    const heard = page.hear(shadow.getElementById('knob') as Element, ['click']);
    expect(await domAction('click', { selector: '#toggle' }, 1_000)).to.deep.include({ ok: true });
    expect(heard.events).to.deep.equal(['click@knob']);
  });

  it('waits for a disabled button until its budget and says it is disabled', async () => {
    page = actionPage('<button id="save" disabled data-box="10 10 80 20">Save</button>');
    const outcome = await domAction('click', { selector: '#save' }, 150);
    expect(outcome).to.deep.include({ ok: false, code: 'element_disabled' });
  });

  it('double clicks with two clicks of detail 1 and 2 and the dblclick event', async () => {
    page = actionPage('<p id="word" data-box="0 0 50 10">word</p>');
    const details: Array<[string, number]> = [];
    for (const type of ['click', 'dblclick'])
      page.$('#word').addEventListener(type, (event) => details.push([type, (event as MouseEvent).detail]));
    expect(await domAction('dblclick', { selector: '#word' }, 1_000)).to.deep.include({ ok: true });
    expect(details).to.deep.equal([
      ['click', 1],
      ['click', 2],
      ['dblclick', 2],
    ]);
  });

  it('hovers with over and enter (enter does not bubble) and a move, never a press', async () => {
    page = actionPage('<nav id="menu"><a id="item" data-box="0 0 50 10">Item</a></nav>');
    const heard = page.hear(page.$('#menu'), POINTER);
    expect(await domAction('hover', { selector: '#item' }, 1_000)).to.deep.include({ ok: true });
    expect(heard.events).to.deep.equal(['pointerover@item', 'mouseover@item', 'pointermove@item', 'mousemove@item']);
  });

  it('drags in the browser’s time: a list that readies its drag in the task after dragstart still takes the drop', async () => {
    page = actionPage(
      '<li id="card" draggable="true" data-box="0 0 50 20">Card</li><ul id="done" data-box="0 100 200 100"></ul>',
    );
    let ready = false;
    page.$('#card').addEventListener('dragstart', () => setTimeout(() => (ready = true), 0));
    page.$('#done').addEventListener('dragover', (event) => {
      if (ready) event.preventDefault();
    });
    const outcome = await domAction('drag', { selector: '#card', to_selector: '#done' }, 1_000);
    expect(outcome).to.deep.include({ ok: true, data: { dragged: '<li#card>', to: '<ul#done>', dropped: true } });
  });

  it('drags with pointer, mouse and HTML drag events, dropping where the target takes it', async () => {
    page = actionPage(
      '<li id="card" draggable="true" data-box="0 0 50 20">Card</li><ul id="done" data-box="0 100 200 100"></ul>',
    );
    page.$('#done').addEventListener('dragover', (event) => event.preventDefault());
    const heard = page.hear(page.document.body, [
      'pointerdown',
      'dragstart',
      'dragenter',
      'dragover',
      'drop',
      'dragend',
      'pointerup',
    ]);
    const outcome = await domAction('drag', { selector: '#card', to_selector: '#done' }, 1_000);
    expect(outcome).to.deep.include({ ok: true, data: { dragged: '<li#card>', to: '<ul#done>', dropped: true } });
    expect(heard.events).to.deep.equal([
      'pointerdown@card',
      'dragstart@card',
      'dragenter@done',
      'dragover@done',
      'dragover@done',
      'drop@done',
      'dragend@card',
      'pointerup@done',
    ]);
  });

  it('does not drop where the target does not cancel dragover', async () => {
    page = actionPage('<li id="card" data-box="0 0 50 20">Card</li><ul id="list" data-box="0 100 200 100"></ul>');
    expect(await domAction('drag', { selector: '#card', to_selector: '#list' }, 1_000)).to.deep.include({
      ok: true,
      data: { dragged: '<li#card>', to: '<ul#list>', dropped: false },
    });
  });

  it("drags by a recorded path over what is under the pointer, released at the path's end", async () => {
    page = actionPage('<div id="row" data-box="0 0 100 20"></div><div id="slot" data-box="0 50 100 20"></div>');
    const heard = page.hear(page.document, ['pointerdown', 'pointermove', 'pointerup']);
    const outcome = await domAction(
      'pointer_drag',
      {
        selector: '#row',
        moves: [
          [0, 20],
          [0, 50],
        ],
      },
      2_000,
    );
    expect(outcome).to.deep.include({ ok: true, data: { dragged: '<div#row>', moves: 2 } });
    // Between the two rows the pointer is over the page itself.
    expect(heard.events).to.deep.equal(['pointerdown@row', 'pointermove@HTML', 'pointermove@slot', 'pointerup@slot']);
  });

  it("records an agent's click under its command, with the element it pressed", async () => {
    page = actionPage('<button id="save" data-box="10 10 80 20">Save</button>');
    const seen: unknown[] = [];
    (globalThis as Record<symbol, unknown>)[Symbol.for(RECORDER_SLOT)] = {
      agent: (type: string, correlation: string, element: Element) => {
        seen.push([type, correlation, element.id]);
        return (ok: boolean) => seen.push(ok);
      },
    };
    await domAction('click', { selector: '#save' }, 1_000, undefined, 'corr-1-00000000');
    expect(seen).to.deep.equal([['click', 'corr-1-00000000', 'save'], true]);
  });
});
