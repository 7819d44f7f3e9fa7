import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where `launch` looks for a browser when none is named, in order (Chromium first: see below). */
export function browserCandidates(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  const named = [env.BROWSERTAP_BROWSER, env.CHROME_PATH].filter((path): path is string => path !== undefined && path !== '');
  if (platform === 'darwin') {
    return [
      ...named,
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
      '/Applications/Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ];
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter((r): r is string => r !== undefined);
    return [
      ...named,
      ...roots.map((root) => join(root, 'Chromium', 'Application', 'chrome.exe')),
      ...roots.map((root) => join(root, 'Google', 'Chrome', 'Application', 'chrome.exe')),
    ];
  }
  return [
    ...named,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome-for-testing',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
}

export const findBrowser = (candidates: readonly string[]): string | undefined => candidates.find((path) => existsSync(path));

/**
 * Google Chrome's own builds (137 and later) ignore `--load-extension`; Chromium and Chrome for
 * Testing honour it. A path that names plain "Google Chrome" gets a warning.
 */
export const brandedChrome = (path: string): boolean => /google[ -]chrome(?!.*(for testing|canary))/i.test(path);

/** The command line that starts a browser with the unpacked extension and nothing else (E2E.md's flags). */
export function browserArgs(settings: {
  readonly profile: string;
  readonly extension: string;
  readonly headless: boolean;
  readonly url: string;
  readonly asRoot: boolean;
}): string[] {
  return [
    ...(settings.headless ? ['--headless=new', '--disable-gpu'] : []),
    // Chrome refuses to start as root with its sandbox on (containers, CI).
    ...(settings.asRoot ? ['--no-sandbox'] : []),
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-sync',
    '--disable-component-update',
    `--user-data-dir=${settings.profile}`,
    `--load-extension=${settings.extension}`,
    `--disable-extensions-except=${settings.extension}`,
    settings.url,
  ];
}

/** What `launch` leaves in the state dir so `stop --browser` can end that browser, and only it. */
export interface LaunchRecord {
  readonly pid: number;
  readonly browser: string;
  readonly profile: string;
  /** The profile is a temporary one `launch` made: `stop --browser` removes it. */
  readonly temporary: boolean;
  readonly extension: string;
  readonly started_at: string;
}

export const launchRecordPath = (stateDir: string) => join(stateDir, 'browser.json');

/**
 * Is `pid` still the browser `record` describes? On Linux its command line must carry the
 * profile it was started with (a recycled pid then never matches); elsewhere a living pid is taken.
 */
export function isRecordedBrowser(record: LaunchRecord, platform: NodeJS.Platform): boolean {
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (platform !== 'linux') return true;
  try {
    return readFileSync(`/proc/${record.pid}/cmdline`, 'utf8').split('\0').includes(`--user-data-dir=${record.profile}`);
  } catch {
    return false;
  }
}
