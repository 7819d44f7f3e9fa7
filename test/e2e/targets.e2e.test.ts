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
});
