import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { APP_SOURCE, buildFixtureApp } from './support/fixtureApp.js';
import { type PageSession, startPageSession } from './support/session.js';
import type { Agent } from './support/stack.js';
import { entriesOf } from '../support/listEntries.js';

// docs/mcp-tools.md on real React apps built by Vite (test/e2e/fixtures/app): the agent finds elements in a
// snapshot and acts by ref (no CSS written here), every action that changes the page settles and
// reports its effects.

/** The ref on the first snapshot line that matches `line`. */
function refOf(snapshot: string, line: RegExp): string {
  const found = snapshot.split('\n').find((text) => line.test(text));
  const ref = found === undefined ? undefined : /\[ref=(e\d+)\]/.exec(found)?.[1];
  if (ref === undefined) throw new Error(`no line matching ${line} with a ref in:\n${snapshot}`);
  return ref;
}

/** The ref of the checkbox in the list item that shows `title` (TodoMVC's toggles have no name). */
function toggleOf(snapshot: string, title: string): string {
  const lines = snapshot.split('\n');
  const at = lines.findIndex((line) => line.trim() === `- text: ${title}`);
  for (let i = at; i >= 0; i--) {
    const ref = /- checkbox(?: \[[^\]]+\])* \[ref=(e\d+)\]/.exec(lines[i] as string)?.[1];
    if (ref !== undefined) return ref;
  }
  throw new Error(`no checkbox before "${title}" in:\n${snapshot}`);
}

