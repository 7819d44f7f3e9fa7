import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { launchPlaywright } from './support/chromium.js';
import { type Agent, observeUntil, openTrackedPage, startAgent } from './support/stack.js';

// What a control does on the press itself, recorded as the test must click it (docs/extension.md,
// "Named as the person pressed it" and "Presses, clicks and drags"). The page is plain DOM made the
// way component libraries behave: a select that opens on mousedown under a backdrop that takes the
// release and hides the app with aria-hidden, its option picked on mousedown and removed (no click
// follows); a menu that opens on pointerdown with pointer-events: none on body, its item removed on
// click; a dialog whose Save closes it; a list whose rows are dragged with pointer events; a select
// whose list opens on pointerdown over its trigger, ignores a release until the pointer moved (the
// opening press's own release), picks on pointerup and unmounts the option, named by
// aria-labelledby inside it (Radix Select's way).
// The person is Playwright's mouse (CDP input: trusted).

const PAGE = `<!doctype html><html><head><title>pointer</title><style>
  #backdrop { position: fixed; inset: 0; z-index: 10 }
  #backdrop ul, #menu { position: fixed; top: 120px; left: 20px; margin: 0; padding: 4px; background: #eee; list-style: none; z-index: 11 }
  #menu { pointer-events: auto }
  li { padding: 6px; width: 160px }
  #rows li { border: 1px solid #999; margin: 2px; background: white; touch-action: none; user-select: none }
</style></head><body>
<div id="app">
  <p><button id="assignee">Assignee</button> <output id="picked"></output></p>
  <p><button id="options">Options</button> <output id="done"></output></p>
  <p><button id="edit">Edit profile</button> <output id="saved"></output></p>
  <ul id="rows"><li>Apple</li><li>Banana</li><li>Cherry</li></ul>
  <p><button id="fruit" role="combobox" aria-label="Fruit">Pick a fruit</button> <output id="fruity"></output></p>
  <p><button data-testid="marker">Marker</button></p>
</div>
<script>
const app = document.getElementById('app');
const hide = (on) => (on ? app.setAttribute('aria-hidden', 'true') : app.removeAttribute('aria-hidden'));
// A select that opens on mousedown over a backdrop (the release lands on it), its options picked on mousedown.
document.getElementById('assignee').addEventListener('mousedown', () => {
  const backdrop = document.createElement('div');
  backdrop.id = 'backdrop';
  backdrop.innerHTML = '<ul role="listbox"><li role="option">Tanya Fox</li><li role="option">Ann Lee</li></ul>';
  for (const option of backdrop.querySelectorAll('li'))
    option.addEventListener('mousedown', (event) => {
      event.preventDefault();
      document.getElementById('picked').textContent = option.textContent;
      backdrop.remove();
      hide(false);
    });
  document.body.append(backdrop);
  hide(true);
});
// A menu that opens on pointerdown and sets pointer-events: none on body; its item acts on click and goes.
document.getElementById('options').addEventListener('pointerdown', () => {
  const menu = document.createElement('div');
  menu.id = 'menu';
  menu.setAttribute('role', 'menu');
  menu.innerHTML = '<div role="menuitem"><span>Duplicate</span></div>';
  menu.firstChild.addEventListener('click', () => {
    document.getElementById('done').textContent = 'duplicate';
    menu.remove();
    document.body.style.pointerEvents = '';
    hide(false);
  });
  document.body.append(menu);
  document.body.style.pointerEvents = 'none';
  hide(true);
});
// A dialog opened on click (the rest of the page hidden), closed by its Save on click.
document.getElementById('edit').addEventListener('click', () => {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-label', 'Edit profile');
  dialog.innerHTML = '<button>Save changes</button>';
  dialog.firstChild.addEventListener('click', () => {
    document.getElementById('saved').textContent = 'saved';
    dialog.remove();
    hide(false);
  });
  document.body.append(dialog);
  hide(true);
});
// Rows dragged with pointer events: the row follows the pointer, and drops where it is let go.
const rows = document.getElementById('rows');
let dragging;
rows.addEventListener('pointerdown', (event) => {
  const row = event.target.closest('li');
  if (row !== null) dragging = { row, y: event.clientY, moved: false };
});
document.addEventListener('pointermove', (event) => {
  if (dragging === undefined) return;
  const dy = event.clientY - dragging.y;
  if (Math.abs(dy) > 4) dragging.moved = true;
  if (dragging.moved) dragging.row.style.transform = 'translateY(' + dy + 'px)';
});
document.addEventListener('pointerup', (event) => {
  if (dragging === undefined) return;
  const { row, moved } = dragging;
  dragging = undefined;
  row.style.transform = '';
  if (!moved) return;
  const others = [...rows.children].filter((other) => other !== row);
  const after = others.filter((other) => { const box = other.getBoundingClientRect(); return box.top + box.height / 2 < event.clientY; });
  const before = others[after.length];
  rows.insertBefore(row, before ?? null);
});
// A select opened on pointerdown, its list rendered over the trigger in the next frame (as a
// framework renders): a release before the pointer moved 10 px from the opening press is that
// press's own and picks nothing; an option picks on pointerup and goes.
document.getElementById('fruit').addEventListener('pointerdown', (opening) => {
  const box = opening.currentTarget.getBoundingClientRect();
  let moved = false;
  const track = (event) => { if (Math.abs(event.clientX - opening.clientX) > 10 || Math.abs(event.clientY - opening.clientY) > 10) moved = true; };
  document.addEventListener('pointermove', track);
  requestAnimationFrame(() => {
    const list = document.createElement('div');
    list.setAttribute('role', 'listbox');
    list.style.cssText = 'position: fixed; left: ' + box.left + 'px; top: ' + box.top + 'px; background: #eee; z-index: 12';
    list.innerHTML = ['Apple', 'Banana'].map((name, i) => '<div role="option" aria-labelledby="fruit-' + i + '" style="padding: 6px; width: 160px"><span id="fruit-' + i + '">' + name + '</span></div>').join('');
    document.addEventListener('pointerup', (event) => { if (!moved) event.preventDefault(); }, { capture: true, once: true });
    for (const option of list.children)
      option.addEventListener('pointerup', (event) => {
        if (event.defaultPrevented) return;
        document.getElementById('fruity').textContent = option.textContent;
        document.removeEventListener('pointermove', track);
        list.remove();
      });
    document.body.append(list);
  });
  opening.preventDefault();
});
window.order = () => [...rows.children].map((row) => row.textContent);
</script>
</body></html>`;

