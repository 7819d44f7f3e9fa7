import { expect } from 'chai';
import { GetReproduction, type GetReproductionInput } from '../../../../src/application/capture/GetReproduction.js';
import type { CorrelationTracker } from '../../../../src/domain/command/CorrelationTracker.js';
import { attachedText } from '../../../../src/application/shared/attachedText.js';
import { DEFAULT_CAPACITIES, InMemoryCaptureStore } from '../../../../src/adapters/outbound/memory/InMemoryCaptureStore.js';
import type { ActionEntry, LogEntry, NetworkEntry } from '../../../../src/domain/wire/entries.js';
import { expectDomainError } from '../../../support/expectDomainError.js';
import { orderFlow } from '../../../support/orderFlow.js';
import { syntaxErrors } from '../../../support/generatedCode.js';

const ORIGIN = 'http://127.0.0.1:5173';
const T = 1_700_000_000_000;

const failedOrder: NetworkEntry = {
  ts: T + 5_010,
  tab_id: 7,
  url: `${ORIGIN}/api/orders`,
  method: 'POST',
  status: 500,
  duration_ms: 12,
  type: 'fetch',
};
const typeError: LogEntry = {
  ts: T + 5_030,
  tab_id: 7,
  level: 'error',
  source: 'unhandledrejection',
  url: `${ORIGIN}/app/order.html`,
  message: "Uncaught (in promise) TypeError: Cannot read properties of undefined (reading 'id')",
};

/**
 * Tab 7: a click on an earlier page (a1), then the order flow (a2 load … a7 click) whose click
 * fails; tab 8: one action and an older error.
 */
function store(capacities = DEFAULT_CAPACITIES): InMemoryCaptureStore {
  const capture = new InMemoryCaptureStore(capacities);
  const earlier: ActionEntry = {
    ts: T - 10_000,
    tab_id: 7,
    by: 'human',
    type: 'click',
    url: `${ORIGIN}/app/index.html`,
    locator: "getByRole('link', { name: 'Order' })",
  };
  capture.append('actions', [earlier, ...orderFlow(ORIGIN, 7, T).map((step) => step.action)]);
  capture.append('actions', [
    { ts: T - 5_000, tab_id: 8, by: 'human', type: 'click', url: `${ORIGIN}/other`, locator: "getByTestId('x')" },
  ]);
  capture.append('logs', [
    { ts: T - 4_000, tab_id: 8, level: 'error', source: 'console', url: `${ORIGIN}/other`, message: 'other tab' },
  ]);
  // The browser's own favicon request after the load: no test sees it.
  capture.append('network', [
    { ...failedOrder, ts: T + 100, method: 'GET', url: `${ORIGIN}/favicon.ico`, status: 404, type: 'other' },
  ]);
  capture.append('network', [failedOrder]);
  capture.append('logs', [typeError]);
  return capture;
}

/** Commands as the tracker knows them: corr-1 finished 3.5 s after T. */
const commands = { finishedAt: (id: string) => (id === 'corr-1' ? T + 3_500 : undefined) } as unknown as CorrelationTracker;

const reproduce = (input: GetReproductionInput = {}, capture = store()) =>
  new GetReproduction(capture, commands, 60_000).execute(input);