describe('e2e: acting like a user on React apps built with Vite', function () {
  this.timeout(90_000);
  let session: PageSession;
  let agent: Agent;
  let app: string;

  const snapshot = async (args: Record<string, unknown> = {}): Promise<string> => {
    const answer = await agent.interact('snapshot', args);
    expect(answer.status, JSON.stringify(answer)).to.equal('complete');
    return answer.result.data.snapshot as string;
  };

  before(async function () {
    app = await buildFixtureApp();
    session = await startPageSession('/app/index.html', app);
    ({ agent } = session);
  });

  after(async function () {
    await session?.stop();
  });

  it('TodoMVC through refs: adds three todos with type + press_key Enter, completes one, filters', async function () {
    const page = await snapshot();
    expect(page).to.match(/- heading "todos" \[level=1\] \[ref=e\d+\]/);
    const input = refOf(page, /- textbox "What needs to be done\?"/);
    for (const title of ['Buy milk', 'Walk the dog', 'Write tests']) {
      const typed = await agent.interact('type', { ref: input, text: title });
      expect(typed.status, JSON.stringify(typed)).to.equal('complete');
      const pressed = await agent.interact('press_key', { ref: input, key: 'Enter' });
      expect(pressed.result.data.effects.settled).to.equal(true);
    }
    const list = await snapshot();
    expect(list).to.contain('- text: Buy milk').and.contain('- text: Walk the dog').and.contain('- text: Write tests');
    expect(list).to.contain('3 items left');
    await agent.interact('click', { ref: toggleOf(list, 'Walk the dog') });
    const after = await snapshot();
    expect(after).to.match(/- checkbox \[checked\].* \[ref=e\d+\]\n\s+- text: Walk the dog/);
    expect(after).to.contain('2 items left');
    const clicked = await agent.interact('click', { ref: refOf(after, /- link "Completed"/) });
    expect(clicked.result.data.effects.navigated_to).to.match(/#\/completed$/);
    const completed = await snapshot();
    expect(completed).to.contain('- text: Walk the dog').and.not.contain('Buy milk');
  });

  it('a stale ref is stale_ref with the hint to take a new snapshot', async function () {
    const page = await snapshot();
    const link = refOf(page, /- link "All"/);
    await agent.interact('navigate', { url: session.site.url('/app/form.html') });
    const answer = await agent.interact('click', { ref: link });
    expect(answer).to.include({ status: 'error', error: 'stale_ref' });
    expect(answer.message).to.contain('take a new snapshot');
  });

  it('the sign-up form through refs: validation errors, then a valid submit that posts', async function () {
    const form = await snapshot();
    const submit = refOf(form, /- button "Create account"/);
    const invalid = await agent.interact('click', { ref: submit });
    expect(invalid.result.data.effects).to.include({ settled: true }).and.not.have.property('requests'); // none: not listed
    const errors = await snapshot();
    expect(errors).to.contain('- alert: Name is required').and.contain('- alert: You must accept the terms');
    await agent.interact('type', { ref: refOf(errors, /- textbox "Name"/), text: 'Ada' });
    await agent.interact('type', { ref: refOf(errors, /- textbox "Email"/), text: 'ada@example.com' });
    await agent.interact('select', { ref: refOf(errors, /- combobox "Plan"/), value: 'Pro' });
    await agent.interact('click', { ref: refOf(errors, /- checkbox "I accept the terms"/) });
    const sent = await agent.interact('click', { ref: submit });
    const { effects } = sent.result.data;
    expect(effects.settled).to.equal(true);
    expect(effects.requests).to.have.length(1);
    expect(effects.requests[0]).to.include({ method: 'POST', status: 201 });
    expect(effects.requests[0].url).to.match(/\/api\/signup$/);
    expect(await snapshot()).to.contain('- status: Welcome, Ada! (pro plan)');
  });

  it('a click whose fetch fails with a 500 lists that request and the error it logged', async function () {
    const page = await snapshot();
    const answer = await agent.interact('click', { ref: refOf(page, /- button "Load stats"/) });
    const { effects } = answer.result.data;
    expect(effects.requests.map((r: { url: string; status: number }) => [new URL(r.url).pathname, r.status])).to.deep.equal([
      ['/api/stats', 500],
    ]);
    expect(effects.errors.map((e: { message: string }) => e.message)).to.deep.equal(['stats failed: 500']);
    expect(effects.errors[0].at).to.match(/^src\/form\.jsx:\d+:\d+$/); // in source (docs/extension.md)
  });

  it('a click handler that throws is reported in source: src/form.jsx where the map says, the line of the throw (docs/extension.md)', async function () {
    const page = await snapshot();
    const answer = await agent.interact('click', { ref: refOf(page, /- button "Crash"/) });
    const [error] = answer.result.data.effects.errors;
    expect(error.message).to.equal('Uncaught Error: crash in a click handler');
    const logs = await agent.ok('observe', { what: 'errors', detail: 'full', limit: 1 });
    const [entry] = entriesOf(logs);
    // The full entry keeps the bundle position; the map (read here independently) says where it is in source.
    const raw = /\/app\/assets\/(form-[\w-]+\.js):(\d+):(\d+)/.exec(entry.raw_stack);
    expect(raw, entry.raw_stack).to.not.equal(null);
    const map = new TraceMap(JSON.parse(readFileSync(join(app, 'assets', `${raw![1]}.map`), 'utf8')));
    const said = originalPositionFor(map, { line: Number(raw![2]), column: Number(raw![3]) - 1 });
    expect(said.source).to.equal('../../src/form.jsx');
    expect(error.at).to.equal(`src/form.jsx:${said.line}:${(said.column as number) + 1}`);
    expect(entry.stack).to.contain(`/src/form.jsx:${said.line}:${(said.column as number) + 1}`);
    // …which is the line of the planted throw.
    const source = readFileSync(join(APP_SOURCE, 'src', 'form.jsx'), 'utf8').split('\n');
    expect(source[(said.line as number) - 1]).to.contain("throw new Error('crash in a click handler')");
  });

  it('type then click at once sends the typed value: the click waits for the page to settle', async function () {
    await agent.interact('navigate', { url: session.site.url('/app/pets.html') });
    const page = await snapshot();
    const field = refOf(page, /- textbox "petId"/);
    const execute = refOf(page, /- button "Execute"/);
    // Without settling, Execute reads the state before the debounced update: the old id.
    await agent.interact('type', { ref: field, text: '2', clear: true, settle_ms: 0 });
    const hasty = await agent.interact('click', { ref: execute, settle_ms: 0 });
    expect(hasty.result.data.effects.settled).to.equal(false);
    await new Promise((resolve) => setTimeout(resolve, 400)); // the debounce of '2' has run
    // Settled (the default), the typed value is what goes out.
    await agent.interact('type', { ref: field, text: '7', clear: true });
    const sent = await agent.interact('click', { ref: execute });
    expect(sent.result.data.effects.requests.map((r: { url: string }) => new URL(r.url).pathname)).to.deep.equal(['/api/pets/7']);
    const logs = await agent.ok('observe', { what: 'network', detail: 'full', url: '/api/pets/' });
    const urls = entriesOf(logs).map((e: { url: string }) => new URL(e.url, 'http://x').pathname);
    expect(urls).to.include('/api/pets/1'); // the hasty click sent the old value
  });
});
