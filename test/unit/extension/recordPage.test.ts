import { expect } from 'chai';
import { recordPage, type PageRecording } from '../../../extension/src/relay/recordPage.js';
import { ACTING_SLOT, type ActionWire, RECORDER_SLOT } from '../../../extension/src/shared/actions.js';
import { withPage } from './support/jsdom.js';

type Listener = (event: Event) => void;

/**
 * recordPage in a jsdom page: the listeners it adds to the window are kept, and the test hands
 * them trusted events as the browser would (jsdom's own events are never trusted).
 */
function setup(html: string) {
  const page = withPage(html, ['location', 'getSelection', 'scrollX', 'scrollY', 'HTMLLabelElement', 'HTMLInputElement']);
  const listeners = new Map<string, Listener[]>();
  const add = page.window.addEventListener.bind(page.window);
  page.window.addEventListener = ((type: string, listener: Listener, options?: AddEventListenerOptions) => {
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    add(type, listener, options);
  }) as typeof page.window.addEventListener;
  for (const [name, value] of [
    ['clientWidth', 1_000],
    ['clientHeight', 800],
  ] as const)
    Object.defineProperty(page.document.documentElement, name, { value, configurable: true });
  const sent: ActionWire[] = [];
  const recording = recordPage((actions) => sent.push(...actions));
  const fire = (type: string, target: EventTarget, init: Record<string, unknown> = {}) => {
    const event = {
      type,
      isTrusted: true,
      target,
      composedPath: () => [target],
      button: 0,
      buttons: 1,
      isPrimary: true,
      detail: 1,
      ...init,
    };
    for (const listener of listeners.get(type) ?? []) listener(event as unknown as Event);
  };
  /** The task after the events ends; then the page goes away, which names and sends what is pending. */
  const flush = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    fire('pagehide', page.window);
  };
  const $ = (selector: string) => page.document.querySelector(selector) as Element;
  const brief = () => sent.map((a) => [a.type, a.locator ?? a.navigation, a.value ?? a.key]);
  return { page, recording, fire, flush, sent, brief, $ };
}

