import { expect } from 'chai';
import { READING } from '../../../../extension/src/worker/actions/reading.js';
import type { CommandTools } from '../../../../extension/src/worker/actions/WorkerHandler.js';
import type { PageOutcome } from '../../../../extension/src/shared/commands.js';
import { commandTools } from '../support/commandTools.js';
import { type FakeChrome, fakeChrome, type Injection } from '../support/fakeChrome.js';

const answering = (...outcomes: PageOutcome[]): Partial<CommandTools> => ({
  callInPage: async () => outcomes.shift() as PageOutcome,
});

describe("worker actions: the reading family's worker side (snapshot's frames, audit's axe-core)", () => {
  let fake: FakeChrome;
  afterEach(() => fake.uninstall());

  it("fills each cross-origin frame's line of a snapshot with that frame's own snapshot, its refs naming the frame", async () => {
    fake = fakeChrome({
      tabs: [{ id: 1 }],
      inject: (injection: Injection) =>
        injection.func === undefined
          ? [{ frameId: 0 }]
          : [
              { frameId: 0, result: null },
              { frameId: 5, result: { url: 'https://pay.test/', snapshot: '- button "Pay" [ref=e1]' } },
            ],
    }).install();
    const { tools } = commandTools(
      { type: 'snapshot' },
      answering({ ok: true, data: { snapshot: '- iframe "Pay" [ref=e4]', frames: [{ ref: 'e4', src: 'https://pay.test/' }] } }),
    );
    const result = (await READING.snapshot?.(tools)) as { data: { snapshot: string } };
    expect(result.data.snapshot).to.include('- iframe "Pay" [ref=e4]').and.include('button "Pay" [ref=f5e1]');
  });

  it("keeps a frame's one line and says why when the frames cannot be asked", async () => {
    fake = fakeChrome({
      tabs: [{ id: 1 }],
      inject: () => {
        throw new Error('Cannot access contents of the page');
      },
    }).install();
    const { tools } = commandTools(
      { type: 'snapshot' },
      answering({ ok: true, data: { snapshot: '- iframe [ref=e4]', frames: [{ ref: 'e4', src: 'https://pay.test/' }] } }),
    );
    const result = (await READING.snapshot?.(tools)) as { data: { snapshot: string; note: string } };
    expect(result.data).to.deep.equal({
      snapshot: '- iframe [ref=e4]',
      note: 'cross-origin frames are not shown: Cannot access contents of the page',
    });
  });

  it('names the frame in the refs of a snapshot taken inside a cross-origin frame', async () => {
    fake = fakeChrome({ tabs: [{ id: 1 }] }).install();
    const { tools } = commandTools(
      { type: 'snapshot', params: { ref: 'f3e2' } },
      answering({ ok: true, data: { snapshot: '- link "A" [ref=e7]' } }),
    );
    expect(((await READING.snapshot?.(tools)) as { data: { snapshot: string } }).data.snapshot).to.equal('- link "A" [ref=f3e7]');
  });

  it('loads axe-core into the frame when the page has none, runs the audit again, and logs its violations', async () => {
    fake = fakeChrome({ tabs: [{ id: 1 }] }).install();
    const violations = [{ rule: 'image-alt', impact: 'critical', help: 'alt', count: 1, nodes: [] }];
    const { tools, log } = commandTools(
      { type: 'audit' },
      answering(
        { ok: false, code: 'axe_missing', message: 'no axe' },
        { ok: true, data: { url: 'http://localhost:5173/', violations } },
      ),
    );
    expect(await READING.audit?.(tools)).to.deep.equal({ success: true, data: { url: 'http://localhost:5173/', violations } });
    expect(fake.calls).to.include('scripting.executeScript({"tabId":1}, "ISOLATED", ["axe.js"])');
    expect(log).to.include('audited 1 http://localhost:5173/ 1');
  });
});
