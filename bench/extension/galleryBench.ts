import { writeFileSync } from 'node:fs';
import { FLOWS } from '../../test/gallery/flowList.js';
import { type GalleryRun, runGallery } from '../../test/gallery/galleryRun.js';
import { failures, resultTable } from '../../test/gallery/report.js';

/**
 * The whole gallery (test/gallery): every flow at a person's pace and at machine speed, recorded
 * by browsertap and by Playwright's recorder, every copy held to the app's own state. One run
 * (its figures are counts, not timings). `GALLERY_JSON=<file>` also writes the run's raw results.
 */
export async function runGalleryBench(): Promise<GalleryRun> {
  const run = await runGallery({ flows: FLOWS, log: (line) => process.stderr.write(`  ${line}\n`) });
  if (process.env.GALLERY_JSON !== undefined) writeFileSync(process.env.GALLERY_JSON, JSON.stringify(run, null, 1));
  return run;
}

/** docs/benchmarks.md's section for a run. */
export function gallerySection(run: GalleryRun, machine: string, chromium: string, date: string): string {
  const minutes = (ms: number) => (ms / 60_000).toFixed(1);
  return [
    `## Recording real component libraries (${date})`,
    '',
    `Machine: ${machine}; ${chromium} headless; @playwright/test 1.65.1 runs every recorded test.`,
    `${FLOWS.length} flows over the gallery's real libraries (test/gallery: a Vite build of a React app,`,
    'one route per flow), each driven with trusted input at a person’s pace and at machine speed; how',
    'it is measured is below the table. ✓ means the copy ended in exactly the state the person left',
    'the app in; *locators exact* counts the recorded locators that resolve in Playwright to the very',
    'element the person acted on (✓: all of them, and every act was recorded).',
    '',
    resultTable(run, FLOWS),
    '',
    `The run took ${minutes(run.ms)} min: the Vite build ${(run.buildMs / 1000).toFixed(1)} s, the one \`playwright test\` run of`,
    `the ${run.cells.length * 2} recorded files ${minutes(run.testRunMs)} min, the rest driving, replaying and checking.`,
    '',
    '### What failed, why, and the evidence',
    '',
    failures(run) || 'Nothing failed.',
  ].join('\n');
}
