import type { Locator, Page } from 'playwright-core';
import { pageFunction } from './pageFunction.js';

/** How fast the person goes: a person's pace, or a machine's (every wait 0 ms). */
export type Pace = 'person' | 'machine';
export const PACES: readonly Pace[] = ['person', 'machine'];

/** A person's pace (ms): a click held 90 ms, 60–100 ms a key, a few hundred ms between actions. */
export const PERSON = Object.freeze({
  pressMs: 90,
  keyMinMs: 60,
  keyMaxMs: 100,
  betweenMs: 300,
  hoverMs: 120,
  moveSteps: 6,
  dragSteps: 16,
  dragStepMs: 16,
});

export type ActKind = 'click' | 'type' | 'press' | 'drag' | 'wheel' | 'back';

/** One thing the person did, with the element it was done to: what a recorded locator must name. */
export interface Act {
  readonly index: number;
  readonly kind: ActKind;
  /** The element clicked, typed into, pressed in, dragged or scrolled (none for Back). */
  readonly target?: Locator;
  /** Where a drag dropped it. */
  readonly to?: Locator;
  /** For reports: `click getByRole('option', { name: 'Twenty' })`. */
  readonly what: string;
  /** When it started and ended (epoch ms, the clock the page's `Date.now()` reads too). */
  start: number;
  end: number;
}

/** Called just before each act, once its target is visible and before the pointer moves. */
export type BeforeAct = (act: Act) => Promise<void>;

/**
 * A person at the keyboard and mouse: every act is trusted input through Playwright's mouse and
 * keyboard (CDP Input events, `isTrusted: true`), never `dispatchEvent` or `selectOption`. Each
 * act is noted with its target and its time, so what a recorder wrote can be held to it.
 */
export class Person {
  readonly acts: Act[] = [];

  constructor(
    readonly page: Page,
    readonly pace: Pace,
    private readonly before: BeforeAct = async () => undefined,
  ) {}

  /** A click on `target` (at `position` in it, else its centre): the pointer travels, then presses. */
  async click(target: Locator, position?: { x: number; y: number }): Promise<void> {
    await this.act('click', target, undefined, async () => {
      if (this.pace === 'person') {
        const point = await this.pointIn(target, position);
        await this.page.mouse.move(point.x, point.y, { steps: PERSON.moveSteps });
        await this.page.waitForTimeout(PERSON.hoverMs);
      }
      await target.click({ delay: this.pace === 'person' ? PERSON.pressMs : 0, ...(position === undefined ? {} : { position }) });
    });
  }

  /** Types `text` key by key into `target`, which must have the focus (the person clicked into it). */
  async type(target: Locator, text: string): Promise<void> {
    await this.act('type', target, undefined, async () => {
      await this.mustHaveFocus(target);
      if (this.pace === 'machine') return this.page.keyboard.type(text);
      let i = 0;
      for (const key of text) {
        await this.page.keyboard.type(key);
        const spread = PERSON.keyMaxMs - PERSON.keyMinMs + 1;
        await this.page.waitForTimeout(PERSON.keyMinMs + ((i++ * 23) % spread));
      }
    });
  }

  /** Presses `key` (`Enter`, `Control+B`…) in `target`, which must have the focus. */
  async press(target: Locator, key: string): Promise<void> {
    await this.act('press', target, undefined, async () => {
      await this.mustHaveFocus(target);
      await this.page.keyboard.press(key, { delay: this.pace === 'person' ? PERSON.pressMs : 0 });
    });
  }

  /** Presses on `from`, moves the pointer to `to`'s centre in steps, releases (pointer-event drag and drop). */
  async drag(from: Locator, to: Locator): Promise<void> {
    await this.act('drag', from, to, async () => {
      const start = await this.pointIn(from);
      const end = await this.pointIn(to);
      const person = this.pace === 'person';
      await this.page.mouse.move(start.x, start.y, { steps: person ? PERSON.moveSteps : 1 });
      await this.page.mouse.down();
      if (person) await this.page.waitForTimeout(PERSON.hoverMs);
      const steps = person ? PERSON.dragSteps : 8;
      for (let i = 1; i <= steps; i++) {
        await this.page.mouse.move(start.x + ((end.x - start.x) * i) / steps, start.y + ((end.y - start.y) * i) / steps);
        if (person) await this.page.waitForTimeout(PERSON.dragStepMs);
      }
      if (person) await this.page.waitForTimeout(PERSON.hoverMs);
      await this.page.mouse.up();
    });
  }

