import { causeOf } from './causes.js';
import { FINAL_CHECK_MESSAGE } from './finalCheck.js';
import type { Flow } from './flow.js';
import type { Cell, GalleryRun } from './galleryRun.js';
import type { LocatorVerdict } from './locatorCheck.js';
import type { Pace } from './person.js';

/** One cell's figures: pass or fail per copy, and its locators held to the acted elements. */
export interface CellScore {
  readonly test: boolean;
  readonly replay: boolean;
  /** Recorded locators that resolve to exactly the acted element, of all recorded locators. */
  readonly exact: number;
  readonly locators: number;
  /** Every recorded locator exact and every act recorded. */
  readonly locatorsOk: boolean;
  readonly playwright?: boolean;
}

export function scoreOf(cell: Cell): CellScore {
  const check = 'verdicts' in cell.ours.locators ? cell.ours.locators : undefined;
  const verdicts = check?.verdicts ?? [];
  const exact = verdicts.filter((verdict) => verdict.verdict === 'exact' || verdict.verdict === 'hit').length;
  return {
    test: cell.drive.ok && cell.ours.test.ok,
    replay: cell.drive.ok && cell.ours.replay.ok,
    exact,
    locators: verdicts.length,
    locatorsOk: check !== undefined && exact === verdicts.length && check.unrecorded.length === 0,
    ...(cell.playwright && { playwright: cell.drive.ok && cell.playwright.test.ok }),
  };
}

const mark = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? '✓' : '✗');
const code = (text: string) => `\`${text.replace(/`/g, "'").replace(/\s+/g, ' ').trim()}\``;
const cut = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The first useful line of a Playwright error (the call log left out); a failed final check says the state the app ended in. */
export function firstLine(error: string | undefined): string {
  const lines = (error ?? '').split('\n').map((line) => line.trim());
  const received = lines.find((line) => line.startsWith('Received:'));
  if (lines[0]?.includes(FINAL_CHECK_MESSAGE) === true && received !== undefined) {
    const text = received.slice('Received:'.length).trim();
    let state = text;
    try {
      state = JSON.parse(text) as string;
    } catch {
      // left as the report printed it
    }
    return cut(`every step ran; the app ended in ${state}`);
  }
  const waiting = lines.find((line) => line.startsWith('- waiting for'));
  const head = lines.find((line) => line !== '') ?? '';
  return cut(waiting === undefined ? head : `${head} ${waiting.slice(2)}`);
}

/** The markdown table of a run, a row per flow and pace, and the totals. */
export function resultTable(run: GalleryRun, flows: readonly Flow[]): string {
  const libraries = new Map(flows.map((flow) => [flow.name, flow.libraries.join(', ')]));
  const rows = run.cells.map((cell) => {
    const score = scoreOf(cell);
    const name = libraries.get(cell.flow) ? `${cell.flow} (${libraries.get(cell.flow)})` : cell.flow;
    const drive = cell.drive.ok ? '' : ' (the drive did not reach the expected state)';
    return `| ${name}${drive} | ${cell.pace} | ${mark(score.test)} | ${mark(score.replay)} | ${score.exact}/${score.locators}${score.locatorsOk ? ' ✓' : ''} | ${mark(score.playwright)} |`;
  });
  return [
    '| flow (libraries) | pace | browsertap: test | browsertap: replay | browsertap: locators exact | Playwright recorder: test |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    totals(run),
  ].join('\n');
}

/** Totals per pace and in all: how many flows each copy got right. */
export function totals(run: GalleryRun): string {
  const line = (label: string, cells: readonly Cell[]) => {
    const scores = cells.map(scoreOf);
    const count = (pick: (score: CellScore) => boolean | undefined) => scores.filter((score) => pick(score) === true).length;
    const exact = scores.reduce((sum, score) => sum + score.exact, 0);
    const all = scores.reduce((sum, score) => sum + score.locators, 0);
    const hits = cells.reduce(
      (sum, cell) =>
        sum + ('verdicts' in cell.ours.locators ? cell.ours.locators.verdicts.filter((v) => v.verdict === 'hit').length : 0),
      0,
    );
    const landed = hits === 0 ? '' : `, ${hits} of them the element the click lands on inside an acted element without a role`;
    const playwright = scores.some((score) => score.playwright !== undefined)
      ? `; Playwright's recorder's test **${count((s) => s.playwright)}/${cells.length}**`
      : '';
    return `- ${label}: browsertap's test **${count((s) => s.test)}/${cells.length}**, replay **${count((s) => s.replay)}/${cells.length}**, locators exact **${exact}/${all}**${landed} (every locator exact and every act recorded in ${count((s) => s.locatorsOk)} flows)${playwright}.`;
  };
  const paces = [...new Set(run.cells.map((cell) => cell.pace))];
  return [
    ...paces.map((pace) =>
      line(
        `${pace === 'person' ? 'A person’s pace' : 'Machine speed'}`,
        run.cells.filter((c) => c.pace === pace),
      ),
    ),
    line('Both', run.cells),
  ].join('\n');
}

