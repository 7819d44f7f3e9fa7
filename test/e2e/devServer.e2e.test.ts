import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DevServer, startDevServer } from './support/fixtureApp.js';
import { type PageSession, startPageSession } from './support/session.js';
import { observeUntil } from './support/stack.js';

// docs/extension.md on the Vite dev server, as a developer runs the app: stacks in source through the
// inline maps Vite serves, and a compile error during HMR arriving with the compiler's own text
// and pointing at the broken line (before: only "[vite] Failed to reload … (see errors above)"; the
// text was only in a WebSocket frame).
describe('e2e: the React app on the Vite dev server', function () {
  this.timeout(90_000);
  let session: PageSession;
  let dev: DevServer;
  let root: string;
  let base: string;
  let tabId: number;

  before(async function () {
    dev = await startDevServer();
    ({ root, base } = dev);
    session = await startPageSession('/second.html');
    const opened = await session.agent.interact('new_tab', { url: `${base}/form.html` });
    tabId = opened.result.data.tab_id;
    await session.agent.interact('wait_for', { tab_id: tabId, selector: 'button', timeout_ms: 15_000 });
  });

  after(async function () {
    await session?.stop();
    await dev?.close();
  });

  it('a throwing click handler is reported at its line in src/form.jsx (Vite’s inline maps)', async function () {
    const { agent } = session;
    const source = readFileSync(join(root, 'src', 'form.jsx'), 'utf8').split('\n');
    const line = source.findIndex((text) => text.includes("throw new Error('crash in a click handler')")) + 1;
    const clicked = await agent.interact('click', { tab_id: tabId, selector: 'text="Crash"' });
    expect(clicked.status, JSON.stringify(clicked).slice(0, 800)).to.equal('complete');
    const [error] = clicked.result.data.effects.errors;
    expect(error.message).to.equal('Uncaught Error: crash in a click handler');
    expect(error.at).to.match(new RegExp(`^src/form\\.jsx:${line}:\\d+$`));
  });

  it('a compile error during HMR arrives with the compiler’s text', async function () {
    const { agent } = session;
    const { cursor } = await agent.ok('observe', { what: 'errors', tab_id: tabId, limit: 1 });
    const file = join(root, 'src', 'form.jsx');
    const broken = readFileSync(file, 'utf8').replace('const errors = {};', 'const errors = {;');
    writeFileSync(file, broken);
    const errors = await observeUntil(agent, { what: 'errors', tab_id: tabId, after_cursor: cursor }, (all) =>
      all.some((e) => e.message.startsWith('[vite]')),
    );
    const compile = errors.find((e) => e.message.startsWith('[vite]'));
    expect(compile.message).to.match(/^\[vite\] \[plugin vite:/);
    // Where the compiler points, in the developer's file: the line of the edit, the column of `;`.
    const lines = broken.split('\n');
    const line = lines.findIndex((text) => text.includes('const errors = {;')) + 1;
    const column = (lines[line - 1] ?? '').indexOf('{;') + 2;
    expect(compile.at).to.equal(`src/form.jsx:${line}:${column}`);
  });
});
