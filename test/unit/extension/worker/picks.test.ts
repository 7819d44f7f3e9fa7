import { expect } from 'chai';
import { PICKS } from '../../../../extension/src/worker/actions/picks.js';
import type { Pointing } from '../../../../extension/src/worker/Pointing.js';
import { commandTools } from '../support/commandTools.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe('worker actions: the pick family', () => {
  let fake: FakeChrome;
  beforeEach(() => (fake = fakeChrome({ tabs: [{ id: 1 }] }).install()));
  afterEach(() => fake.uninstall());

  it("lets the person point with the agent's prompt, hands the pick over first, then answers picked", async () => {
    const asked: unknown[] = [];
    const picked: unknown[] = [];
    const pointing = {
      point: async (tabId: number, start: Record<string, unknown>) => (
        asked.push([tabId, start.via, start.prompt, start.correlationId, typeof start.limitMs]),
        { id: 'pick' }
      ),
    } as unknown as Pointing;
    const { tools } = commandTools({ type: 'pick', params: { prompt: 'Which total?' } }, { pointing });
    const withHook = commandTools(
      { type: 'pick', params: { prompt: 'Which total?' } },
      { pointing, page: { ...tools.page, picked: (pick) => void picked.push(pick) } },
    );
    expect(await PICKS.pick(withHook.tools)).to.deep.equal({ success: true, data: { picked: true } });
    expect(asked).to.deep.equal([[1, 'agent', 'Which total?', 'corr-1-00000000', 'number']]);
    expect(picked).to.deep.equal([{ id: 'pick' }]);
  });

  it('says unknown_action in an extension that cannot point', async () => {
    expect(await PICKS.pick(commandTools({ type: 'pick' }).tools).catch((error: unknown) => error)).to.deep.include({
      code: 'unknown_action',
    });
  });
});