/** Each failing cell: its cause (causes.ts) and the evidence (the locators, the errors). */
export function failures(run: GalleryRun): string {
  const out: string[] = [];
  for (const cell of run.cells) {
    const score = scoreOf(cell);
    const lines: string[] = [];
    if (!cell.drive.ok)
      lines.push(`  - the drive itself failed (a bug in the flow): ${cell.drive.error ?? JSON.stringify(cell.drive.truth)}`);
    if (!score.test || !score.replay || !score.locatorsOk) {
      lines.push(`  - browsertap — ${causeOf(cell.flow, 'ours', cell.pace) ?? 'cause not named yet'}`);
      lines.push(...oursEvidence(cell, score));
    }
    if (score.playwright === false && cell.playwright !== undefined) {
      lines.push(`  - Playwright's recorder — ${causeOf(cell.flow, 'playwright', cell.pace) ?? 'cause not named yet'}`);
      lines.push(`    - test: ${code(firstLine(cell.playwright.test.error))}`);
      if (!cell.playwright.drive.ok)
        lines.push(`    - the person's drive under the recorder left ${code(JSON.stringify(cell.playwright.drive.truth))}`);
    }
    if (lines.length > 0)
      out.push(`- **${cell.flow}**, ${cell.pace === 'person' ? 'a person’s pace' : 'machine speed'}`, ...lines);
  }
  return out.join('\n');
}

function oursEvidence(cell: Cell, score: CellScore): string[] {
  const lines: string[] = [];
  const check = cell.ours.locators;
  if ('error' in check) lines.push(`    - locator check: ${check.error}`);
  else {
    for (const verdict of check.verdicts.filter((v) => v.verdict !== 'exact')) lines.push(`    - ${describe(verdict)}`);
    for (const act of check.unrecorded) lines.push(`    - nothing recorded for ${code(act)}`);
  }
  if (cell.ours.recording.fileError !== undefined) lines.push(`    - no test written: ${cut(cell.ours.recording.fileError)}`);
  else if (!score.test) lines.push(`    - test: ${code(firstLine(cell.ours.test.error))}`);
  if (!score.replay) lines.push(`    - replay: ${code(cut(cell.ours.replay.error ?? cell.ours.replay.status))}`);
  return lines;
}

const VERDICTS: Readonly<Record<LocatorVerdict['verdict'], string>> = {
  exact: 'names exactly the element',
  hit: 'names the element the click lands on, inside the acted one (which has no role): counted as exact',
  around: 'names an element around the one acted on',
  inside: 'names an element inside the one acted on',
  other: 'names another element',
  none: 'matches nothing',
  many: 'matches several elements',
  'no locator': 'has no locator',
  unreadable: 'is no locator Playwright reads',
  'no act': 'stands for no act of the person',
};

function describe(verdict: LocatorVerdict): string {
  const which = verdict.which === 'to' ? ' its drop target' : '';
  const locator = verdict.locator === undefined ? '' : ` ${code(cut(verdict.locator, 100))}`;
  const act = verdict.act === undefined ? '' : ` (the person: ${code(cut(verdict.act, 100))})`;
  const count = verdict.count === undefined ? '' : ` (${verdict.count})`;
  return `${verdict.id} ${verdict.type}:${which}${locator} ${VERDICTS[verdict.verdict]}${count}${act}`;
}

/** The pace a cell was driven at, as a column header says it. */
export function paceLabel(pace: Pace): string {
  return pace === 'person' ? 'a person’s pace' : 'machine speed';
}