describe('GetReproduction', () => {
  it('by default runs from the last full load before the latest error to the tab’s latest action, expecting the errors', () => {
    const answer = reproduce();
    expect(JSON.parse(JSON.stringify(answer))).to.deep.equal({
      from: 'a2',
      to: 'a7',
      actions: 6,
      expect: 'errors',
      file_name: 'reproduce-a2-a7.spec.ts',
    });
    const file = attachedText(answer) as string;
    expect(syntaxErrors(file)).to.deep.equal([]);
    expect(file).to.include("await page.goto(new URL('/app/order.html', origin).href);");
    expect(file).to.include("answer(page, 'POST', '/api/orders'),");
    expect(file).to.include(`toContainEqual(expect.stringContaining("Cannot read properties of undefined (reading 'id')"))`);
    expect(file).to.include("toContainEqual('POST /api/orders 500')");
    expect(file).not.to.include('/app/index.html');
    expect(file, "the browser's own favicon request").not.to.include('favicon');
  });

  it('looks for a console error by its recorded arguments, as Playwright prints them (directives as written)', () => {
    const capture = store();
    capture.append('logs', [
      {
        ...typeError,
        ts: T + 5_040,
        source: 'console',
        message: 'failed sync after 3 tries',
        args: ['failed %s after %d tries', 'sync', 3],
      },
    ]);
    expect(attachedText(reproduce({}, capture))).to.include(
      "toContainEqual(expect.stringContaining('failed %s after %d tries sync 3'))",
    );
  });

  it('takes from and to as given, and expects no errors when nothing went wrong in the range', () => {
    const answer = reproduce({ from: 'a3', to: 'a5' });
    expect(JSON.parse(JSON.stringify(answer))).to.deep.include({
      from: 'a3',
      to: 'a5',
      actions: 3,
      expect: 'no_errors',
      file_name: 'regression-a3-a5.spec.ts',
    });
    expect(attachedText(answer)).to.include("expect(errors, 'console errors and uncaught exceptions').toEqual([]);");
  });

  it('writes the regression test of a failing range when asked', () => {
    const answer = reproduce({ expect: 'no_errors' });
    expect(answer.expect).to.equal('no_errors');
    expect(attachedText(answer)).to.include("expect(failed, 'failed requests of the app').toEqual([]);");
  });

  it('writes plain steps', () => {
    const answer = reproduce({ format: 'steps' });
    expect(answer.file_name).to.equal('steps-a2-a7.txt');
    expect(attachedText(answer)).to.match(/^6\. Click button "Place order" \(POST \/api\/orders 500\)$/m);
  });

  it('reads the tab of tab_id, and of from or to', () => {
    expect(reproduce({ tabId: 8 }).to).to.equal('a8');
    expect(reproduce({ to: 'a8' }).from).to.equal('a8');
  });

  it('refuses from after to, naming both', () => {
    expect(expectDomainError(() => reproduce({ from: 'a5', to: 'a3' }), 'invalid_params').message).to.include(
      'from (a5) comes after to (a3)',
    );
  });

  it('names an unknown action, an evicted one and an id that is not an action’s', () => {
    expect(expectDomainError(() => reproduce({ from: 'a99' }), 'unknown_entry').message).to.include('a99');
    const small = store({ ...DEFAULT_CAPACITIES, actions: 3 });
    expect(expectDomainError(() => reproduce({ from: 'a2' }, small), 'entry_evicted').message).to.include('a2');
    expect(expectDomainError(() => reproduce({ to: 'l2' }), 'invalid_params').message).to.include('to must be an action id');
    expect(expectDomainError(() => reproduce({ from: 'nonsense' }), 'invalid_params').message).to.include('"nonsense"');
  });

  it('refuses a range over two tabs, and from or to of another tab than tab_id', () => {
    expect(expectDomainError(() => reproduce({ from: 'a2', to: 'a8' }), 'invalid_params').message).to.include(
      'different tabs (7 and 8)',
    );
    expect(expectDomainError(() => reproduce({ from: 'a2', tabId: 8 }), 'invalid_params').message).to.include(
      'a2 happened in tab 7, not in tab_id 8',
    );
  });

  it('says there is nothing to reproduce in a tab with no recorded action', () => {
    expect(expectDomainError(() => reproduce({ tabId: 9 }), 'no_actions').message).to.include('tab 9');
    expect(expectDomainError(() => reproduce({}, new InMemoryCaptureStore()), 'no_actions').message).to.include('any tab');
  });

  it('refuses expect "errors" on a range where nothing went wrong', () => {
    expect(expectDomainError(() => reproduce({ from: 'a3', to: 'a5', expect: 'errors' }), 'invalid_params').message).to.include(
      'nothing went wrong in a3 to a5',
    );
  });

  it('refuses a range of more than 200 actions, saying where one that fits starts', () => {
    const capture = new InMemoryCaptureStore();
    capture.append(
      'actions',
      Array.from({ length: 250 }, (_, i): ActionEntry => ({
        ts: T + i,
        tab_id: 1,
        by: 'human',
        type: 'click',
        url: `${ORIGIN}/`,
        locator: "getByTestId('x')",
      })),
    );
    expect(expectDomainError(() => reproduce({}, capture), 'invalid_params').message).to.include('from: "a51"');
    expect(reproduce({ from: 'a51' }, capture).actions).to.equal(200);
  });

  it("counts what an agent's action caused until its command ended, past 2 s", () => {
    const capture = new InMemoryCaptureStore();
    capture.append('actions', [
      { ts: T, tab_id: 1, by: 'agent', type: 'click', url: `${ORIGIN}/`, locator: "getByTestId('go')", correlation_id: 'corr-1' },
    ]);
    capture.append('logs', [{ ...typeError, tab_id: 1, ts: T + 3_000 }]);
    const answer = reproduce({}, capture);
    expect(answer.expect).to.equal('errors');
    expect(attachedText(answer)).to.include('// a1: click (by the agent)');
  });
});
