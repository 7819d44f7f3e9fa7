import { expect } from 'chai';
import type { ReplayStep } from '../../../src/domain/wire/replay.js';
import { REPLAY } from '../../../src/domain/wire/replay.js';
import { fit, MAX_STEPS_CHARS, replay, type ReplayPorts, zeros } from '../../../extension/src/worker/replay.js';
import { CommandFailure } from '../../../extension/src/shared/commands.js';

/** Ports on a clock the test moves: each step takes `stepMs`; sleeping moves the clock. */
function ports(
  options: { stepMs?: number; fail?: Record<string, CommandFailure>; effects?: Record<string, object>; urls?: string[] } = {},
) {
  let now = 0;
  const ran: Array<{ type: string; params: Record<string, unknown> }> = [];
  const urls = [...(options.urls ?? [])];
  const fake: ReplayPorts = {
    run: async (type, params) => {
      ran.push({ type, params });
      now += options.stepMs ?? 300;
      const key = String(params.selector ?? params.url ?? type);
      const failure = options.fail?.[key];
      if (failure !== undefined) throw failure;
      const effects = options.effects?.[key];
      return { success: true, data: { done: type, ...(effects === undefined ? {} : { effects }) } };
    },
    url: async () => (urls.length > 1 ? urls.shift() : urls[0]),
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
  return { fake, ran, at: () => now };
}

const load: ReplayStep = { id: 'load', type: 'navigate', params: { url: 'http://localhost/cart' } };
const save: ReplayStep = {
  id: 'a2',
  type: 'click',
  params: { selector: '#save' },
  locator: "getByRole('button', { name: 'Save', exact: true })",
};

async function failure(promise: Promise<unknown>): Promise<CommandFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(CommandFailure);
    return error as CommandFailure;
  }
  return expect.fail('expected the replay to fail');
}