describe('e2e: presses, clicks and drags as the test must make them', function () {
  this.timeout(120_000);
  let agent: Agent;
  let browser: Awaited<ReturnType<typeof launchPlaywright>>;
  let server: Server;
  let page: Page;
  let tabId: number;
  let url: string;

  const centre = async (selector: string) => {
    const box = await page.locator(selector).boundingBox();
    if (box === null) throw new Error(`${selector} has no box`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  /** A click as a mouse makes it: held `delay` ms (0: machine speed). */
  const clickOn = async (selector: string, delay: number) => {
    const { x, y } = await centre(selector);
    await page.mouse.click(x, y, { delay });
  };

  /** The person's actions recorded for `act`: those before the click on the marker that ends it. */
  async function recordedFor(act: () => Promise<void>): Promise<any[]> {
    const before = (await observeUntil(agent, { what: 'actions', by: 'human', detail: 'full' }, () => true)).length;
    await act();
    await clickOn('[data-testid=marker]', 30);
    const all = await observeUntil(
      agent,
      { what: 'actions', by: 'human', detail: 'full' },
      (entries) => entries.length > before && entries.at(-1)?.locator === "getByTestId('marker')",
      15_000,
    );
    return all.slice(before, -1);
  }
  const clicks = (recorded: any[]) => recorded.map((a) => [a.type, a.locator]);

  /** Loads the page again, and waits until its load is recorded (so it is not taken for the act's). */
  async function loadAfresh(): Promise<void> {
    const before = (await observeUntil(agent, { what: 'actions', by: 'human', detail: 'full' }, () => true)).length;
    await page.goto(url);
    await observeUntil(
      agent,
      { what: 'actions', by: 'human', detail: 'full' },
      (entries) => entries.length > before && entries.at(-1)?.type === 'navigate',
      15_000,
    );
  }

  /** Replays the person's actions from the page's last load to `to` in this tab: the final answer. */
  async function replayUpTo(to: string): Promise<any> {
    const load = await observeUntil(agent, { what: 'actions', by: 'human', detail: 'full' }, () => true);
    const start = load.filter((a) => a.type === 'navigate').at(-1);
    let answer = (await agent.call('interact', { action: 'replay', tab_id: tabId, from: start.id, to, wait_ms: 15_000 })).payload;
    for (let i = 0; i < 6 && (answer?.status === 'queued' || answer?.status === 'pending'); i++)
      answer = (await agent.call('observe', { what: 'command_result', correlation_id: answer.correlation_id, wait_ms: 10_000 }))
        .payload;
    return answer;
  }

  before(async function () {
    server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pointer.html`;
    agent = await startAgent();
    browser = await launchPlaywright(agent.port);
    await agent.extensionConnected();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    tabId = await openTrackedPage(agent, page, url);
    await page.reload();
    await observeUntil(agent, { what: 'actions', by: 'human' }, (entries) => entries.length >= 2);
  });

  after(async function () {
    await browser?.stop();
    await agent?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  for (const [pace, delay] of [
    ['a person’s pace', 90],
    ['machine speed', 0],
  ] as const) {
    it(`records a select opened on mousedown under a backdrop as a click on it, and the option picked on mousedown (${pace})`, async () => {
      const recorded = await recordedFor(async () => {
        await clickOn('#assignee', delay);
        await page.locator('[role=option]', { hasText: 'Tanya Fox' }).waitFor();
        await clickOn('#backdrop li:first-child', delay);
        await page.waitForFunction(() => document.getElementById('picked')?.textContent === 'Tanya Fox');
      });
      expect(clicks(recorded)).to.deep.equal([
        ['click', "getByRole('button', { name: 'Assignee', exact: true })"],
        ['click', "getByRole('option', { name: 'Tanya Fox', exact: true })"],
      ]);
    });

    it(`records a menu opened on pointerdown (body pointer-events: none) and its item, pressed on its text, gone on click (${pace})`, async () => {
      const recorded = await recordedFor(async () => {
        await clickOn('#options', delay);
        await page.locator('[role=menuitem]').waitFor();
        await clickOn('[role=menuitem] span', delay);
        await page.waitForFunction(() => document.getElementById('done')?.textContent === 'duplicate');
      });
      expect(clicks(recorded)).to.deep.equal([
        ['click', "getByRole('button', { name: 'Options', exact: true })"],
        ['click', "getByRole('menuitem', { name: 'Duplicate', exact: true })"],
      ]);
    });

    it(`records a pick on pointerup that unmounts the option named by aria-labelledby inside it, and replays it (${pace})`, async () => {
      await loadAfresh();
      const recorded = await recordedFor(async () => {
        await clickOn('#fruit', delay);
        await page.locator('[role=option]', { hasText: 'Banana' }).waitFor();
        await clickOn('[role=option]:nth-child(2)', delay);
        await page.waitForFunction(() => document.getElementById('fruity')?.textContent === 'Banana');
      });
      expect(clicks(recorded)).to.deep.equal([
        ['click', "getByRole('combobox', { name: 'Fruit', exact: true })"],
        ['click', "getByRole('option', { name: 'Banana', exact: true })"],
      ]);
      // Replay's click brings the pointer onto the option before it presses, as a mouse does, so the list takes the release.
      if (pace !== 'machine speed') return;
      // The real pointer rests on the trigger: Chromium's own moves under a resting pointer are not the replay's.
      const trigger = await centre('#fruit');
      await page.mouse.move(trigger.x, trigger.y);
      const answer = await replayUpTo(recorded[1].id);
      expect(answer.status, JSON.stringify(answer)).to.equal('complete');
      expect(await page.locator('#fruity').textContent()).to.equal('Banana');
    });

    it(`records a dialog's trigger hidden as it opened and its Save gone on click (${pace})`, async () => {
      const recorded = await recordedFor(async () => {
        await clickOn('#edit', delay);
        await page.locator('[role=dialog] button').waitFor();
        await clickOn('[role=dialog] button', delay);
        await page.waitForFunction(() => document.getElementById('saved')?.textContent === 'saved');
      });
      expect(clicks(recorded)).to.deep.equal([
        ['click', "getByRole('button', { name: 'Edit profile', exact: true })"],
        ['click', "getByRole('button', { name: 'Save changes', exact: true })"],
      ]);
    });
  }

  it('records a pointer drag that moved a row with its path, and replays it with pointer events to the same order', async () => {
    await page.goto(url);
    const from = await centre('#rows li:first-child');
    const to = await centre('#rows li:last-child');
    const recorded = await recordedFor(async () => {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let i = 1; i <= 8; i++) await page.mouse.move(from.x, from.y + ((to.y + 8 - from.y) * i) / 8);
      await page.mouse.up();
      expect(await page.evaluate('window.order()')).to.deep.equal(['Banana', 'Cherry', 'Apple']);
    });
    // Dropped on the row the pointer was let go over, as it was when the drag began.
    expect(recorded.map((a) => [a.type, a.locator, a.to_locator])).to.deep.equal([
      ['drag', "getByText('Apple', { exact: true })", "getByText('Cherry', { exact: true })"],
    ]);
    const moves = recorded[0].moves as Array<[number, number]>;
    expect(moves.at(-1)).to.deep.equal([0, Math.round(to.y + 8 - from.y)]);

    const answer = await replayUpTo(recorded[0].id);
    expect(answer.status, JSON.stringify(answer)).to.equal('complete');
    expect(await page.evaluate('window.order()')).to.deep.equal(['Banana', 'Cherry', 'Apple']);
  });
});
