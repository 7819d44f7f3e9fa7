import { expect } from 'chai';
import { SCRIPT } from '../../../../extension/src/worker/actions/script.js';
import { commandTools } from '../support/commandTools.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe('worker actions: the script family (execute_js)', () => {
  let fake: FakeChrome;
  beforeEach(() => (fake = fakeChrome({ tabs: [{ id: 1, url: 'http://localhost:5173/' }] }).install()));
  afterEach(() => fake.uninstall());

  it("runs the agent's script in the page's MAIN world by its page runner, remembered under the command, and drains", async () => {
    const calls: unknown[] = [];
    const { tools, log } = commandTools(
      { type: 'execute_js', params: { script: 'return 1 + 1' } },
      { callInPage: async (...args) => (calls.push(args.slice(1)), { ok: true, data: 2 }) },
    );
    expect(await SCRIPT.execute_js(tools)).to.deep.equal({ success: true, data: 2 });
    expect(calls).to.deep.equal([['MAIN', 'browsertap.run', 'page-runner.js', ['return 1 + 1'], 0, 'corr-1-00000000']]);
    expect(log).to.deep.equal(['pageTab', 'drain 1']);
  });

  it("fails as the page's script failed, its class in the sentence and its stack beside it", async () => {
    const { tools } = commandTools(
      { type: 'execute_js', params: { script: 'null.x' } },
      {
        callInPage: async () => ({
          ok: false,
          code: 'script_error',
          name: 'TypeError',
          message: 'null has no x',
          stack: 'at <anonymous>:1:5',
        }),
      },
    );
    const failure = await SCRIPT.execute_js(tools).catch((error: unknown) => error);
    expect(failure).to.deep.include({ code: 'script_error', message: 'TypeError: null has no x' });
    expect((failure as { details: unknown }).details).to.deep.equal({ name: 'TypeError', stack: 'at <anonymous>:1:5' });
  });
});