describe('extension replay: the steps, in order, with the actions’ own handlers (docs/mcp-tools.md)', () => {
  it("runs each step as its command with the replay's settle_ms and answers each step's id, ok and effects", async () => {
    const { fake, ran } = ports({ effects: { '#save': { errors: [{ message: 'TypeError: x', at: 'src/a.ts:1:2' }] } } });
    const result = await replay({ steps: [load, save], settle_ms: 500 }, 60_000, fake);
    expect(ran).to.deep.equal([
      { type: 'navigate', params: { url: 'http://localhost/cart', settle_ms: 500 } },
      { type: 'click', params: { selector: '#save', settle_ms: 500 } },
    ]);
    expect(result).to.deep.equal({
      success: true,
      data: {
        steps: [
          { id: 'load', ok: true },
          { id: 'a2', ok: true, effects: { errors: [{ message: 'TypeError: x', at: 'src/a.ts:1:2' }] } },
        ],
      },
    });
  });

  it('stops at the first step that fails with replay_step_failed, naming the step and its locator, the steps before in the details', async () => {
    const gone = new CommandFailure('element_not_found', 'No element matches "#save" (waited 2000 ms)');
    const after: ReplayStep = { id: 'a3', type: 'click', params: { selector: '#next' } };
    const { fake, ran } = ports({ fail: { '#save': gone } });
    const error = await failure(replay({ steps: [load, save, after] }, 60_000, fake));
    expect(error.code).to.equal('replay_step_failed');
    expect(error.message).to.equal(
      `Step a2 (click getByRole('button', { name: 'Save', exact: true })) failed: No element matches "#save" (waited 2000 ms)`,
    );
    expect(error.details.data).to.deep.equal({
      failed_step: 'a2',
      error: 'element_not_found',
      steps: [{ id: 'load', ok: true }],
    });
    expect(ran.map((step) => step.type)).to.deep.equal(['navigate', 'click']);
  });

  it('stops before a step the time left cannot hold, with replay_timeout and the steps done', async () => {
    const { fake, ran } = ports({ stepMs: 1_000 });
    const deadline = 1_000 + REPLAY.elementStartMs - 1;
    const error = await failure(replay({ steps: [load, save] }, deadline, fake));
    expect(error.code).to.equal('replay_timeout');
    expect(error.details.timeout).to.equal(true);
    expect(error.message).to.match(/before step a2 \(1 of 2 steps done\)/);
    expect(error.details.data).to.deep.equal({ stopped_at: 'a2', steps: [{ id: 'load', ok: true }] });
    expect(ran).to.have.length(1);
  });

  it('does not run a caused step: a navigation the step before made is ok at once', async () => {
    const { fake, ran } = ports({ effects: { '#save': { navigated_to: 'http://localhost/done' } } });
    const caused: ReplayStep = {
      id: 'a3',
      type: 'caused',
      params: { url: 'http://localhost/done' },
      caused_by: 'a2',
      navigates: true,
    };
    const result = (await replay({ steps: [load, save, caused] }, 60_000, fake)) as { data: { steps: unknown[] } };
    expect(result.data.steps[2]).to.deep.equal({ id: 'a3', ok: true, caused_by: 'a2' });
    expect(ran).to.have.length(2);
  });

  it('waits briefly for a caused navigation to reach its url, and says so when it does not (without stopping)', async () => {
    const later: ReplayStep = {
      id: 'a3',
      type: 'caused',
      params: { url: 'http://localhost/b' },
      caused_by: 'a2',
      navigates: true,
    };
    const arrives = ports({ urls: ['http://localhost/a', 'http://localhost/a', 'http://localhost/b'] });
    const ok = (await replay({ steps: [load, save, later] }, 60_000, arrives.fake)) as { data: { steps: unknown[] } };
    expect(ok.data.steps[2]).to.deep.equal({ id: 'a3', ok: true, caused_by: 'a2' });

    const never = ports({ urls: ['http://localhost/a'] });
    const started = never.at();
    const result = (await replay({ steps: [load, save, later, { ...save, id: 'a4' }] }, 60_000, never.fake)) as {
      data: { steps: unknown[] };
    };
    expect(result.data.steps[2]).to.deep.equal({
      id: 'a3',
      ok: false,
      caused_by: 'a2',
      note: 'the page did not go to http://localhost/b after a2',
    });
    expect(result.data.steps).to.have.length(4);
    expect(never.at() - started).to.be.within(2_000, 3_000); // 2 steps and a 2 s look
  });

  it('uploads generated files of the recorded names and sizes, at most 5 MB in all', async () => {
    const { fake, ran } = ports();
    const upload: ReplayStep = {
      id: 'a2',
      type: 'upload',
      params: {
        selector: '#cv',
        files: [
          { name: 'cv.pdf', size: 4, type: 'application/pdf' },
          { name: 'big.bin', size: 6 * 1024 * 1024 },
        ],
      },
    };
    const result = (await replay({ steps: [load, upload] }, 60_000, fake)) as { data: { steps: unknown[] } };
    const files = ran[1]?.params.files as Array<{ name: string; mime_type?: string; content_base64: string }>;
    expect(files.map((file) => [file.name, file.mime_type, Buffer.from(file.content_base64, 'base64').length])).to.deep.equal([
      ['cv.pdf', 'application/pdf', 4],
      ['big.bin', undefined, REPLAY.maxUploadBytes - 4],
    ]);
    expect(result.data.steps[1]).to.deep.include({ note: `the files were cut to ${REPLAY.maxUploadBytes} bytes in all` });
  });

  it('writes base64 of zero bytes for every size', () => {
    for (const size of [0, 1, 2, 3, 4, 5, 1000]) expect(Buffer.from(zeros(size), 'base64')).to.deep.equal(Buffer.alloc(size));
  });

  it('refuses steps it does not know (an older extension), saying to update', async () => {
    const { fake } = ports();
    const error = await failure(replay({ steps: [{ id: 'a1', type: 'hover', params: {} }] }, 60_000, fake));
    expect(error.code).to.equal('invalid_params');
    expect(error.message).to.match(/update the extension/);
  });

  it('keeps the steps within their budget: requests go first, then all but errors, then the list is cut', () => {
    const request = { method: 'GET', url: `http://localhost/${'x'.repeat(250)}`, status: 200, duration_ms: 3 };
    const step = (i: number) => ({
      id: `a${i}`,
      ok: true,
      effects: { requests: Array.from({ length: 10 }, () => request), errors: [{ message: 'E' }], settled: true },
    });
    const many = Array.from({ length: 30 }, (_, i) => step(i));
    const lean = fit(many);
    expect(JSON.stringify(lean.steps).length).to.be.at.most(MAX_STEPS_CHARS);
    expect(lean.steps[0]?.effects).to.deep.equal({ errors: [{ message: 'E' }], settled: true, more: { requests: 10 } });
    const huge = fit(Array.from({ length: 2_000 }, (_, i) => step(i)));
    expect(huge.truncated).to.equal(true);
    expect(huge.steps[0]).to.deep.equal({ id: 'a0', ok: true, effects: { errors: [{ message: 'E' }] } });
    expect(JSON.stringify(huge.steps).length).to.be.at.most(MAX_STEPS_CHARS);
    expect(fit([{ id: 'a1', ok: true }])).to.deep.equal({ steps: [{ id: 'a1', ok: true }] });
  });

  it('goes back and forward by the page’s own history, which skips no entry a replayed click pushed', async () => {
    const { fake, ran } = ports();
    const back: ReplayStep = { id: 'a3', type: 'back', params: {} };
    const forward: ReplayStep = { id: 'a4', type: 'forward', params: {} };
    await replay({ steps: [load, save, back, forward] }, 60_000, fake);
    expect(ran.map((step) => [step.type, step.params.in_page])).to.deep.equal([
      ['navigate', undefined],
      ['click', undefined],
      ['back', true],
      ['forward', true],
    ]);
  });
});
