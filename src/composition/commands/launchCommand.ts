import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import {
  brandedChrome,
  browserArgs,
  browserCandidates,
  findBrowser,
  isRecordedBrowser,
  launchRecordPath,
  type LaunchRecord,
} from '../../adapters/outbound/process/browserLaunch.js';
import { probeHealth } from '../../adapters/outbound/process/probeHealth.js';
import { EXTENSION_DIR, extensionBuilt } from '../cliPaths.js';
import { prepareExtensionFolder } from '../extensionFolder.js';

/** How long `launch` waits for the extension to reach a running daemon before it returns. */
const CONNECT_WAIT_MS = 20_000;

/**
 * `browsertap launch` (docs/install.md): Chrome/Chromium with the extension loaded and pointed at this
 * daemon's port, on a fresh temporary profile unless `--profile` names one. Prints the browser's
 * pid (JSON on stdout) and records it for `stop --browser`. When a daemon runs, waits until the
 * extension has reached it.
 */
export async function launchCommand(options: CliOptions): Promise<number> {
  const say = (text: string) => process.stderr.write(`${text}\n`);
  if (!extensionBuilt()) {
    say(`browsertap: the extension is missing from this installation (${EXTENSION_DIR}); reinstall browsertap`);
    return 1;
  }
  const candidates =
    options.browser === undefined ? browserCandidates(process.env, process.platform) : [resolve(options.browser)];
  const browser = findBrowser(candidates);
  if (browser === undefined) {
    say(
      `browsertap: no browser found (looked for: ${candidates.join(', ')}); install Chromium (e.g. apt-get install chromium) or pass --browser PATH`,
    );
    return 1;
  }
  if (brandedChrome(browser)) {
    say(
      `warning: ${browser} looks like Google Chrome, whose builds since 137 ignore --load-extension; Chromium or Chrome for Testing load it`,
    );
  }
  mkdirSync(options.stateDir, { recursive: true, mode: 0o700 });
  const previous = readRecord(options.stateDir);
  if (previous !== undefined && isRecordedBrowser(previous, process.platform)) {
    say(`browsertap: a browser launched earlier is still running (pid ${previous.pid}); 'browsertap stop --browser' ends it`);
    return 1;
  }
  const temporary = options.profile === undefined;
  const profile = options.profile === undefined ? mkdtempSync(join(tmpdir(), 'browsertap-profile-')) : resolve(options.profile);
  mkdirSync(profile, { recursive: true });
  // The extension reads its daemon port from defaults.json: a copy says so for another port.
  const extension = prepareExtensionFolder(options.port, options.stateDir);
  const log = openSync(join(options.stateDir, 'browser.log'), 'w');
  const child = spawn(
    browser,
    browserArgs({
      profile,
      extension,
      headless: options.headless === true,
      url: options.url ?? 'about:blank',
      asRoot: process.getuid?.() === 0,
    }),
    { detached: true, stdio: ['ignore', log, log] },
  );
  const started = await new Promise<Error | undefined>((done) => {
    child.once('error', (error) => done(error));
    child.once('spawn', () => done(undefined));
  });
  if (started !== undefined || child.pid === undefined) {
    say(`browsertap: could not start ${browser}: ${started?.message ?? 'no pid'}`);
    if (temporary) rmSync(profile, { recursive: true, force: true });
    return 1;
  }
  child.unref();
  const record: LaunchRecord = { pid: child.pid, browser, profile, temporary, extension, started_at: new Date().toISOString() };
  writeFileSync(launchRecordPath(options.stateDir), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  process.stdout.write(
    `${JSON.stringify({ pid: child.pid, browser, profile, temporary_profile: temporary, extension, headless: options.headless === true })}\n`,
  );

  const health = await probeHealth(options.port);
  if (health === undefined) {
    say(
      `started ${browser} (pid ${child.pid}); no daemon runs on port ${options.port} yet: the extension reaches it within a second once an MCP client starts it`,
    );
    return 0;
  }
  const until = Date.now() + CONNECT_WAIT_MS;
  for (;;) {
    const now = await probeHealth(options.port);
    if ((now?.extension as { connected?: boolean } | undefined)?.connected === true) {
      say(`started ${browser} (pid ${child.pid}); the extension is connected to the daemon on port ${options.port}`);
      return 0;
    }
    if (child.exitCode !== null || Date.now() > until) break;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  say(
    child.exitCode !== null
      ? `browsertap: the browser exited at once (code ${child.exitCode}); see ${join(options.stateDir, 'browser.log')}`
      : `warning: the extension has not reached the daemon after ${CONNECT_WAIT_MS / 1000} s; see ${join(options.stateDir, 'browser.log')} and 'browsertap doctor'`,
  );
  return child.exitCode !== null ? 1 : 0;
}

export function readRecord(stateDir: string): LaunchRecord | undefined {
  try {
    return JSON.parse(readFileSync(launchRecordPath(stateDir), 'utf8')) as LaunchRecord;
  } catch {
    return undefined;
  }
}

/** `browsertap stop --browser`: ends the browser `launch` recorded (its whole process group), and its temporary profile. */
export async function stopBrowser(stateDir: string): Promise<number> {
  const say = (result: object) => process.stdout.write(`${JSON.stringify(result)}\n`);
  const record = readRecord(stateDir);
  if (record === undefined) {
    say({ stopped: false, reason: 'no browser launched by browsertap' });
    return 0;
  }
  const cleanup = () => {
    rmSync(launchRecordPath(stateDir), { force: true });
    if (record.temporary) rmSync(record.profile, { recursive: true, force: true, maxRetries: 3 });
  };
  if (!isRecordedBrowser(record, process.platform)) {
    cleanup();
    say({ stopped: false, reason: 'not running', pid: record.pid });
    return 0;
  }
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(process.platform === 'win32' ? record.pid : -record.pid, name);
    } catch {
      // gone already
    }
  };
  signal('SIGTERM');
  const until = Date.now() + 3_000;
  while (isRecordedBrowser(record, process.platform) && Date.now() < until) await new Promise((wake) => setTimeout(wake, 50));
  const forced = isRecordedBrowser(record, process.platform);
  if (forced) signal('SIGKILL');
  await new Promise((wake) => setTimeout(wake, forced ? 200 : 0));
  cleanup();
  say({ stopped: true, pid: record.pid, forced });
  return 0;
}
