import { expect } from 'chai';
import { domAction } from '../../../../extension/src/inject/domActions.js';
import { RECORDER_SLOT } from '../../../../extension/src/shared/actions.js';
import { type ActionPage, actionPage } from '../support/actionPage.js';

describe('page actions: the form family (select, select_values, upload, check, uncheck, submit)', () => {
  let page: ActionPage;
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for(RECORDER_SLOT)];
    page.close();
  });

  it('chooses an option by its value or its text, with input and change, and names the options it lacks', async () => {
    page = actionPage('<select id="plan"><option value="free">Free</option><option value="pro">Pro</option></select>');
    const heard = page.hear(page.$('#plan'), ['input', 'change']);
    expect(await domAction('select', { selector: '#plan', value: 'Pro' }, 1_000)).to.deep.include({
      ok: true,
      data: { selected: { value: 'pro', text: 'Pro' }, element: '<select#plan>' },
    });
    expect(heard.events).to.deep.equal(['input@plan', 'change@plan']);
    const missing = await domAction('select', { selector: '#plan', value: 'Gold' }, 1_000);
    expect(missing).to.deep.include({ ok: false, code: 'option_not_found' });
    expect((missing as { message: string }).message).to.include('["free","pro"]');
  });

  it('refuses to select in what is not a select', async () => {
    page = actionPage('<input id="name">');
    expect(await domAction('select', { selector: '#name', value: 'x' }, 1_000)).to.deep.include({
      ok: false,
      code: 'not_a_select',
    });
  });

  it("gives a multiple select exactly the recorded options (a replay's step)", async () => {
    page = actionPage('<select id="tags" multiple><option value="a">A</option><option value="b" selected>B</option></select>');
    expect(await domAction('select_values', { selector: '#tags', values: ['a'] }, 1_000)).to.deep.include({ ok: true });
    expect([...(page.$('#tags') as HTMLSelectElement).selectedOptions].map((option) => option.value)).to.deep.equal(['a']);
  });

  it('gives a file input its files as a person picking them would, then input and change', async () => {
    page = actionPage('<input type="file" id="avatar">');
    const heard = page.hear(page.$('#avatar'), ['input', 'change']);
    const outcome = await domAction(
      'upload',
      { selector: '#avatar', files: [{ name: 'me.txt', mime_type: 'text/plain', content_base64: 'aGk=' }] },
      1_000,
    );
    expect(outcome).to.deep.include({ ok: true, data: { uploaded: [{ name: 'me.txt', size: 2 }], element: '<input#avatar>' } });
    expect(heard.events).to.deep.equal(['input@avatar', 'change@avatar']);
  });

  it('refuses files for what is not a file input, and several for one without multiple', async () => {
    page = actionPage('<input id="name"><input type="file" id="one">');
    const file = { name: 'a.txt', content_base64: '' };
    expect(await domAction('upload', { selector: '#name', files: [file] }, 1_000)).to.deep.include({
      ok: false,
      code: 'not_a_file_input',
    });
    expect(await domAction('upload', { selector: '#one', files: [file, file] }, 1_000)).to.deep.include({
      ok: false,
      code: 'invalid_params',
    });
  });

  it('records an upload with the names and sizes of its files, known once it is done', async () => {
    page = actionPage('<input type="file" id="avatar">');
    const late: unknown[] = [];
    (globalThis as Record<symbol, unknown>)[Symbol.for(RECORDER_SLOT)] = {
      agent: () => (ok: boolean, after?: unknown) => late.push([ok, after]),
    };
    await domAction(
      'upload',
      { selector: '#avatar', files: [{ name: 'me.txt', content_base64: 'aGk=' }] },
      1_000,
      undefined,
      'corr-1-00000000',
    );
    expect(late).to.deep.equal([[true, { files: [{ name: 'me.txt', size: 2 }] }]]);
  });

  it('checks and unchecks a box by clicking it only when its state differs', async () => {
    page = actionPage('<input type="checkbox" id="terms" data-box="0 0 10 10">');
    expect(await domAction('check', { selector: '#terms' }, 1_000)).to.deep.include({
      ok: true,
      data: { checked: true, clicked: true, element: '<input#terms>' },
    });
    expect(await domAction('check', { selector: '#terms' }, 1_000)).to.deep.include({
      ok: true,
      data: { checked: true, clicked: false, element: '<input#terms>' },
    });
    expect(await domAction('uncheck', { selector: '#terms' }, 1_000)).to.deep.include({
      ok: true,
      data: { checked: false, clicked: true, element: '<input#terms>' },
    });
  });

  it('submits the form around an element with its submit event', async () => {
    page = actionPage('<form id="f"><input id="q"></form>');
    let submitted = 0;
    page.$('#f').addEventListener('submit', (event) => (submitted++, event.preventDefault()));
    expect(await domAction('submit', { selector: '#q' }, 1_000)).to.deep.include({ ok: true, data: { submitted: '<form#f>' } });
    expect(submitted).to.equal(1);
  });
});
