import { expect } from 'chai';
import { domAction } from '../../../extension/src/inject/domActions.js';
import { BUS } from '../../../extension/src/shared/protocol.js';
import { type ActionPage, actionPage } from './support/actionPage.js';

type Data = { ok: true; data: Record<string, unknown> };

describe("pageCalls: the worker's own page calls (settle, measure)", () => {
  let page: ActionPage;
  afterEach(() => page.close());

  it("looks at a settling page: how long its DOM has been quiet, and the capture's open requests and timers", async () => {
    page = actionPage('<p id="p"></p>');
    page.document.addEventListener(BUS.inflight, () =>
      page.document.dispatchEvent(new page.window.CustomEvent(BUS.inflightCount, { detail: '2' })),
    );
    const since = Date.now();
    await domAction('click', { selector: '#nothing' }, 0, since).catch(() => undefined); // the action ran in this document
    const first = (await domAction('settle', { since }, 0)) as Data;
    expect(first.data).to.deep.include({ requests: 2 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(((await domAction('settle', { since }, 0)) as Data).data.quiet_ms).to.be.at.least(20);
    page.$('#p').textContent = 'changed';
    expect(((await domAction('settle', { since }, 0)) as Data).data.quiet_ms).to.be.below(20);
  });

  it("measures the viewport, the page and an element's box for a screenshot", async () => {
    page = actionPage('<div id="box" data-box="10 20 30 40"></div>');
    const measured = (await domAction('measure', { selector: '#box' }, 1_000)) as Data;
    expect(measured.data).to.deep.include({ box: { x: 10, y: 20, width: 30, height: 40 }, scroll: { x: 0, y: 0 } });
    expect(measured.data.viewport).to.have.keys('width', 'height');
  });
});
