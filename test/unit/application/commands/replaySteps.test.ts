import { expect } from 'chai';
import type { RangeAction } from '../../../../src/application/shared/actionRange.js';
import { frameSelector, replaySteps } from '../../../../src/application/commands/replaySteps.js';
import type { ActionEntry } from '../../../../src/domain/wire/entries.js';
import { expectDomainError } from '../../../support/expectDomainError.js';

const PAGE = 'http://localhost:5173/orders';
let seq = 0;
let clock = 1_000_000;

/** A recorded action, `after` ms after the one before (10 s by default: nothing caused). */
function action(fields: Partial<ActionEntry> & Pick<ActionEntry, 'type'>, after = 10_000): RangeAction {
  clock += after;
  return { id: `a${++seq}`, entry: { ts: clock, by: 'human', url: PAGE, tab_id: 7, ...fields } as ActionEntry };
}

describe('replaySteps: recorded actions as the user-level actions of a replay (docs/mcp-tools.md)', () => {
  beforeEach(() => {
    seq = 0;
  });

  it('loads the first url first, then runs each action with its selector and nth', () => {
    const steps = replaySteps([
      action({
        type: 'click',
        selector: 'role=button[name="Add"]',
        nth: 1,
        locator: "getByRole('button', { name: 'Add', exact: true }).nth(1)",
      }),
      action({ type: 'dblclick', selector: '#row' }),
    ]);
    expect(steps).to.deep.equal([
      { id: 'load', type: 'navigate', params: { url: PAGE } },
      {
        id: 'a1',
        type: 'click',
        params: { selector: 'role=button[name="Add"]', nth: 1 },
        locator: "getByRole('button', { name: 'Add', exact: true }).nth(1)",
      },
      { id: 'a2', type: 'dblclick', params: { selector: '#row' } },
    ]);
  });

  it('takes a range that begins with a load as its own first step', () => {
    const steps = replaySteps([
      action({ type: 'navigate', navigation: 'load', url: `${PAGE}?x=1` }),
      action({ type: 'click', selector: '#a' }),
    ]);
    expect(steps.map((step) => [step.id, step.type, step.params.url])).to.deep.equal([
      ['a1', 'navigate', `${PAGE}?x=1`],
      ['a2', 'click', undefined],
    ]);
  });

  it('replays a pointer drag as the pointer_drag page action along its recorded path', () => {
    const steps = replaySteps([
      action({
        type: 'drag',
        selector: 'role=button[name="Apple"]',
        moves: [
          [0, 12],
          [2, 96],
        ],
      }),
    ]);
    expect(steps[1]).to.deep.equal({
      id: 'a1',
      type: 'pointer_drag',
      params: {
        selector: 'role=button[name="Apple"]',
        moves: [
          [0, 12],
          [2, 96],
        ],
      },
    });
  });

  it('maps fill, press, select, check, uncheck, upload, drag and scroll to the actions that do them', () => {
    const steps = replaySteps([
      action({ type: 'fill', selector: '#email', value: 'ann@example.com' }),
      action({ type: 'press', key: 'Enter' }),
      action({ type: 'press', key: 'Escape', selector: '#dialog' }),
      action({ type: 'select', selector: '#size', value: 'L' }),
      action({ type: 'select', selector: '#tags', values: ['a', 'b'] }),
      action({ type: 'check', selector: '#terms' }),
      action({ type: 'uncheck', selector: '#news' }),
      action({ type: 'upload', selector: '#cv', files: [{ name: 'cv.pdf', size: 1234, type: 'application/pdf' }] }),
      action({ type: 'drag', selector: '#card', to_selector: '.lane', to_nth: 2 }),
      action({ type: 'scroll', x: 0, y: 640 }),
      action({ type: 'scroll', selector: '#list', x: 0, y: 90 }),
    ]).slice(1);
    expect(steps.map(({ type, params }) => ({ type, params }))).to.deep.equal([
      { type: 'type', params: { selector: '#email', text: 'ann@example.com', clear: true } },
      { type: 'press_key', params: { key: 'Enter' } },
      { type: 'press_key', params: { selector: '#dialog', key: 'Escape' } },
      { type: 'select', params: { selector: '#size', value: 'L' } },
      { type: 'select_values', params: { selector: '#tags', values: ['a', 'b'] } },
      { type: 'check', params: { selector: '#terms' } },
      { type: 'uncheck', params: { selector: '#news' } },
      { type: 'upload', params: { selector: '#cv', files: [{ name: 'cv.pdf', size: 1234, type: 'application/pdf' }] } },
      { type: 'drag', params: { selector: '#card', to_selector: '.lane', to_nth: 2 } },
      { type: 'scroll_to', params: { x: 0, y: 640 } },
      { type: 'scroll_to', params: { selector: '#list', x: 0, y: 90 } },
    ]);
  });

  it('does not run again a load that followed a click within 2 s: it is caused by that click', () => {
    const steps = replaySteps([
      action({ type: 'click', selector: 'text=Orders' }),
      action({ type: 'navigate', navigation: 'load', url: `${PAGE}/7` }, 300),
      action({ type: 'click', selector: '#pay' }, 3_000),
    ]);
    expect(steps[2]).to.deep.equal({ id: 'a2', type: 'caused', params: { url: `${PAGE}/7` }, caused_by: 'a1', navigates: true });
    expect(steps[3]?.type).to.equal('click');
  });

  it('loads a url typed long after the action before it', () => {
    const steps = replaySteps([
      action({ type: 'click', selector: '#a' }),
      action({ type: 'navigate', navigation: 'load', url: 'http://localhost:5173/b' }, 2_001),
    ]);
    expect(steps[2]).to.deep.equal({ id: 'a2', type: 'navigate', params: { url: 'http://localhost:5173/b' } });
  });

  it('leaves a pushState, replaceState or hash change to the page, whenever it came (the action before does it again)', () => {
    const steps = replaySteps([
      action({ type: 'click', selector: '#tab2' }),
      action({ type: 'navigate', navigation: 'push', url: `${PAGE}?tab=2` }, 50_000),
      action({ type: 'navigate', navigation: 'hash', url: `${PAGE}?tab=2#top` }, 50_000),
    ]);
    expect(steps.slice(2).map((step) => [step.type, step.caused_by, step.params.url])).to.deep.equal([
      ['caused', 'a1', `${PAGE}?tab=2`],
      ['caused', 'a1', `${PAGE}?tab=2#top`],
    ]);
  });

  it('goes back or forward when a history move returns to the url before or after, and reloads on reload', () => {
    const steps = replaySteps([
      action({ type: 'navigate', navigation: 'load', url: 'http://h/1' }),
      action({ type: 'navigate', navigation: 'load', url: 'http://h/2' }),
      action({ type: 'navigate', navigation: 'back_forward', url: 'http://h/1' }),
      action({ type: 'navigate', navigation: 'back_forward', url: 'http://h/2' }),
      action({ type: 'navigate', navigation: 'reload', url: 'http://h/2' }),
      action({ type: 'navigate', navigation: 'back_forward', url: 'http://h/9' }),
    ]);
    expect(steps.map((step) => step.type)).to.deep.equal(['navigate', 'navigate', 'back', 'forward', 'refresh', 'navigate']);
  });

  it('goes back for the person’s Back however soon after a click it came, and leaves a Back the page’s script made to the click', () => {
    const steps = replaySteps([
      action({ type: 'click', selector: 'role=link[name="Beta chair"]' }),
      action({ type: 'navigate', navigation: 'push', url: `${PAGE}/beta` }, 2),
      action({ type: 'click', selector: 'role=button[name="Add to cart"]', url: `${PAGE}/beta` }, 700),
      action({ type: 'navigate', navigation: 'pop', url: PAGE }, 300),
      action({ type: 'navigate', navigation: 'back_forward', url: 'http://h/0' }, 300),
      action({ type: 'click', selector: 'role=link[name="Beta chair"]' }, 10_000),
      action({ type: 'navigate', navigation: 'push', url: `${PAGE}/beta` }, 2),
      action({ type: 'click', selector: 'role=button[name="Close"]', url: `${PAGE}/beta` }, 700),
      action({ type: 'navigate', navigation: 'pop', url: PAGE, by_script: true }, 5),
    ]);
    expect(steps.slice(1).map((step) => [step.id, step.type, step.caused_by])).to.deep.equal([
      ['a1', 'click', undefined],
      ['a2', 'caused', 'a1'],
      ['a3', 'click', undefined],
      ['a4', 'back', undefined],
      ['a5', 'navigate', undefined],
      ['a6', 'click', undefined],
      ['a7', 'caused', 'a6'],
      ['a8', 'click', undefined],
      ['a9', 'caused', 'a8'],
    ]);
  });

  it('inserts text typed into rich text at the caret, and types a field’s fill over what it held', () => {
    const steps = replaySteps([
      action({ type: 'fill', selector: '#note', value: 'world', typed: true }),
      action({ type: 'fill', selector: '#title', value: 'Notes' }),
    ]);
    expect(steps.slice(1).map((step) => step.params)).to.deep.equal([
      { selector: '#note', text: 'world', clear: false },
      { selector: '#title', text: 'Notes', clear: true },
    ]);
  });

  it('leaves a submit right after a click or key to it, and submits one that came on its own', () => {
    const steps = replaySteps([
      action({ type: 'click', selector: 'role=button[name="Save"]' }),
      action({ type: 'submit', selector: 'form' }, 5),
      action({ type: 'submit', selector: 'form' }, 5_000),
    ]);
    expect(steps.slice(2).map((step) => [step.type, step.caused_by])).to.deep.equal([
      ['caused', 'a1'],
      ['submit', undefined],
    ]);
  });

  it('types a redacted value from values, and refuses to replay without it, naming the step and field', () => {
    const range = [
      action({
        type: 'fill',
        selector: '#pw',
        value: '[redacted]',
        value_name: 'Password',
        locator: "getByLabel('Password', { exact: true })",
      }),
    ];
    expect(replaySteps(range, { a1: 's3cret' })[1]?.params).to.deep.include({ text: 's3cret', clear: true });
    expect(expectDomainError(() => replaySteps(range), 'replay_needs_value').message).to.match(
      /a1 \(fill getByLabel\('Password', \{ exact: true \}\)\).*"Password".*values: \{"a1"/,
    );
  });

  it('needs a value for a fill recorded without one (values off)', () => {
    expect(
      expectDomainError(() => replaySteps([action({ type: 'fill', selector: '#q' })]), 'replay_needs_value').message,
    ).to.match(/a1/);
  });

  it('refuses an element action recorded without a selector, naming it', () => {
    expect(
      expectDomainError(() => replaySteps([action({ type: 'click', locator: "locator('x')" })]), 'invalid_params').message,
    ).to.match(/a1 \(click locator\('x'\)\).*without a selector/);
  });

  it('refuses a click the page renamed as the person pressed it, saying so', () => {
    expect(expectDomainError(() => replaySteps([action({ type: 'click', renamed: true })]), 'invalid_params').message).to.match(
      /a1 \(click\).*the page renamed its element as the person pressed it/,
    );
  });

  it('loads only the urls interact navigate takes, naming an action whose page had another', () => {
    const error = expectDomainError(
      () => replaySteps([action({ type: 'click', selector: '#a', url: 'javascript:alert(1)' })]),
      'invalid_params',
    );
    expect(error.message).to.match(/a1 \(click #a\).*not an http\(s\), file or about: url/);
  });

  it("names a child frame's iframe by the end of its url", () => {
    expect(frameSelector('http://localhost:5173/frames/child.html?id=2')).to.equal('iframe[src$="child.html?id=2"]');
    expect(frameSelector('not a url')).to.equal(undefined);
    const [, step] = replaySteps([action({ type: 'click', selector: '#in', frame_url: 'http://localhost:5173/child.html' })]);
    expect(step?.params).to.deep.equal({ selector: '#in', frame: 'iframe[src$="child.html"]' });
  });
});
