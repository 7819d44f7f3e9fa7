import { chromium } from 'playwright-core';
import { CHROMIUM, launchPlaywright } from '../e2e/support/chromium.js';
import { runPlaywrightTests, type SpecResult } from '../e2e/support/playwrightRun.js';
import { openTrackedPage, startAgent } from '../e2e/support/stack.js';
import { recordCodegen } from './codegen.js';
import { withFinalCheck } from './finalCheck.js';
import type { Flow } from './flow.js';
import { buildGallery, startGallerySite } from './galleryApp.js';
import { checkLocators, type LocatorCheck } from './locatorCheck.js';
import { type Drive, recordOurs, replayOurs, type OursRecording, type ReplayOutcome } from './ours.js';
import { PACES, type Pace } from './person.js';

/** A drive as reports show it: the acts' descriptions, the truth, whether it was the expected one. */
export interface DriveSummary {
  readonly ok: boolean;
  readonly truth: unknown;
  /** What the person did, and when (epoch ms). */
  readonly acts: ReadonlyArray<{ readonly what: string; readonly start: number; readonly end: number }>;
  readonly error?: string;
}

/** One flow at one pace: the truth, and how browsertap's and Playwright's recordings of it did. */
export interface Cell {
  readonly flow: string;
  readonly pace: Pace;
  readonly drive: DriveSummary;
  readonly ours: {
    readonly recording: OursRecording;
    /** The generated test with the final check appended, run by @playwright/test. */
    readonly test: SpecResult;
    readonly replay: ReplayOutcome;
    readonly locators: LocatorCheck | { readonly error: string };
  };
  readonly playwright?: {
    readonly drive: DriveSummary;
    readonly file?: string;
    readonly test: SpecResult;
  };
  /** Wall time of everything but the batched test run (ms). */
  readonly ms: number;
}

export interface GalleryRun {
  readonly cells: readonly Cell[];
  /** Wall time of the whole run, build included (ms). */
  readonly ms: number;
  readonly buildMs: number;
  /** Wall time of the one @playwright/test run of every recorded file (ms). */
  readonly testRunMs: number;
}

export interface GalleryOptions {
  readonly flows: readonly Flow[];
  readonly paces?: readonly Pace[];
  /** Run Playwright's own recorder on the same flows too (default true). */
  readonly codegen?: boolean;
  readonly log?: (line: string) => void;
}

/**
 * A test's and an action's limit in the recorded files' run (ms): the pages are small and local;
 * two workers, since each file mostly waits (its last action's second, the final check's poll).
 */
const TEST_LIMITS = { testMs: 20_000, actionMs: 5_000, workers: 2 };

/**
 * The whole instrument: builds the gallery with Vite and serves it; starts the agent (bridge and
 * daemon) and Chromium with the extension; and, for each flow and pace, drives the flow in a
 * tracked tab, reads the truth, has browsertap write its test and replay the range in a fresh tab,
 * holds every recorded locator to the acted element (locatorCheck.ts), and drives the same flow
 * under Playwright's recorder in a browser without browsertap. Every recorded file, with the
 * final check appended, then runs in one `@playwright/test` run. Everything it started is stopped.
 */
export async function runGallery(options: GalleryOptions): Promise<GalleryRun> {
  const log = options.log ?? (() => undefined);
  const paces = options.paces ?? PACES;
  const codegen = options.codegen ?? true;
  const started = Date.now();
  const dir = await buildGallery();
  const buildMs = Date.now() - started;
  const stops: Array<() => Promise<void>> = [];
  try {
    const site = await startGallerySite(dir);
    stops.push(() => site.close());
    const agent = await startAgent();
    stops.push(() => agent.stop());
    const ours = await launchPlaywright(agent.port);
    stops.push(() => ours.stop());
    const plain = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    stops.push(() => plain.close());
    await agent.extensionConnected();
    const page = ours.context.pages()[0] ?? (await ours.context.newPage());
    const tabId = await openTrackedPage(agent, page, site.url(''));

    const cells: Array<
      Omit<Cell, 'ours' | 'playwright'> & {
        ours: Omit<Cell['ours'], 'test'>;
        playwright?: Omit<NonNullable<Cell['playwright']>, 'test'>;
      }
    > = [];
    const files: Record<string, string> = {};
    let serial = 0;
    for (const flow of options.flows) {
      for (const pace of paces) {
        const cellStarted = Date.now();
        const { drive, recording } = await recordOurs(agent, page, tabId, site, flow, pace);
        const summary = summarize(drive);
        if (recording.file !== undefined) files[specName('ours', flow.name, pace)] = withFinalCheck(recording.file, drive.truth);
        // Neither copy is paced by the person: the replay and the locator check (in the other browser) run side by side.
        const [replay, locators] = await Promise.all([
          replayOurs(agent, ours.context, site, recording, drive.truth, serial++),
          checkLocators(plain, site, flow, recording.actions, drive.acts).catch((error: Error) => ({
            error: error.message.split('\n')[0] as string,
          })),
        ]);
        let playwright: Omit<NonNullable<Cell['playwright']>, 'test'> | undefined;
        if (codegen) {
          const recorded = await recordCodegen(plain, site, flow, pace);
          if (recorded.file !== undefined) files[specName('pw', flow.name, pace)] = withFinalCheck(recorded.file, drive.truth);
          playwright = { drive: summarize(recorded.drive), ...(recorded.file === undefined ? {} : { file: recorded.file }) };
        }
        const ms = Date.now() - cellStarted;
        cells.push({
          flow: flow.name,
          pace,
          drive: summary,
          ours: { recording, replay, locators },
          ...(playwright && { playwright }),
          ms,
        });
        log(
          `${flow.name} at ${pace} pace: drive ${summary.ok ? 'ok' : 'NOT the expected state'}, replay ${replay.ok ? 'ok' : 'failed'}, ${ms} ms`,
        );
      }
    }

    const testsStarted = Date.now();
    const count = Object.keys(files).length;
    log(`running ${count} recorded test files with @playwright/test`);
    const run = await runPlaywrightTests(files, site.origin, 60_000 + 25_000 * count, TEST_LIMITS);
    const testRunMs = Date.now() - testsStarted;
    const result = (name: string): SpecResult =>
      files[name] === undefined
        ? { ok: false, error: 'no file to run' }
        : (run.specs.get(name) ?? { ok: false, error: `no result from the run: ${run.output.slice(-500)}` });
    return {
      cells: cells.map(({ playwright, ...cell }) => ({
        ...cell,
        ours: { ...cell.ours, test: result(specName('ours', cell.flow, cell.pace)) },
        ...(playwright && { playwright: { ...playwright, test: result(specName('pw', cell.flow, cell.pace)) } }),
      })),
      ms: Date.now() - started,
      buildMs,
      testRunMs,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}

function specName(who: 'ours' | 'pw', flow: string, pace: Pace): string {
  return `${who}--${flow}--${pace}.spec.ts`;
}

function summarize(drive: Drive): DriveSummary {
  return {
    ok: drive.ok,
    truth: drive.truth,
    acts: drive.acts.map(({ what, start, end }) => ({ what, start, end })),
    ...(drive.error === undefined ? {} : { error: drive.error }),
  };
}
