import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM, stopGroup } from './chromium.js';

export interface SpecResult {
  readonly ok: boolean;
  /** The first failure's message (colour codes removed), when it failed. */
  readonly error?: string;
}

export interface PlaywrightRun {
  /** By spec file name. */
  readonly specs: ReadonlyMap<string, SpecResult>;
  readonly exitCode: number | null;
  /** Wall time of the whole `playwright test` run (ms). */
  readonly ms: number;
  readonly output: string;
}

/** A test's time limit, and an action's (none by default: an action may take the test's time); workers (1 by default). */
export interface TestLimits {
  readonly testMs?: number;
  readonly actionMs?: number;
  /** Files run side by side, each worker with its own browser: for many small files with waits in them. */
  readonly workers?: number;
}

/**
 * Runs `files` (name → content, `*.spec.ts`) with `@playwright/test` as a developer would
 * (`node_modules/.bin/playwright test`), in a temporary folder with a config that points at the
 * system Chromium (nothing is downloaded), headless, one worker unless told, `baseURL`, bounded times. The
 * whole process group is stopped when the run ends or after `timeoutMs`.
 */
export async function runPlaywrightTests(
  files: Record<string, string>,
  baseURL: string,
  timeoutMs = 90_000,
  limits: TestLimits = {},
): Promise<PlaywrightRun> {
  const dir = mkdtempSync(join(tmpdir(), 'browsertap-pwtest-'));
  try {
    // The folder lives outside the checkout: it finds @playwright/test through a link, as a project finds its own.
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(
      join(dir, 'playwright.config.ts'),
      `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: ${limits.workers ?? 1},
  retries: 0,
  timeout: ${limits.testMs ?? 20_000},
  globalTimeout: ${timeoutMs - 10_000},
  reporter: [['json', { outputFile: 'results.json' }]],
  use: {
    baseURL: ${JSON.stringify(baseURL)},
    headless: true,${limits.actionMs === undefined ? '' : `\n    actionTimeout: ${limits.actionMs},`}
    launchOptions: { executablePath: ${JSON.stringify(CHROMIUM)}, args: ['--no-sandbox', '--disable-gpu'] },
  },
});
`,
    );
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    const started = Date.now();
    const child = spawn(resolve('node_modules/.bin/playwright'), ['test', '--config', join(dir, 'playwright.config.ts')], {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: '0' },
    });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const exitCode = await new Promise<number | null>((done) => {
      const timer = setTimeout(() => void stopGroup(child).then(() => done(null)), timeoutMs);
      child.once('exit', (code) => {
        clearTimeout(timer);
        done(code);
      });
    });
    const ms = Date.now() - started;
    await stopGroup(child);
    return { specs: readResults(join(dir, 'results.json')), exitCode, ms, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface JsonSuite {
  readonly file?: string;
  readonly specs?: ReadonlyArray<{
    readonly ok: boolean;
    readonly tests: ReadonlyArray<{ readonly results: ReadonlyArray<{ readonly error?: { readonly message?: string } }> }>;
  }>;
  readonly suites?: readonly JsonSuite[];
}

function readResults(path: string): Map<string, SpecResult> {
  const specs = new Map<string, SpecResult>();
  let report: { suites?: readonly JsonSuite[] };
  try {
    report = JSON.parse(readFileSync(path, 'utf8')) as { suites?: readonly JsonSuite[] };
  } catch {
    return specs;
  }
  const visit = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? []) {
      const error = spec.tests[0]?.results[0]?.error?.message?.replace(/\u001b\[[0-9;]*m/g, '');
      specs.set(suite.file ?? '', { ok: spec.ok, ...(error === undefined ? {} : { error }) });
    }
    for (const inner of suite.suites ?? []) visit(inner);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return specs;
}
