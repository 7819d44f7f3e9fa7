import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from './support/chromium.js';
import { startSite, type Site } from './support/site.js';
import { type Agent, eventually, observeUntil, startAgent } from './support/stack.js';
import { killDaemons } from '../support/processes.js';

/** Runs the built CLI to its end; its exit code and output. */
function cli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/cli.js', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // BROWSER=true: `status --open` opens nothing here (the test's own Chromium opens the address).
      env: { ...process.env, BROWSERTAP_BROWSER: CHROMIUM, BROWSER: 'true' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Running, not a zombie (a detached browser's parent here may never reap it): it has a command line. */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8') !== '';
  } catch {
    return false;
  }
};

// docs/install.md: `browsertap launch --headless` gives an agent a browser with the extension, end to
// end through MCP; the status page shows the human what happens, live, in real Chromium.
describe('e2e: browsertap launch, and the status page', function () {
  this.timeout(90_000);
  let site: Site;
  let agent: Agent;
  let pid = 0;
  let viewer: Browser | undefined;
  const flags = () => ['--port', String(agent.port), '--state-dir', agent.stateDir];

  before(async () => {
    site = await startSite();
    agent = await startAgent();
  });
  after(async () => {
    await viewer?.close().catch(() => undefined);
    if (pid !== 0 && alive(pid)) await cli(['stop', '--browser', ...flags()]);
    await agent?.stop();
    await site?.close();
  });

  it('launch --headless starts Chromium with the extension connected; new_tab and execute_js work through MCP', async () => {
    const launched = await cli(['launch', '--headless', ...flags()]);
    expect(launched.status, launched.stderr).to.equal(0);
    const info = JSON.parse(launched.stdout) as { pid: number; temporary_profile: boolean; headless: boolean };
    pid = info.pid;
    expect(info).to.include({ temporary_profile: true, headless: true });
    expect(launched.stderr).to.contain('the extension is connected');

    const opened = await agent.interact('new_tab', { url: site.url('/app.html') });
    expect(opened.status, JSON.stringify(opened)).to.equal('complete');
    const title = await agent.interact('execute_js', { script: 'return document.title' });
    expect(title.result.data).to.equal('browsertap e2e app');
  });

  it('the status page shows counts only until `status --open` unlocks it, then the connection, the tab and errors live — page text as text — and never the token', async () => {
    viewer = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    const page = await viewer.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://127.0.0.1:${agent.port}/`);
    await page.waitForFunction(() => document.getElementById('summary')?.textContent?.includes('extension connected'));
    expect(await page.locator('#locked').isVisible()).to.equal(true);
    expect(await page.locator('#tabs').textContent()).to.match(/\d+ tracked tab\(s\); details hidden/);
    expect(await page.locator('#tabs').textContent()).to.not.contain('browsertap e2e app');

    const opened = await cli(['status', '--open', ...flags()]);
    expect(opened.status, opened.stderr).to.equal(0);
    await page.goto((JSON.parse(opened.stdout) as { status_page: string }).status_page);
    expect(page.url()).to.equal(`http://127.0.0.1:${agent.port}/`);
    await page.waitForFunction(() => document.getElementById('locked')?.hidden === true);
    // Live: an error the page logs now appears without a reload, as text, never as markup.
    const hostile = '<img src=x onerror="window.__pwned=1"> checkout failed';
    await agent.interact('execute_js', { script: `console.error(${JSON.stringify(hostile)}); return 1` });
    await eventually(
      async () => (await page.locator('#errors').textContent())?.includes(hostile) === true,
      10_000,
      'the error never showed on the status page',
    );
    expect(await page.locator('#tabs').textContent()).to.contain('browsertap e2e app');
    expect(await page.locator('#connection').textContent()).to.contain('0.1.0');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).to.equal(undefined);
    expect(await page.locator('#errors img').count()).to.equal(0);
    const token = readFileSync(join(agent.stateDir, 'token'), 'utf8').trim();
    expect(token).to.have.length.above(20);
    expect(await page.content()).to.not.contain(token);
    expect(await page.evaluate(() => fetch('/status.json').then((r) => r.text()))).to.not.contain(token);
    const output = join('.test-output', 'e2e');
    mkdirSync(output, { recursive: true });
    const shot = join(output, 'status-page.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(existsSync(shot)).to.equal(true);
    process.stdout.write(`      status page screenshot: ${shot}\n`);
  });

  it('after a daemon restart the tab list is back once the extension reconnects (it stayed empty until a page loaded again)', async () => {
    const url = site.url('/app.html');
    await observeUntil(agent, { what: 'tabs' }, (tabs) => tabs.some((tab) => tab.url === url));
    await killDaemons(agent.port);
    // The bridge starts a new daemon on this call; the extension reaches it within 1.5 s.
    await agent.ok('observe', { what: 'tabs' });
    await agent.extensionConnected();
    const tabs = await observeUntil(agent, { what: 'tabs' }, (listed) => listed.some((tab) => tab.url === url), 5_000);
    expect(tabs.find((tab) => tab.url === url)).to.include({ title: 'browsertap e2e app' });
    // Commands still reach the tab, as before.
    const title = await agent.interact('execute_js', { script: 'return document.title' });
    expect(title.result.data).to.equal('browsertap e2e app');
  });

  it('stop --browser ends the launched browser and removes its temporary profile', async () => {
    const stopped = await cli(['stop', '--browser', ...flags()]);
    expect(JSON.parse(stopped.stdout)).to.include({ stopped: true, pid });
    expect(alive(pid)).to.equal(false);
    const again = await cli(['stop', '--browser', ...flags()]);
    expect(JSON.parse(again.stdout)).to.deep.equal({ stopped: false, reason: 'no browser launched by browsertap' });
  });
});
