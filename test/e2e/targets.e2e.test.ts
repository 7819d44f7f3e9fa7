import { expect } from 'chai';
import { type PageSession, startPageSession } from './support/session.js';
import type { Agent } from './support/stack.js';
import { entriesOf } from '../support/listEntries.js';

// docs/mcp-tools.md: the tab an agent acts on is explicit. Before, a target=_blank link opened a tab that
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
    const clicked = await agent.interact('click', { selector: '#blank' });
    // The click's effects name the tab it opened…
    const opened = clicked.result.data.effects.new_tabs;
    expect(opened, JSON.stringify(clicked)).to.have.length(1);
    expect(opened[0].url).to.match(/\/second\.html$/);
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

  it('a window.open the popup blocker refuses is popup_blocked in the click’s effects (and a warning log)', async function () {
    const clicked = await agent.interact('click', { selector: '#popup', tab_id: tabId });
    const { effects } = clicked.result.data;
    expect(effects.popup_blocked, JSON.stringify(effects)).to.deep.equal({ url: session.site.url('/second.html?popup') });
    expect(effects).not.to.have.property('new_tabs'); // none opened: not listed
    const logs = await agent.ok('observe', { what: 'logs', tab_id: tabId, min_level: 'warn' });
    expect(entriesOf(logs).map((e: { message: string }) => e.message)).to.include(
      `window.open("${session.site.url('/second.html?popup')}") was blocked by the browser's popup blocker`,
    );
    const out = await agent.interact('execute_js', { script: 'return document.getElementById("out").textContent' });
    expect(out.result.data).to.equal('blocked');
  });

  it('upload gives a file input the files (name, type, content), as a user picking them would', async function () {
    const one = await agent.interact('upload', {
      selector: '#one',
      files: [{ name: 'notes.txt', mime_type: 'text/plain', content_base64: Buffer.from('hello file').toString('base64') }],
    });
    expect(one.result.data.uploaded).to.deep.equal([{ name: 'notes.txt', size: 10 }]);
    const read = async () =>
      (await agent.interact('execute_js', { script: 'return document.getElementById("out").textContent' })).result.data;
    expect(await read()).to.equal('notes.txt:text/plain:hello file');
    const files = ['a', 'b'].map((name) => ({
      name: `${name}.csv`,
      mime_type: 'text/csv',
      content_base64: Buffer.from(name).toString('base64'),
    }));
    await agent.interact('upload', { selector: '#many', files });
    expect(await read()).to.equal('a.csv:text/csv:a,b.csv:text/csv:b');
    const refused = await agent.interact('upload', { selector: '#one', files });
    expect(refused.error).to.equal('invalid_params');
    const notInput = await agent.interact('upload', { selector: '#popup', files });
    expect(notInput.error).to.equal('not_a_file_input');
  });

  it('drag moves a draggable onto a drop zone (dragstart data reaches the drop)', async function () {
    const dragged = await agent.interact('drag', { selector: '#card', to_selector: '#zone' });
    expect(dragged.result.data).to.include({ dropped: true });
    const out = await agent.interact('execute_js', { script: 'return document.getElementById("out").textContent' });
    expect(out.result.data).to.equal('dropped card-1');
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
      expect(answer).to.include({ status: 'error', error: 'ambiguous_selector' });
      expect(answer).to.not.have.property('result'); // nothing the sentence does not say
      expect(answer.message)
        .to.contain('matches 2 visible elements')
        .and.contain('0: <button> "Save"')
        .and.contain('1: <button> "Cancel"');
      expect((await agent.interact('click', { selector: '.act', nth: 1 })).status).to.equal('complete');
      expect(await out()).to.equal('clicked Cancel');
    });

    it('snapshot reaches into open shadow roots and same-origin frames, and its refs act there', async function () {
      const { snapshot } = (await agent.interact('snapshot')).result.data;
      expect(snapshot).to.match(/- heading "Shadow panel" \[level=2\] \[ref=e\d+\]/);
      expect(snapshot).to.match(/- iframe "inner frame" \[ref=e\d+\]:\n\s+- button "Inner" \[ref=e\d+\]/);
      expect(snapshot, 'hidden elements are left out').not.to.contain('Hidden');
      const ref = (name: string) => new RegExp(`- button "${name}" \\[ref=(e\\d+)\\]`).exec(snapshot)?.[1];
      await agent.interact('click', { ref: ref('Shadow action') });
      expect(await out()).to.equal('shadow clicked');
      await agent.interact('click', { ref: ref('Inner') });
      const inner = await agent.interact('execute_js', {
        script: 'return document.getElementById("inner").contentDocument.body.dataset.clicked',
      });
      expect(inner.result.data).to.equal('yes');
      // A cross-origin frame's elements are in the snapshot too, with refs that act in that frame.
      const other =
        /- iframe "other origin" \[cross-origin http:\/\/localhost:\d+\] \[ref=e\d+\]:\n\s+- button "Inner" \[ref=(f\d+e\d+)\]/.exec(
          snapshot,
        );
      expect(other, snapshot).to.not.equal(null);
      const inOther = await agent.interact('click', { ref: other![1] });
      expect(inOther.status, JSON.stringify(inOther)).to.equal('complete');
      const framed = await agent.interact('snapshot', { ref: other![1] });
      expect(framed.result.data.snapshot).to.equal(`- button "Inner" [focused] [ref=${other![1]}]`);
      // An ambiguous selector lists its candidates with their refs: the agent can pick one.
      const ambiguous = await agent.interact('click', { selector: '.act' });
      expect(ambiguous.message).to.contain(`"Save" [ref=${ref('Save')}]`);
    });

    it('a snapshot of 1 500 buttons with Chinese labels stays within 60 000 bytes and says truncated', async function () {
      await agent.interact('navigate', { url: session.site.url('/cjk.html') });
      const answer = await agent.call('interact', { action: 'snapshot', wait_ms: 15_000 });
      const blocks = answer.raw.content as Array<{ type: string; text: string }>;
      const bytes = blocks.reduce((sum, block) => sum + Buffer.byteLength(block.text), 0);
      expect(bytes).to.be.at.most(60_000);
      expect(answer.payload.result.data.truncated).to.equal(true);
      expect(blocks[1]!.text).to.match(/- button "提交订单并继续购物流程第0号" \[ref=e\d+\]/);
      await agent.interact('navigate', { url: session.site.url('/targets.html') });
    });

    it('a snapshot of 2 000 names of quotes, backslashes and control characters stays within 60 000 bytes in every copy the client shows', async function () {
      await agent.interact('navigate', { url: session.site.url('/quotes.html') });
      const answer = await agent.call('interact', { action: 'snapshot', wait_ms: 15_000 });
      const blocks = answer.raw.content as Array<{ type: string; text: string }>;
      const text = blocks.reduce((sum, block) => sum + Buffer.byteLength(block.text), 0);
      const structured = Buffer.byteLength(JSON.stringify(answer.raw.structuredContent));
      console.log(`      text blocks ${text} bytes, structuredContent ${structured} bytes`);
      expect(text, 'the text blocks').to.be.at.most(60_000);
      expect(structured, 'structuredContent').to.be.at.most(60_000);
      expect(answer.payload.result.data.truncated).to.equal(true);
      expect(answer.payload.result.data.snapshot).to.equal(blocks[1]!.text);
      // The snapshot writes a name as a quoted string (\" \\ and \u0001 in it): JSON escapes each of those again.
      expect(blocks[1]!.text).to.include(String.raw`- button "${'\\"\\\\'.repeat(20)}0\u0001\u0002" [ref=`);
      await agent.interact('navigate', { url: session.site.url('/targets.html') });
    });

    it('a page that answers the settle check itself cannot end a click’s settle before its request finishes', async function () {
      await agent.interact('navigate', { url: session.site.url('/liar.html') });
      const clicked = await agent.interact('click', { selector: '#go' });
      const { effects } = clicked.result.data;
      expect(effects.settled, JSON.stringify(effects)).to.equal(true);
      expect(effects.settle_ms, JSON.stringify(effects)).to.be.at.least(1_300);
      const out = await agent.interact('execute_js', { script: 'return document.getElementById("out").textContent' });
      expect(out.result.data).to.equal('done');
      await agent.interact('navigate', { url: session.site.url('/targets.html') });
    });

    it('text= and role= find elements by what a user sees', async function () {
      await agent.interact('click', { selector: 'text=save' });
      expect(await out()).to.equal('clicked Save');
      await agent.interact('click', { selector: 'role=button[name="Close dialog"]' });
      expect(await out()).to.equal('closed');
      const none = await agent.interact('click', { selector: 'role=button[name="Nope"]' });
      expect(none.error).to.equal('element_not_found');
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
      expect(missing.error).to.equal('frame_not_found');
    });
  });

  // docs/mcp-tools.md: one accessible name for the snapshot, role= and text=. The snapshot printed
  // textbox "petId" (a placeholder) that role=textbox[name="petId"] did not find, and names of
  // inner elements lost or gained spaces against Chrome's ("Readmore" for Read more).
  describe('names: what the snapshot prints, role= and text= find, as Chrome names it', () => {
    interface Line {
      role: string;
      name: string;
      ref: string;
    }
    let lines: Line[];

    before(async function () {
      await agent.interact('navigate', { url: session.site.url('/names.html') });
      const { snapshot } = (await agent.interact('snapshot')).result.data as { snapshot: string };
      lines = [...snapshot.matchAll(/^\s*- (\w+) ("(?:[^"\\]|\\.)*")[^\n]*\[ref=(e\d+)\]/gm)].map((m) => ({
        role: m[1] as string,
        name: JSON.parse(m[2] as string) as string,
        ref: m[3] as string,
      }));
    });

    /** The id of the element behind a ref (hover reports the element it acted on). */
    const idOf = async (ref: string) => (await agent.interact('hover', { ref })).result.data.hovered.id as string;

    it('every named line of the snapshot resolves with role=<role>[name="<name>"] to that element', async function () {
      expect(lines.length, JSON.stringify(lines)).to.be.at.least(14);
      for (const line of lines) {
        const selector = `role=${line.role}[name=${JSON.stringify(line.name)}]`;
        const found = await agent.interact('query_dom', { selector });
        expect(found.result?.data?.count, `${selector}: ${JSON.stringify(found)}`).to.equal(1);
        expect(found.result.data.elements[0].id, selector).to.equal(await idOf(line.ref));
      }
    });

    it('names keep the spaces Chrome puts between inner elements (and none where it puts none)', async function () {
      const cdp = await session.page.context().newCDPSession(session.page);
      try {
        const chromeName = async (id: string) => {
          const { result } = await cdp.send('Runtime.evaluate', { expression: `document.getElementById(${JSON.stringify(id)})` });
          const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
            objectId: result.objectId,
            fetchRelatives: false,
          });
          return String(nodes[0]?.name?.value ?? '');
        };
        const ours: Record<string, string> = {};
        const chrome: Record<string, string> = {};
        for (const line of lines) {
          const id = await idOf(line.ref);
          if (!id) continue; // an element of no id: the icon's image
          ours[id] = line.name;
          chrome[id] = (await chromeName(id)).replace(/\s+/g, ' ').trim();
        }
        expect(ours).to.deep.equal(chrome);
        expect(ours).to.include({
          cart: 'Add to cart',
          stuck: 'Addto wishlist',
          more: 'Read more',
          lines: 'Line break',
          gone: 'Savenow',
          blocks: 'Open details',
          pet: 'Pet id',
          petname: 'Pet name',
          petId: 'petId',
          secret: 'Password',
        });
      } finally {
        await cdp.detach();
      }
    });

    it('text= finds the text as the page shows it, spaces between inner elements included', async function () {
      const clicked = async (selector: string) => {
        await agent.interact('click', { selector });
        return (await agent.interact('execute_js', { script: 'return document.getElementById("out").textContent' })).result.data;
      };
      expect(await clicked('text="Read more"')).to.equal('clicked more');
      expect(await clicked('text=open details')).to.equal('clicked blocks');
      expect(await clicked('text="Line break"')).to.equal('clicked lines');
    });

    it('a role= selector that matches nothing lists the closest names of that role with refs, or says there is none', async function () {
      const typo = await agent.interact('click', { selector: 'role=button[name="Add to crt"]' }, 15_000);
      expect(typo.error, JSON.stringify(typo)).to.equal('element_not_found');
      expect(typo.message).to.match(/closest button names, of \d+: "Add to cart" \[ref=e\d+\], "Addto wishlist" \[ref=e\d+\]/);
      const none = await agent.interact('click', { selector: 'role=slider[name="Volume"]' });
      expect(none.error).to.equal('element_not_found');
      expect(none.message).to.contain('no element has role slider');
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
      expect(bad.error).to.equal('invalid_params');
    });
  });
});
