import { expect } from 'chai';
import { type PageSession, startPageSession } from './support/session.js';
import type { Agent } from './support/stack.js';

// SPEC 9: the tab an agent acts on is explicit. Before, a target=_blank link opened a tab that
// became active, and the agent's next commands silently went to it.
describe('e2e: an agent’s commands stay in the tab it acts on', function () {
  this.timeout(60_000);
  let session: PageSession;
  let agent: Agent;
  let tabId: number;

  before(async function () {
    session = await startPageSession('/popups.html');
    ({ agent, tabId } = session);
  });

  after(async function () {
    await session?.stop();
  });

  it('a target=_blank click opens a tab; the next command without tab_id still goes to the first tab', async function () {
    const where = async () => (await agent.interact('execute_js', { script: 'return location.pathname' })).result.data;
    expect(await where()).to.equal('/popups.html');
    const tabsBefore = (await agent.ok('observe', { what: 'tabs' })).tabs.length;
    await agent.interact('click', { selector: '#blank' });
    // The new tab opens (and is the active one now)…
    for (let i = 0; i < 50 && (await agent.ok('observe', { what: 'tabs' })).tabs.length === tabsBefore; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const tabs = (await agent.ok('observe', { what: 'tabs' })).tabs;
    expect(tabs.map((t: { url: string }) => new URL(t.url).pathname)).to.include('/second.html');
    // …and the agent is still where it was.
    expect(await where()).to.equal('/popups.html');
    const explicit = tabs.find((t: { url: string }) => t.url.endsWith('/second.html')).tab_id;
    expect((await agent.interact('execute_js', { tab_id: explicit, script: 'return location.pathname' })).result.data).to.equal(
      '/second.html',
    );
    // Naming a tab makes it the one the agent acts on next.
    expect(await where()).to.equal('/second.html');
    expect(tabId).to.be.a('number');
  });

  describe('targets: text=, role=, nth, same-origin frames, and ambiguity', () => {
    const out = async () =>
      (await agent.interact('execute_js', { script: 'return document.getElementById("out").textContent' })).result.data;

    before(async function () {
      const moved = await agent.interact('navigate', { url: session.site.url('/targets.html') });
      expect(moved.result.data.title).to.equal('targets page');
    });

    it('a selector that matches several visible elements is ambiguous_selector, listing them; nth picks one', async function () {
      const answer = await agent.interact('click', { selector: '.act' });
      expect(answer.status).to.equal('error');
      expect(answer.result.error.code).to.equal('ambiguous_selector');
      expect(answer.error)
        .to.contain('matches 2 visible elements')
        .and.contain('0: <button> "Save"')
        .and.contain('1: <button> "Cancel"');
      expect((await agent.interact('click', { selector: '.act', nth: 1 })).status).to.equal('complete');
      expect(await out()).to.equal('clicked Cancel');
    });

    it('text= and role= find elements by what a user sees', async function () {
      await agent.interact('click', { selector: 'text=save' });
      expect(await out()).to.equal('clicked Save');
      await agent.interact('click', { selector: 'role=button[name="Close dialog"]' });
      expect(await out()).to.equal('closed');
      const none = await agent.interact('click', { selector: 'role=button[name="Nope"]' });
      expect(none.result.error.code).to.equal('element_not_found');
    });

    it('frame reaches into a same-origin iframe', async function () {
      const typed = await agent.interact('type', { selector: '#name', text: 'Ada', frame: '#inner' });
      expect(typed.result.data.value).to.equal('Ada');
      await agent.interact('click', { selector: '#b', frame: '#inner' });
      const clicked = await agent.interact('execute_js', {
        script: 'return document.getElementById("inner").contentDocument.body.dataset.clicked',
      });
      expect(clicked.result.data).to.equal('yes');
      const missing = await agent.interact('click', { selector: '#b', frame: '#nothing' });
      expect(missing.result.error.code).to.equal('frame_not_found');
    });
  });

  describe('user-level input: press_key, hover, dblclick', () => {
    const js = async (script: string) => (await agent.interact('execute_js', { script })).result.data;

    before(async function () {
      const moved = await agent.interact('navigate', { url: session.site.url('/keys.html') });
      expect(moved.result.data.title).to.equal('keys page');
    });

    it('Enter in a form’s only field submits it as a browser would (the page’s submit handler runs)', async function () {
      await agent.interact('type', { selector: '#q', text: 'hello' });
      const pressed = await agent.interact('press_key', { selector: '#q', key: 'Enter' });
      expect(pressed.result.data.default_action).to.equal('submitted the form');
      expect(await js('return document.getElementById("out").textContent')).to.equal('submitted hello');
    });

    it('adds three items with type and Enter where the page reads keyCode 13', async function () {
      for (const item of ['one', 'two', 'three']) {
        await agent.interact('type', { selector: '#todo', text: item });
        await agent.interact('press_key', { selector: '#todo', key: 'Enter' });
      }
      expect(await js('return [...document.querySelectorAll("#list li")].map((li) => li.textContent)')).to.deep.equal([
        'one',
        'two',
        'three',
      ]);
    });

    it('Tab moves the focus; hover and dblclick fire what the page listens to; a bad key is invalid_params', async function () {
      await agent.interact('click', { selector: '#a' });
      const tabbed = await agent.interact('press_key', { key: 'Tab' });
      expect(tabbed.result.data.default_action).to.equal('focused input#b');
      expect(await js('return document.activeElement.id')).to.equal('b');
      await agent.interact('hover', { selector: '#h' });
      expect(await js('return document.getElementById("out").textContent')).to.equal('hovered');
      await agent.interact('dblclick', { selector: '#d' });
      expect(await js('return document.getElementById("out").textContent')).to.equal('double');
      const bad = await agent.interact('press_key', { key: 'Hyper+X' });
      expect(bad.result.error.code).to.equal('invalid_params');
    });
  });
});