describe('extension recording: a frame’s listeners (recordPage)', () => {
  let t: ReturnType<typeof setup> | undefined;
  let recording: PageRecording | undefined;
  afterEach(() => {
    recording?.order({ record: false, values: true });
    const global = globalThis as unknown as Record<symbol, unknown>;
    delete global[Symbol.for(ACTING_SLOT)];
    delete global[Symbol.for(RECORDER_SLOT)];
    t?.page.close();
  });

  it('records nothing until the worker says so, then the load and the person’s click on what they pressed', async () => {
    t = setup('<button data-testid="save">Save</button>');
    recording = t.recording;
    const button = t.$('button');
    t.fire('pointerdown', button);
    t.fire('click', button);
    await t.flush();
    expect(t.sent).to.deep.equal([]);
    t.recording.order({ record: true, values: true });
    t.fire('pointerdown', button);
    t.fire('pointerup', button);
    t.fire('click', button);
    await t.flush();
    expect(t.brief()).to.deep.equal([
      ['navigate', 'load', undefined],
      ['click', "getByTestId('save')", undefined],
    ]);
    expect(t.sent.every((action) => action.by === 'human')).to.equal(true);
  });

  it('records a field’s edit as one fill with its final value, and Enter in it as a press', async () => {
    t = setup('<input data-testid="q" type="search">');
    recording = t.recording;
    t.recording.order({ record: true, values: true });
    const field = t.$('input') as HTMLInputElement;
    for (const char of 'shoes') {
      t.fire('keydown', field, { key: char });
      t.fire('beforeinput', field);
      field.value += char;
      t.fire('input', field);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    t.fire('keydown', field, { key: 'Enter' });
    await t.flush();
    expect(t.brief().slice(1)).to.deep.equal([
      ['fill', "getByTestId('q')", 'shoes'],
      ['press', "getByTestId('q')", 'Enter'],
    ]);
  });

  it('takes an input no person made (a script’s) for no fill, and a checkbox toggled by a script for no check', async () => {
    t = setup('<input data-testid="q"><input data-testid="agree" type="checkbox">');
    recording = t.recording;
    t.recording.order({ record: true, values: true });
    const [field, box] = [...t.page.document.querySelectorAll('input')] as HTMLInputElement[];
    field!.value = 'typed by a script';
    t.fire('input', field!);
    box!.checked = true;
    t.fire('change', box!);
    await t.flush();
    expect(t.brief().slice(1)).to.deep.equal([]);
    t.fire('pointerdown', box!);
    t.fire('click', box!);
    t.fire('change', box!);
    await t.flush();
    expect(t.brief().slice(1)).to.deep.equal([['check', "getByTestId('agree')", undefined]]);
  });

  it('records a checkbox whose change stays in its shadow root as checked, then unchecked, from the clicks', async () => {
    t = setup('<md-box></md-box><input data-testid="plain" type="checkbox">');
    recording = t.recording;
    t.recording.order({ record: true, values: true });
    const root = t.$('md-box').attachShadow({ mode: 'open' });
    root.innerHTML = '<input type="checkbox" aria-label="Gift wrap">';
    const box = root.querySelector('input') as HTMLInputElement;
    const click = (input: HTMLInputElement, heard: boolean) => {
      const path = { composedPath: () => [input] };
      t!.fire('pointerdown', input, path);
      t!.fire('pointerup', input, path);
      t!.fire('click', input, path);
      input.checked = !input.checked; // the browser's toggle; its change is not composed
      if (heard) t!.fire('change', input, path);
    };
    click(box, false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    click(box, false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const plain = t.$('[data-testid=plain]') as HTMLInputElement;
    click(plain, true); // heard: recorded once, by its change
    await t.flush();
    expect(t.brief().slice(1)).to.deep.equal([
      ['check', "getByRole('checkbox', { name: 'Gift wrap', exact: true })", undefined],
      ['uncheck', "getByRole('checkbox', { name: 'Gift wrap', exact: true })", undefined],
      ['check', "getByTestId('plain')", undefined],
    ]);
  });

  it('records an HTML drag a sortable list moved under the pointer as dropped on the row aimed at', async () => {
    t = setup(
      '<ul aria-label="Ranking"><li draggable="true">Apple</li><li draggable="true">Banana</li><li draggable="true">Cherry</li></ul>',
    );
    recording = t.recording;
    t.recording.order({ record: true, values: true });
    const rows = [...t.page.document.querySelectorAll('li')];
    const place = () =>
      rows.forEach((row) => {
        const top = [...row.parentElement!.children].indexOf(row) * 40;
        row.getBoundingClientRect = () => ({
          x: 0,
          y: top,
          left: 0,
          top,
          right: 200,
          bottom: top + 40,
          width: 200,
          height: 40,
          toJSON: () => ({}),
        });
      });
    place();
    const [apple, banana] = rows as [HTMLLIElement, HTMLLIElement];
    t.fire('pointerdown', apple, { clientX: 100, clientY: 20 });
    t.fire('dragstart', apple, { clientX: 100, clientY: 20 });
    banana.after(apple); // the list's dragover handler moves the row under the pointer
    place();
    t.fire('drop', apple, { clientX: 100, clientY: 60 });
    await t.flush();
    expect(t.sent.slice(1).map((a) => [a.type, a.locator, a.to_locator])).to.deep.equal([
      ['drag', "getByText('Apple', { exact: true })", "getByText('Banana', { exact: true })"],
    ]);
  });

  it('records a select’s choice as it was at the change, and a form’s submit after the person’s click in it', async () => {
    t = setup(
      '<form data-testid="f"><select data-testid="size"><option value="s">S</option><option value="m">M</option></select><button>Send</button></form>',
    );
    recording = t.recording;
    t.recording.order({ record: true, values: true });
    const select = t.$('select') as HTMLSelectElement;
    select.value = 'm';
    t.fire('change', select);
    select.value = 's'; // the page's handler changes it after
    t.fire('pointerdown', t.$('button'));
    t.fire('click', t.$('button'));
    t.fire('submit', t.$('form'));
    await t.flush();
    expect(
      t
        .brief()
        .slice(1)
        .map(([type, , value]) => [type, value]),
    ).to.deep.equal([
      ['select', 'm'],
      ['click', undefined],
      ['submit', undefined],
    ]);
  });

  it('records without values when told so, and redacts a secret in the url', async () => {
    t = setup('<input data-testid="name">');
    recording = t.recording;
    t.page.window.history.replaceState({}, '', '/?access_token=abcdefghijklmnop');
    t.recording.order({ record: true, values: false });
    const field = t.$('input') as HTMLInputElement;
    t.fire('keydown', field, { key: 'a' });
    field.value = 'Ann';
    t.fire('input', field);
    await t.flush();
    const fill = t.sent.find((action) => action.type === 'fill');
    expect(fill).to.include({ locator: "getByTestId('name')" });
    expect(fill).to.not.have.property('value');
    expect(t.sent.map((action) => action.url).join(' ')).to.not.include('abcdefghijklmnop');
  });

  it('records a scroll only with the person’s intent, and none while browsertap acts', async () => {
    t = setup('<div data-testid="list">rows</div>');
    recording = t.recording;
    t.recording.order({ record: true, values: true });
    const list = t.$('div');
    t.fire('scroll', list);
    await t.flush();
    expect(t.brief().slice(1)).to.deep.equal([], 'no wheel, touch or key: a script’s scroll');
    t.recording.acting({ acting: 'start', for_ms: 5_000 });
    t.fire('wheel', list);
    t.fire('scroll', list);
    await t.flush();
    expect(t.brief().slice(1)).to.deep.equal([], 'browsertap acts');
    t.recording.acting({ acting: 'end' });
    await new Promise((resolve) => setTimeout(resolve, 320));
    t.fire('wheel', list);
    t.fire('scroll', list);
    await t.flush();
    expect(t.brief().slice(1)).to.deep.equal([['scroll', "getByTestId('list')", undefined]]);
  });

  it('offers the agent hook only while recording, and records browsertap’s action as the agent’s', async () => {
    t = setup('<button data-testid="go">Go</button>');
    recording = t.recording;
    const global = globalThis as unknown as Record<symbol, { agent: (...args: unknown[]) => (ok: boolean) => void }>;
    expect(global[Symbol.for(RECORDER_SLOT)]).to.equal(undefined);
    expect(global[Symbol.for(ACTING_SLOT)]).to.be.a('function');
    t.recording.order({ record: true, values: true });
    global[Symbol.for(RECORDER_SLOT)]?.agent('click', 'c-1', t.$('button'))(true);
    await t.recording.settled();
    expect(t.sent.at(-1)).to.include({ type: 'click', by: 'agent', correlation_id: 'c-1', locator: "getByTestId('go')" });
    t.recording.order({ record: false, values: true });
    expect(global[Symbol.for(RECORDER_SLOT)]).to.equal(undefined);
    expect(t.recording.takeDropped()).to.equal(0);
  });
});
