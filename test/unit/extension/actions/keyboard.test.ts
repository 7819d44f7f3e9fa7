import { expect } from 'chai';
import { domAction } from '../../../../extension/src/inject/domActions.js';
import { RECORDER_SLOT } from '../../../../extension/src/shared/actions.js';
import { type ActionPage, actionPage } from '../support/actionPage.js';

describe('page actions: the keyboard family (press_key, type)', () => {
  let page: ActionPage;
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for(RECORDER_SLOT)];
    page.close();
  });

  it('presses a key on the focused element when no target is given, with its key, code and default action', async () => {
    page = actionPage('<input id="name">');
    (page.$('#name') as HTMLInputElement).focus();
    const keys: string[] = [];
    page
      .$('#name')
      .addEventListener('keydown', (event) => keys.push(`${(event as KeyboardEvent).key}/${(event as KeyboardEvent).code}`));
    const outcome = await domAction('press_key', { key: 'a' }, 1_000);
    expect(outcome).to.deep.include({ ok: true });
    expect(keys).to.deep.equal(['a/KeyA']);
    expect((page.$('#name') as HTMLInputElement).value).to.equal('a');
  });

  it('submits the form of the field Enter is pressed in, by the implicit-submission rules', async () => {
    page = actionPage('<form id="f"><input id="q"><button>Go</button></form>');
    let submitted = 0;
    page.$('#f').addEventListener('submit', (event) => (submitted++, event.preventDefault()));
    const outcome = await domAction('press_key', { key: 'Enter', selector: '#q' }, 1_000);
    expect(outcome).to.deep.include({ ok: true });
    expect(submitted).to.equal(1);
  });

  it('refuses a key it does not know, with the key named', async () => {
    page = actionPage('<input id="q">');
    const outcome = await domAction('press_key', { key: 'Hyper+Q', selector: '#q' }, 1_000);
    expect(outcome).to.deep.include({ ok: false });
    expect((outcome as { message: string }).message).to.include('Hyper');
  });

  it('types text into a field keystroke by keystroke, clearing it first when asked', async () => {
    page = actionPage('<input id="name" value="Ada">');
    let inputs = 0;
    page.$('#name').addEventListener('input', () => inputs++);
    const outcome = await domAction('type', { selector: '#name', text: 'Bob', clear: true }, 1_000);
    expect(outcome).to.deep.include({ ok: true });
    expect((page.$('#name') as HTMLInputElement).value).to.equal('Bob');
    expect(inputs).to.be.at.least(3);
  });

  it("records an agent's typing as a fill and its key as a press with the key", async () => {
    page = actionPage('<input id="name">');
    const seen: unknown[] = [];
    (globalThis as Record<symbol, unknown>)[Symbol.for(RECORDER_SLOT)] = {
      agent: (type: string, _correlation: string, element: Element, detail?: { key?: string }) => {
        seen.push([type, element.id, detail?.key]);
        return () => undefined;
      },
    };
    await domAction('type', { selector: '#name', text: 'x' }, 1_000, undefined, 'corr-1-00000000');
    await domAction('press_key', { selector: '#name', key: 'Tab' }, 1_000, undefined, 'corr-1-00000001');
    expect(seen).to.deep.equal([
      ['fill', 'name', undefined],
      ['press', 'name', 'Tab'],
    ]);
  });
});
