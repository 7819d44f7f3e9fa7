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

interface Options {
  /** The daemon's answer to each claim, in turn (an Error: it could not be reached); the last repeats. */
  claims?: Array<boolean | Error>;
  recall?: () => Promise<unknown>;
  /** How long each claim's answer takes (ms of the fake clock). */
  claimMs?: number;
  /** Whether the browser is stopping the worker when a command fails (no, by default). */
  stopping?: (error: unknown) => Promise<boolean>;
}

function setup(execute: (signal: AbortSignal) => Promise<unknown>, options: Options = {}) {
  const clock = createClock(0);
  const posted: Array<ResultBody & { at: number }> = [];
  const claimedAt: number[] = [];
  let runs = 0;
  let recalls = 0;
  const answers = options.claims ?? [true];
  const runner = new CommandRunner({
    claim: async () => {
      const answer = answers[Math.min(claimedAt.length, answers.length - 1)] as boolean | Error;
      claimedAt.push(clock.now);
      if (options.claimMs !== undefined) await later(clock, options.claimMs, undefined);
      if (answer instanceof Error) throw answer;
      return answer;
    },
    execute: (_q, _deadline, signal) => {
      runs++;
      return execute(signal);
    },
    recall: () => {
      recalls++;
      return options.recall === undefined ? Promise.reject(new Error('no recall')) : options.recall();
    },
    post: async (body) => void posted.push({ ...body, at: clock.now }),
    stopping: options.stopping ?? (async () => false),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle as number),
    now: () => clock.now,
  });
  return { clock, posted, runner, runs: () => runs, recalls: () => recalls, claimedAt };
}

const later = (clock: ReturnType<typeof createClock>, ms: number, value: unknown) =>
  new Promise((resolve) => clock.setTimeout(() => resolve(value), ms));

