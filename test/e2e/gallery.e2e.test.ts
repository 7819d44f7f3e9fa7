import { expect } from 'chai';
import { flowNamed } from '../gallery/flowList.js';
import { type GalleryRun, runGallery } from '../gallery/galleryRun.js';
import { resultTable, scoreOf } from '../gallery/report.js';

// A fast part of the component gallery (test/gallery; the whole of it is `npm run bench --
// gallery`, docs/benchmarks.md): flows over real libraries built with Vite, driven by trusted input
// at a person's pace and at machine speed, each copy held to the app's own state. These flows
// show the most causes: a select that opens on mousedown (MUI), web components in shadow roots
// (Shoelace), a frame added after load, a name given by aria-labelledby (Headless UI) and a range
// input; a list sorted by the browser's own drag and drop (SortableJS), Lit components whose
// option shows slotted text and whose checkbox's change stays in its shadow root (Material Web),
// and a native select a library hides and stands in for as it starts (Tom Select). Playwright's
// own recorder is left to the bench, to keep this within the e2e budget.
const SUBSET = [
  'mui-select',
  'shoelace-form',
  'iframe-late',
  'headless-listbox',
  'range',
  'sortable-native',
  'material-web',
  'tom-select',
];

/**
 * What passes today, per flow and pace: the generated test, the replay, and how many recorded
 * locators resolve to exactly the element the person acted on. A cell that passes must keep
 * passing; when a fix makes more pass, raise the figures here (the goal: every test and replay
 * true, every locator exact). The run prints what passes beyond this table.
 */
const TODAY: Readonly<Record<string, { test: boolean; replay: boolean; exact: number }>> = {
  'mui-select person': { test: true, replay: true, exact: 2 },
  'mui-select machine': { test: true, replay: true, exact: 2 },
  'shoelace-form person': { test: true, replay: true, exact: 3 },
  'shoelace-form machine': { test: true, replay: true, exact: 3 },
  'iframe-late person': { test: true, replay: true, exact: 3 },
  'iframe-late machine': { test: true, replay: true, exact: 3 },
  'headless-listbox person': { test: true, replay: true, exact: 2 },
  'headless-listbox machine': { test: true, replay: true, exact: 2 },
  'range person': { test: true, replay: true, exact: 3 },
  'range machine': { test: true, replay: true, exact: 3 },
  'sortable-native person': { test: true, replay: true, exact: 2 },
  'sortable-native machine': { test: true, replay: true, exact: 2 },
  'material-web person': { test: true, replay: true, exact: 4 },
  'material-web machine': { test: true, replay: true, exact: 4 },
  'tom-select person': { test: true, replay: true, exact: 3 },
  'tom-select machine': { test: true, replay: true, exact: 3 },
};

describe('e2e: the component gallery, a fast subset', function () {
  this.timeout(420_000);
  let run: GalleryRun;

  before(async function () {
    const flows = SUBSET.map(flowNamed);
    run = await runGallery({ flows, codegen: false, log: (line) => console.log(`      ${line}`) });
    console.log(`\n${resultTable(run, flows).replace(/^/gm, '      ')}\n`);
    console.log(`      the subset took ${(run.ms / 1000).toFixed(0)} s (its tests ${(run.testRunMs / 1000).toFixed(0)} s)`);
    for (const cell of run.cells) {
      const score = scoreOf(cell);
      const today = TODAY[`${cell.flow} ${cell.pace}`];
      if (today === undefined) continue;
      const better = [
        score.test && !today.test ? 'test' : '',
        score.replay && !today.replay ? 'replay' : '',
        score.exact > today.exact ? `${score.exact} exact locators` : '',
      ].filter((what) => what !== '');
      if (better.length > 0) console.log(`      now passes beyond TODAY: ${cell.flow} ${cell.pace}: ${better.join(', ')}`);
    }
  });

  it('drives every flow to its expected state at both paces (the flows themselves are sound)', function () {
    expect(run.cells).to.have.length(SUBSET.length * 2);
    for (const cell of run.cells) expect(cell.drive, `${cell.flow} ${cell.pace}`).to.include({ ok: true });
  });

  it('each generated test that reached the person’s state before still does', function () {
    const lost = run.cells
      .filter((cell) => TODAY[`${cell.flow} ${cell.pace}`]?.test === true && !scoreOf(cell).test)
      .map((cell) => `${cell.flow} ${cell.pace}: ${cell.ours.test.error ?? cell.ours.recording.fileError}`);
    expect(lost).to.deep.equal([]);
  });

  it('each replay that reached the person’s state before still does', function () {
    const lost = run.cells
      .filter((cell) => TODAY[`${cell.flow} ${cell.pace}`]?.replay === true && !scoreOf(cell).replay)
      .map((cell) => `${cell.flow} ${cell.pace}: ${cell.ours.replay.error}`);
    expect(lost).to.deep.equal([]);
  });

  it('as many recorded locators as before resolve to exactly the element the person acted on', function () {
    const fewer = run.cells
      .filter((cell) => scoreOf(cell).exact < (TODAY[`${cell.flow} ${cell.pace}`]?.exact ?? 0))
      .map((cell) => `${cell.flow} ${cell.pace}: ${JSON.stringify(cell.ours.locators)}`);
    expect(fewer).to.deep.equal([]);
  });
});
