import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { CommandFailure, type Query, type ResultBody } from '../../../extension/src/shared/commands.js';
import { CommandRunner, RUNNER } from '../../../extension/src/worker/CommandRunner.js';

const query = (params: Record<string, unknown> = {}, id = 'corr-1-aaaaaaaa'): Query => ({
  id: 'q-1',
  correlation_id: id,
  type: 'execute_js',
  params: { timeout_ms: 5_000, ...params },
});

function setup(execute: (signal: AbortSignal) => Promise<unknown>) {
  const clock = createClock(0);
  const posted: Array<ResultBody & { at: number }> = [];
  let runs = 0;
  const runner = new CommandRunner({
    execute: (_q, _deadline, signal) => {
      runs++;
      return execute(signal);
    },
    post: async (body) => void posted.push({ ...body, at: clock.now }),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle as number),
    now: () => clock.now,
  });
  return { clock, posted, runner, runs: () => runs };
}

const later = (clock: ReturnType<typeof createClock>, ms: number, value: unknown) =>
  new Promise((resolve) => clock.setTimeout(() => resolve(value), ms));

describe('extension CommandRunner (seed 001 protocol)', () => {
  it('posts only the final status for a fast command (it is the acknowledgement)', async () => {
    const { clock, posted, runner } = setup(() => later(clock, 20, { success: true, data: 'ok' }));
    const done = runner.run(query());
    await clock.tickAsync(20);
    await done;
    expect(posted).to.deep.equal([
      { correlation_id: 'corr-1-aaaaaaaa', status: 'complete', result: { success: true, data: 'ok' }, at: 20 },
    ]);
  });

  it('acknowledges a slower command with pending after 1 s, then posts its result', async () => {
    const { clock, posted, runner } = setup(() => later(clock, 2_500, { success: true, data: 1 }));
    const done = runner.run(query());
    await clock.tickAsync(2_500);
    await done;
    expect(posted.map((p) => [p.status, p.at])).to.deep.equal([
      ['pending', RUNNER.ackAfterMs],
      ['complete', 2_500],
    ]);
  });

  it('posts timeout at the execution limit with a clear message, and aborts the work', async () => {
    let aborted = false;
    const { clock, posted, runner } = setup((signal) => {
      signal.addEventListener('abort', () => (aborted = true));
      return later(clock, 60_000, 'never');
    });
    const done = runner.run(query({ timeout_ms: 3_000 }));
    await clock.tickAsync(3_000);
    await done;
    const final = posted.at(-1);
    expect(final).to.deep.equal({
      correlation_id: 'corr-1-aaaaaaaa',
      status: 'timeout',
      error: 'execution_timeout',
      message: 'execute_js did not finish within its 3000 ms execution limit (timeout_ms); the page may still be running it',
      at: 3_000,
    });
    expect(aborted).to.equal(true);
    await clock.tickAsync(60_000);
    expect(posted).to.have.length(2); // pending, timeout: nothing after the final status
  });

  it('reports a page error as its code and sentence, once, with the stack frames as the only detail', async () => {
    const stack = 'TypeError: nope\n    at explode (http://localhost/app.js:3:9)\n    at http://localhost/app.js:5:1';
    const { clock, posted, runner } = setup(async () => {
      throw new CommandFailure('script_error', 'TypeError: nope', { name: 'TypeError', stack });
    });
    const done = runner.run(query());
    await clock.tickAsync(0);
    await done;
    expect(posted[0]).to.deep.equal({
      correlation_id: 'corr-1-aaaaaaaa',
      status: 'error',
      error: 'script_error',
      message: 'TypeError: nope',
      result: { stack: '    at explode (http://localhost/app.js:3:9)\n    at http://localhost/app.js:5:1' },
      at: 0,
    });
  });

  it('posts a failure the page marked as a timeout (wait_for) as status timeout', async () => {
    const { clock, posted, runner } = setup(async () => {
      throw new CommandFailure('wait_for_timeout', '"#x" did not become visible within 700 ms', { timeout: true });
    });
    const done = runner.run(query());
    await clock.tickAsync(0);
    await done;
    expect(posted[0]).to.deep.equal({
      correlation_id: 'corr-1-aaaaaaaa',
      status: 'timeout',
      error: 'wait_for_timeout',
      message: '"#x" did not become visible within 700 ms',
      at: 0,
    });
  });

  it('wraps unexpected errors as extension_error, naming the class the sentence lacks', async () => {
    const { clock, posted, runner } = setup(async () => {
      throw new TypeError('Could not establish connection');
    });
    const done = runner.run(query());
    await clock.tickAsync(0);
    await done;
    expect(posted[0]).to.include({ status: 'error', error: 'extension_error', message: 'Could not establish connection' });
    expect(posted[0]?.result).to.deep.equal({ name: 'TypeError' });
  });

  it('posts any code a failure carries, one it has never heard of too (dialog_open, ambiguous_selector)', async () => {
    for (const code of ['dialog_open', 'ambiguous_selector']) {
      const { clock, posted, runner } = setup(async () => {
        throw new CommandFailure(code, 'what to do');
      });
      const done = runner.run(query());
      await clock.tickAsync(0);
      await done;
      expect(posted[0]).to.deep.equal({
        correlation_id: 'corr-1-aaaaaaaa',
        status: 'error',
        error: code,
        message: 'what to do',
        at: 0,
      });
    }
  });

  it('never runs the same correlation id twice at once', async () => {
    const { clock, runner, runs } = setup(() => later(clock, 100, 1));
    const first = runner.run(query());
    const second = runner.run(query());
    expect(runner.active).to.equal(1);
    await clock.tickAsync(100);
    await Promise.all([first, second]);
    expect(runs()).to.equal(1);
    expect(runner.active).to.equal(0);
  });
});