describe('extension CommandRunner (seed 001 protocol, claimed before it runs)', () => {
  it('posts only the final status for a fast command (its claim was the acknowledgement)', async () => {
    const { clock, posted, runner, claimedAt } = setup(() => later(clock, 20, { success: true, data: 'ok' }));
    const done = runner.run(query());
    await clock.tickAsync(20);
    await done;
    expect(claimedAt).to.deep.equal([0]);
    expect(posted).to.deep.equal([
      { correlation_id: 'corr-1-aaaaaaaa', status: 'complete', result: { success: true, data: 'ok' }, at: 20 },
    ]);
  });

  it('posts no pending of its own for a slow command: the claim before it started acknowledged it', async () => {
    const { clock, posted, runner, claimedAt } = setup(() => later(clock, 2_500, { success: true, data: 1 }));
    const done = runner.run(query());
    await clock.tickAsync(2_500);
    await done;
    expect(claimedAt).to.deep.equal([0]);
    expect(posted.map((p) => [p.status, p.at])).to.deep.equal([['complete', 2_500]]);
  });

  it('runs a command the daemon claimed for it as it pushed it (claimed) at once, with no claim of its own, a screenshot too', async () => {
    for (const type of ['execute_js', 'screenshot']) {
      const { clock, posted, runner, runs, claimedAt } = setup(() => later(clock, 5, { success: true, data: type }), {
        claims: [false],
      });
      const done = runner.run({ ...query(), type, claimed: true });
      await clock.tickAsync(5);
      await done;
      expect([runs(), claimedAt.length], type).to.deep.equal([1, 0]);
      expect(
        posted.map((p) => [p.status, p.at]),
        type,
      ).to.deep.equal([['complete', 5]]);
    }
  });

  it('never starts a command the daemon did not give this worker (claim refused), and posts nothing', async () => {
    const { clock, posted, runner, runs } = setup(() => later(clock, 10, 1), { claims: [false] });
    await runner.run(query());
    await clock.tickAsync(10_000);
    expect(runs()).to.equal(0);
    expect(posted).to.deep.equal([]);
    expect(runner.active).to.equal(0);
  });

  it('starts a screenshot while its claim is in flight, and posts its result only once the claim is accepted', async () => {
    const startedAt: number[] = [];
    const { clock, posted, runner, claimedAt } = setup(
      () => {
        startedAt.push(clock.now);
        return later(clock, 10, { success: true, data: 'shot' });
      },
      { claimMs: 30 },
    );
    const done = runner.run({ ...query(), type: 'screenshot' });
    await clock.tickAsync(30);
    await done;
    expect([claimedAt, startedAt]).to.deep.equal([[0], [0]]);
    expect(posted.map((p) => [p.status, p.at])).to.deep.equal([['complete', 30]]);
  });

  it('stops a screenshot whose claim is refused while it runs, and posts nothing', async () => {
    let stopped = false;
    const { clock, posted, runner, runs } = setup(
      (signal) => {
        signal.addEventListener('abort', () => (stopped = true));
        return later(clock, 50, { success: true, data: 'shot' });
      },
      { claims: [false], claimMs: 5 },
    );
    const done = runner.run({ ...query(), type: 'screenshot' });
    await clock.tickAsync(5);
    expect([runs(), stopped]).to.deep.equal([1, true]);
    await clock.tickAsync(100);
    await done;
    expect(posted).to.deep.equal([]);
    expect(runner.active).to.equal(0);
  });

  it('claims again while the daemon cannot be reached, and runs once the claim is accepted', async () => {
    const { clock, posted, runner, runs, claimedAt } = setup(() => later(clock, 10, 'ran'), {
      claims: [new Error('fetch failed'), new Error('fetch failed'), true],
    });
    const done = runner.run(query());
    await clock.tickAsync(RUNNER.claimForMs);
    await done;
    expect(claimedAt).to.deep.equal([0, 50, 150]);
    expect(runs()).to.equal(1);
    expect(posted.map((p) => p.status)).to.deep.equal(['complete']);
  });

  it('gives the claim up within claimForMs of a daemon out of reach, and never runs the command', async () => {
    const { clock, posted, runner, runs, claimedAt } = setup(() => later(clock, 10, 1), { claims: [new Error('down')] });
    const done = runner.run(query());
    await clock.tickAsync(10_000);
    await done;
    expect(runs()).to.equal(0);
    expect(posted).to.deep.equal([]);
    expect(claimedAt.at(-1)).to.be.at.most(RUNNER.claimForMs);
    expect(claimedAt.length).to.be.at.least(5);
  });

  it('resumes a command its earlier worker claimed: reads what the page kept, never claims nor runs it', async () => {
    const kept = { success: true, data: 'ran once', note: 'kept' };
    const { clock, posted, runner, runs, recalls, claimedAt } = setup(() => later(clock, 10, 'again'), {
      recall: () => later(clock, 300, kept),
    });
    const done = runner.run({ ...query({ timeout_ms: 2_000 }), resume: true });
    await clock.tickAsync(300);
    await done;
    expect([runs(), recalls(), claimedAt.length]).to.deep.equal([0, 1, 0]);
    expect(posted).to.deep.equal([{ correlation_id: 'corr-1-aaaaaaaa', status: 'complete', result: kept, at: 300 }]);
  });

  it('reports a resumed command nothing kept as extension_restarted (it may have run), never as not run', async () => {
    const { clock, posted, runner, runs } = setup(() => later(clock, 10, 'again'), {
      recall: async () => {
        throw new CommandFailure('extension_restarted', 'nothing kept it');
      },
    });
    const done = runner.run({ ...query(), resume: true });
    await clock.tickAsync(0);
    await done;
    expect(runs()).to.equal(0);
    expect(posted).to.deep.equal([
      { correlation_id: 'corr-1-aaaaaaaa', status: 'error', error: 'extension_restarted', message: 'nothing kept it', at: 0 },
    ]);
  });

  it('ends a resumed command still running in the page at the time left of its limit, without a made-up number', async () => {
    const { clock, posted, runner } = setup(() => later(clock, 10, 'again'), { recall: () => later(clock, 60_000, 'late') });
    const done = runner.run({ ...query({ timeout_ms: 700 }), resume: true });
    await clock.tickAsync(700);
    await done;
    expect(posted).to.deep.equal([
      {
        correlation_id: 'corr-1-aaaaaaaa',
        status: 'timeout',
        error: 'execution_timeout',
        message: 'execute_js did not finish within its execution limit (timeout_ms); the page may still be running it',
        at: 700,
      },
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
    expect(posted).to.have.length(1); // the timeout: nothing after the final status
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

  it('posts nothing for a failure while the browser stops the worker (the daemon says extension_restarted), and the failure when it does not', async () => {
    for (const stopped of [true, false]) {
      const asked: unknown[] = [];
      const failure = new CommandFailure('tab_not_found', 'There is no tab 7');
      const { clock, posted, runner } = setup(
        async () => {
          throw failure;
        },
        { stopping: async (error) => (asked.push(error), stopped) },
      );
      const done = runner.run(query());
      await clock.tickAsync(0);
      await done;
      expect(asked).to.deep.equal([failure]);
      expect(posted.map((body) => body.error)).to.deep.equal(stopped ? [] : ['tab_not_found']);
    }
  });

  it('posts a completed result without asking whether the worker is stopping, and a failure when the asking fails', async () => {
    let asked = 0;
    const completed = setup(async () => ({ success: true, data: 1 }), { stopping: async () => (asked++, true) });
    const first = completed.runner.run(query());
    await completed.clock.tickAsync(0);
    await first;
    expect(asked).to.equal(0);
    expect(completed.posted.map((body) => body.status)).to.deep.equal(['complete']);
    const failed = setup(
      async () => {
        throw new CommandFailure('script_error', 'nope');
      },
      { stopping: async () => Promise.reject(new Error('no answer')) },
    );
    const second = failed.runner.run(query());
    await failed.clock.tickAsync(0);
    await second;
    expect(failed.posted.map((body) => body.error)).to.deep.equal(['script_error']);
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