  /**
   * Turns the mouse wheel over the scroller `target`, `dy` pixels a notch (back up when it went
   * past), until `until` is wholly inside it with the scroll at rest (at most 40 notches).
   */
  async wheelUntil(target: Locator, dy: number, until: Locator): Promise<void> {
    await this.act('wheel', target, undefined, async () => {
      const point = await this.pointIn(target);
      await this.page.mouse.move(point.x, point.y, { steps: this.pace === 'person' ? PERSON.moveSteps : 1 });
      for (let notch = 0; notch < 40; notch++) {
        const where = await this.where(until, target);
        if (where === 'inside') return;
        const by = where === 'above' ? -dy : dy;
        const goal = await target.evaluate(
          (element, delta) => Math.max(0, Math.min(element.scrollTop + delta, element.scrollHeight - element.clientHeight)),
          by,
        );
        // The wheel event reaches the page after mouse.wheel returns: wait for its scroll, then for a frame.
        await this.page.mouse.wheel(0, by);
        await target.evaluate(SCROLLED_TO, goal);
        if (this.pace === 'person') await this.page.waitForTimeout(PERSON.hoverMs);
      }
      throw new Error(`flow bug: ${String(until)} never scrolled into ${String(target)}`);
    });
  }

  /** The browser's Back (history), as the toolbar button does it. */
  async back(): Promise<void> {
    await this.act('back', undefined, undefined, async () => {
      await this.page.goBack();
    });
  }

  private async act(
    kind: ActKind,
    target: Locator | undefined,
    to: Locator | undefined,
    run: () => Promise<void>,
  ): Promise<void> {
    if (this.pace === 'person' && this.acts.length > 0) await this.page.waitForTimeout(PERSON.betweenMs);
    const what = `${kind}${target === undefined ? '' : ` ${String(target)}`}${to === undefined ? '' : ` to ${String(to)}`}`;
    const act: Act = { index: this.acts.length, kind, what, start: 0, end: 0, ...(target && { target }), ...(to && { to }) };
    await target?.waitFor({ state: 'visible', timeout: 10_000 });
    await to?.waitFor({ state: 'visible', timeout: 10_000 });
    await this.before(act);
    act.start = Date.now();
    await run();
    act.end = Date.now();
    this.acts.push(act);
  }

  private async pointIn(target: Locator, position?: { x: number; y: number }): Promise<{ x: number; y: number }> {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (box === null) throw new Error(`flow bug: ${String(target)} has no box`);
    return position === undefined
      ? { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      : { x: box.x + position.x, y: box.y + position.y };
  }

  /** Where `inner` is against the scroller `outer`: wholly inside it, above it, else below (or not rendered). */
  private async where(inner: Locator, outer: Locator): Promise<'inside' | 'above' | 'below'> {
    if ((await inner.count()) !== 1) return 'below';
    const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
    if (a === null || b === null) return 'below';
    if (a.y < b.y) return 'above';
    return a.y + a.height <= b.y + b.height ? 'inside' : 'below';
  }

  /** A flow that types where the focus is not is a bug in the flow, not in a recorder. */
  private async mustHaveFocus(target: Locator): Promise<void> {
    const focused = await target.evaluate((element) => {
      let active = element.ownerDocument.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active !== null && (element === active || element.contains(active));
    });
    if (!focused) throw new Error(`flow bug: ${String(target)} does not have the focus`);
  }
}

/** In the page: resolves a frame after the element's scroll reached `goal`, or after 240 animation frames. */
const SCROLLED_TO = pageFunction<(element: Element, goal: number) => Promise<void>>(`(element, goal) => new Promise((resolve) => {
  let frames = 0;
  const check = () => {
    if (Math.abs(element.scrollTop - goal) < 1 || ++frames > 240) requestAnimationFrame(() => resolve());
    else requestAnimationFrame(check);
  };
  check();
})`);
