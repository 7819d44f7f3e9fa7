import { expect } from 'chai';
import { logEntry, payload, startHarness, type Harness } from '../../support/daemonHarness.js';

describe('lists say how many values were redacted (docs/security.md)', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => h.stop());

  it('counts the secrets removed from the returned entries in `redacted`, compact and full', async () => {
    await h
      .extension()
      .send('/logs', [
        logEntry({ level: 'error', message: 'login failed for Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345', ts: 1 }),
        logEntry({ level: 'error', message: 'nothing secret here', ts: 2 }),
      ]);
    const client = await h.client();
    const compact = payload(await client.callTool({ name: 'observe', arguments: { what: 'errors' } }));
    expect(compact.redacted).to.equal(1);
    const full = payload(await client.callTool({ name: 'observe', arguments: { what: 'errors', detail: 'full' } }));
    expect(full.redacted).to.equal(1);
  });
});
