import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { freePort, killDaemons, removeDir, tempDir } from '../../support/processes.js';
import { listenLocal } from '../../support/servers.js';
import { until } from '../../support/until.js';

// docs/security.md and 11: the person unlocks the status page with `browsertap status --open`.
describe('browsertap status --open (built CLI)', function () {
  this.timeout(30_000);
  let port: number;
  let stateDir: string;
  /** A BROWSER that writes the address it was given to `opened`. */
  let browser: string;
  let opened: string;
  const cleanups: Array<() => unknown> = [];

  beforeEach(async () => {
    port = await freePort();
    stateDir = tempDir('browsertap-open-');
    opened = join(stateDir, 'opened.txt');
    browser = join(stateDir, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`, { mode: 0o755 });
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await killDaemons(port);
    removeDir(stateDir);
  });

  /** Runs the built CLI without blocking this process (a squatter served from here must keep answering). */
  const status = (): Promise<{ status: number | null; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        ['dist/cli.js', 'status', '--open', '--port', String(port), '--state-dir', stateDir],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, BROWSER: browser },
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.once('exit', (code) => resolve({ status: code, stdout, stderr }));
    });
  const written = () => (existsSync(opened) ? readFileSync(opened, 'utf8') : '');
  /** What the BROWSER was given, once it has written it. */
  const openedUrl = async (): Promise<string> => {
    await until(() => written() !== '', 'the browser opened');
    return written();
  };

  it('opens /?key=HMAC-SHA256(token, "status-page") in BROWSER (never the token), and that address unlocks the data', async () => {
    const child = spawn(process.execPath, ['dist/cli.js', 'daemon', '--port', String(port), '--state-dir', stateDir], {
      stdio: 'ignore',
    });
    cleanups.push(() => child.kill('SIGKILL'));
    await until(() => existsSync(join(stateDir, 'daemon.pid')), 'the daemon listening (its pid file)');
    const token = readFileSync(join(stateDir, 'token'), 'utf8').trim();
    const key = createHmac('sha256', token).update('status-page').digest('hex');

    const result = await status();
    expect(result.status, result.stderr).to.equal(0);
    const url = `http://127.0.0.1:${port}/?key=${key}`;
    expect(JSON.parse(result.stdout).status_page).to.equal(url);
    expect(result.stdout + result.stderr).to.not.contain(token);
    expect(await openedUrl()).to.equal(url);

    const unlock = await fetch(url, { redirect: 'manual' });
    expect(unlock.status).to.equal(303);
    const cookie = (unlock.headers.getSetCookie()[0] as string).split(';')[0] as string;
    const access = async (headers: Record<string, string>) =>
      ((await (await fetch(`http://127.0.0.1:${port}/status.json`, { headers })).json()) as { access: string }).access;
    expect(await access({ cookie })).to.equal('full');
    expect(await access({})).to.equal('counts');
  });

  it('opens nothing and prints no key for a program on the port that cannot prove it holds the token', async () => {
    writeFileSync(join(stateDir, 'token'), `${'d'.repeat(64)}\n`, { mode: 0o600 });
    const squatter = await listenLocal((req, res) => {
      req.resume();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 'ok', version: '0.1.0', extension: { connected: false }, pid: 1, proof: 'f'.repeat(64) }));
    }, port);
    cleanups.push(() => squatter.close());
    const result = await status();
    expect(result.status, result.stdout + result.stderr).to.equal(3);
    expect(JSON.parse(result.stdout)).to.not.have.property('status_page');
    expect(result.stderr).to.contain('not opening the status page');
    // The CLI has exited; a browser it had started would show within this pause (a slow machine
    // can only hide one, never fail a CLI that opened nothing).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(opened)).to.equal(false);
  });
});
