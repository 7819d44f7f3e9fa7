import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { Flow } from './flow.js';
import type { GallerySite } from './galleryApp.js';
import { type Drive, driveFlow } from './ours.js';
import type { Pace } from './person.js';

/** What Playwright's own recorder wrote of one drive. */
export interface CodegenRecording {
  readonly drive: Drive;
  readonly file?: string;
  readonly error?: string;
}

/**
 * Playwright's recorder, as `playwright codegen` starts it (`context._showRecorder` in recording
 * mode, TypeScript for @playwright/test, written to a file; its inspector window headless with
 * PWTEST_CLI_HEADLESS), on a context of its own in `browser` (no browsertap there): the same
 * flow driven at the same pace, then the file it wrote.
 */
export async function recordCodegen(browser: Browser, site: GallerySite, flow: Flow, pace: Pace): Promise<CodegenRecording> {
  process.env.PWTEST_CLI_HEADLESS = '1';
  const dir = mkdtempSync(join(tmpdir(), 'browsertap-codegen-'));
  const outputFile = join(dir, 'recorded.spec.ts');
  const context = await browser.newContext();
  try {
    await (context as unknown as { _showRecorder(options: object): Promise<void> })._showRecorder({
      language: 'playwright-test',
      mode: 'recording',
      outputFile,
    });
    const page = await context.newPage();
    const drive = await driveFlow(page, site, flow, pace);
    // The recorder writes its file at most every 250 ms, and a click it performed itself only once
    // that click is over: wait until the file held still for 1.5 s (at most 10 s).
    let last = '';
    let still = 0;
    for (let i = 0; i < 40 && still < 5; i++) {
      await page.waitForTimeout(300);
      const now = existsSync(outputFile) ? readFileSync(outputFile, 'utf8') : '';
      still = now !== '' && now === last ? still + 1 : 0;
      last = now;
    }
    return last === '' ? { drive, error: 'the recorder wrote no file' } : { drive, file: last };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
