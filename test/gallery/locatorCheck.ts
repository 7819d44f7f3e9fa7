import type { Browser, ElementHandle, Frame, Locator, Page } from 'playwright-core';
import { parseLocator } from '../../src/domain/reproduction/locatorExpression.js';
import type { Flow } from './flow.js';
import type { GallerySite } from './galleryApp.js';
import { pageFunction } from './pageFunction.js';
import { type Act, Person } from './person.js';
import { actOf, NOT_ACTS, type RecordedAction, unrecordedActs } from './recorded.js';

/**
 * What a recorded locator resolves to in Playwright, against the element the person acted on:
 * `exact` that element; `hit`, where the acted element has no role (a drawn option, a plain
 * div), the element inside it that the click lands on (what the person's event targets, and a
 * test clicks the same point: counted as exact, and said); `around` an element that contains it
 * (`body`, a wrapper); `inside` one within it (a label's text, a shadow part, a control's inner
 * span); `other` an unrelated one; `none` nothing; `many`
 * several (a strict-mode failure in a test); `no locator` the action has none; `unreadable` not
 * a locator expression; `no act` the person did nothing at that moment.
 */
export type Verdict = 'exact' | 'hit' | 'around' | 'inside' | 'other' | 'none' | 'many' | 'no locator' | 'unreadable' | 'no act';

export interface LocatorVerdict {
  readonly id: string;
  readonly type: string;
  /** The action's target, or where a drag dropped (`to_locator`). */
  readonly which: 'target' | 'to';
  readonly locator?: string;
  /** The act it was held to (`click getByRole(…)`). */
  readonly act?: string;
  readonly verdict: Verdict;
  readonly count?: number;
}

export interface LocatorCheck {
  readonly verdicts: readonly LocatorVerdict[];
  /** The acts nothing was recorded for (`click getByRole('option', …)`). */
  readonly unrecorded: readonly string[];
}

/**
 * Holds every recorded locator to the element the person acted on. Recording and check are two
 * drives of the same flow: the recorded actions are matched to the recording drive's acts by
 * time (recorded.ts: `actOf`); then, in a fresh page of a browser without browsertap (as a
 * generated test runs), the same flow is driven again at a person's pace and, just before each
 * act — its target visible, the pointer not yet moved, where Playwright resolves a locator before
 * it acts — each locator recorded for that act is resolved and compared with the act's target
 * (`exact` only when it is that very element). The app is deterministic, so the page before act
 * *n* is the page the person had before act *n*.
 */
export async function checkLocators(
  browser: Browser,
  site: GallerySite,
  flow: Flow,
  actions: readonly RecordedAction[],
  acts: readonly Act[],
): Promise<LocatorCheck> {
  const mapped = actOf(actions, acts);
  const verdicts: LocatorVerdict[] = [];
  const byAct = new Map<number, RecordedAction[]>();
  for (const action of actions) {
    if (NOT_ACTS.has(action.type)) continue;
    const index = mapped.get(action.id);
    if (index === undefined) verdicts.push({ ...head(action, 'target'), verdict: 'no act' });
    else byAct.set(index, [...(byAct.get(index) ?? []), action]);
  }
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(site.url(flow.name));
    const person = new Person(page, 'person', async (act) => {
      for (const action of byAct.get(act.index) ?? []) {
        verdicts.push(await judge(page, action, 'target', act.target, act.what));
        if (action.type === 'drag') verdicts.push(await judge(page, action, 'to', act.to, act.what));
      }
    });
    await flow.drive(person, page);
    if (person.acts.length !== acts.length)
      throw new Error(`flow bug: ${flow.name} acted ${person.acts.length} times, then ${acts.length}`);
  } finally {
    await context.close();
  }
  verdicts.sort((a, b) => actions.findIndex((x) => x.id === a.id) - actions.findIndex((x) => x.id === b.id));
  return { verdicts, unrecorded: unrecordedActs(acts, mapped).map((index) => acts[index]?.what ?? String(index)) };
}

function head(action: RecordedAction, which: 'target' | 'to'): Omit<LocatorVerdict, 'verdict'> {
  const locator = which === 'to' ? action.to_locator : action.locator;
  return { id: action.id, type: action.type, which, ...(locator === undefined ? {} : { locator }) };
}

async function judge(
  page: Page,
  action: RecordedAction,
  which: 'target' | 'to',
  target: Locator | undefined,
  what: string,
): Promise<LocatorVerdict> {
  const base = { ...head(action, which), act: what };
  if (base.locator === undefined) return { ...base, verdict: 'no locator' };
  const calls = parseLocator(base.locator);
  if (calls === undefined) return { ...base, verdict: 'unreadable' };
  const scope = action.frame_url === undefined ? page.mainFrame() : await frameAt(page, action.frame_url);
  if (scope === undefined) return { ...base, verdict: 'none' };
  let located: any = scope;
  for (const call of calls) located = located[call.method](...call.args);
  const handles = (await (located as Locator).elementHandles()) as ElementHandle[];
  try {
    if (handles.length !== 1) return { ...base, verdict: handles.length === 0 ? 'none' : 'many', count: handles.length };
    const acted = target === undefined ? null : await target.elementHandle({ timeout: 2_000 });
    if (acted === null) return { ...base, verdict: 'other' };
    // Handles of two frames cannot meet in one evaluation: then they are different elements.
    const relation = await (handles[0] as ElementHandle).evaluate(RELATION, acted).catch(() => 'other');
    await acted.dispose();
    return { ...base, verdict: relation as Verdict };
  } finally {
    for (const handle of handles) await handle.dispose();
  }
}

/** The frame whose url is `url`, waited for up to 5 s (the check is about locators, not frames). */
async function frameAt(page: Page, url: string): Promise<Frame | undefined> {
  const end = Date.now() + 5_000;
  for (;;) {
    const frame = page.frames().find((candidate) => candidate.url() === url);
    if (frame !== undefined || Date.now() > end) return frame;
    await page.waitForTimeout(50);
  }
}

/** In the page: how the located element `a` stands to the acted one `b`, across shadow roots. */
const RELATION = pageFunction<(a: Element, b: Element) => string>(`(a, b) => {
  const within = (outer, inner) => {
    for (let node = inner; node; node = node.parentNode || node.host) if (node === outer) return true;
    return false;
  };
  if (a === b) return 'exact';
  if (within(a, b)) return 'around';
  if (!within(b, a)) return 'other';
  // A control of its own (a role, or a tag that has one) is what a test names, not its parts.
  const roled = b.hasAttribute('role') || /^(A|BUTTON|INPUT|SELECT|TEXTAREA|SUMMARY|OPTION|LABEL|DETAILS)$/.test(b.tagName);
  if (roled) return 'inside';
  const box = b.getBoundingClientRect();
  const hit = b.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit !== null && a.contains(hit) ? 'hit' : 'inside';
}`);
