import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.BROWSERTAP_CHROMIUM ?? '/usr/bin/chromium';
/** Pinned by the manifest's `key`, whatever directory the extension is loaded from. */
export const EXTENSION_ID = 'chnkcgfikgkkocojlablgccbkcgijnhm';
/** The built extension; BROWSERTAP_EXTENSION_DIST: another build (a bench's "before"). */
const BUILT = resolve(process.env.BROWSERTAP_EXTENSION_DIST ?? 'extension/dist');
/** A public-looking name (so not a development origin) that the browser resolves to 127.0.0.1, its subdomains too. */
export const NOT_DEV = 'notdev.example';
export const MAP_NOT_DEV = `--host-resolver-rules=MAP ${NOT_DEV} 127.0.0.1, MAP *.${NOT_DEV} 127.0.0.1`;

/** Flags that run MV3 extensions headless on these machines (E2E.md). */
function flags(profile: string, extension: string, extra: readonly string[]): string[] {
  return [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${profile}`,
    `--load-extension=${extension}`,
    `--disable-extensions-except=${extension}`,
    ...extra,
  ];
}

/** A copy of the built extension that talks to the daemon on `port` (its defaults.json). */
export function prepareExtension(port: number): string {
  if (!existsSync(join(BUILT, 'manifest.json'))) throw new Error('extension/dist is missing: run `npm run build:extension`');
  const dir = mkdtempSync(join(tmpdir(), 'browsertap-ext-'));
  cpSync(BUILT, dir, { recursive: true });
  writeFileSync(join(dir, 'defaults.json'), JSON.stringify({ daemonPort: port }));
  return dir;
}

export interface Browser {
  readonly profile: string;
  readonly extension: string;
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * Chromium with nothing attached (no CDP, no Playwright): the only way to see the service worker
 * sleep and wake as users see it. It opens about:blank; tests navigate with our own commands.
 */
export function launchRaw(port: number, extra: readonly string[] = []): Browser & { readonly process: ChildProcess } {
  const profile = mkdtempSync(join(tmpdir(), 'browsertap-profile-'));
  const extension = prepareExtension(port);
  const child = spawn(CHROMIUM, [...flags(profile, extension, extra), 'about:blank'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000_000)));
  return {
    process: child,
    profile,
    extension,
    stderr: () => stderr,
    stop: async () => {
      await stopGroup(child);
      cleanup(profile, extension);
    },
  };
}

/** Chromium driven by playwright-core (keeps the worker awake: not for lifetime tests). */
export async function launchPlaywright(
  port: number,
  extra: readonly string[] = [],
): Promise<Browser & { readonly context: BrowserContext }> {
  const profile = mkdtempSync(join(tmpdir(), 'browsertap-profile-'));
  const extension = prepareExtension(port);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: flags(profile, extension, extra).filter(
      (flag) => !flag.startsWith('--headless') && !flag.startsWith('--user-data-dir'),
    ),
    // Playwright turns the popup blocker off; a developer's Chrome has it on (docs/mcp-tools.md: popup_blocked).
    ignoreDefaultArgs: ['--disable-extensions', '--disable-popup-blocking'],
    timeout: 30_000,
  });
  return {
    context,
    profile,
    extension,
    stderr: () => '',
    stop: async () => {
      await context.close().catch(() => undefined);
      cleanup(profile, extension);
    },
  };
}

/** TERM to the whole process group, then KILL after 1.5 s (E2E.md). */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const killed = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1_500)),
  ]);
  if (killed) {
    signal('SIGKILL');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  }
}

function cleanup(...dirs: string[]): void {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** Chrome's id of the tab showing `url`, asked from an extension page (Playwright does not know it). */
export async function tabIdOf(context: BrowserContext, url: string): Promise<number> {
  const probe = await context.newPage();
  try {
    await probe.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    const id = await probe.evaluate(async (target) => (await chrome.tabs.query({ url: target }))[0]?.id, url);
    if (typeof id !== 'number') throw new Error(`no tab shows ${url}`);
    return id;
  } finally {
    await probe.close();
  }
}
