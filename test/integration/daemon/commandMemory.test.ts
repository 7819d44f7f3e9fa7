import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { heapAfterGc } from '../../support/heap.js';
import { payload, startHarness, type Harness } from '../../support/daemonHarness.js';
import { QueueCommand } from '../../../src/application/commands/QueueCommand.js';

/** Just under upload's 5 MB of files, as base64 (≈ 6.7 MB of params). */
const FIVE_MB = Buffer.alloc(5 * 1024 * 1024 - 4096, 7).toString('base64');
const upload = {
  action: 'upload',
  selector: '#file',
  files: [{ name: 'big.bin', mime_type: 'application/octet-stream', content_base64: FIVE_MB }],
};

/**
 * Memory follows the work, not the failures (docs/security.md): a command's parameters are released when
 * it ends, however it ends, and no number of queued commands can make a poll fail. The daemon
 * runs on the fake clock: however long this machine takes over a poll of 16 MB, no deadline
 * passes (on the real clock, commands expired during slow polls and the test saw 182 ids of 200).
 */
describe('command memory', function () {
  this.timeout(120_000);
  let h: Harness;

  afterEach(async () => h.stop());

  it('keeps the heap flat over 100 failed 5 MB uploads (each was kept in the failed ring: +670 MB)', async () => {
    h = await startHarness({ fakeClock: true });
    const client: Client = await h.client();
    const extension = h.extension();
    const failOne = async () => {
      const queued = payload(await client.callTool({ name: 'interact', arguments: upload }));
      const [query] = await extension.poll();
      expect(query?.correlation_id).to.equal(queued.correlation_id);
      await extension.report(queued.correlation_id, 'error', { error: 'element_not_found: #file' });
    };
    for (let i = 0; i < 5; i++) await failOne(); // warm up
    const before = heapAfterGc();
    for (let i = 0; i < 100; i++) await failOne();
    const growth = heapAfterGc() - before;
    const failed = payload(await client.callTool({ name: 'observe', arguments: { what: 'failed_commands' } }));
    expect(failed.count).to.equal(100);
    expect(growth, `heap grew ${growth.toFixed(1)} MB`).to.be.below(40);
  });

  it('delivers 200 queued 5 MB uploads over several polls, each once to the live worker (one answer of them all failed: Invalid string length)', async () => {
    h = await startHarness({ fakeClock: true, rules: { maxInFlightPerClient: 200 } });
    // Queued in the daemon directly: 200 commands sharing one 6.7 MB string keep the test's own
    // memory small, while a poll answering them all at once would still be 1.4 GB of JSON.
    const queue = h.daemon.container.get(QueueCommand);
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { action, ...params } = upload;
      ids.add(queue.execute({ clientId: 'agent', action, params }).correlationId);
    }
    const extension = h.extension();
    const delivered: string[] = [];
    let polls = 0;
    while (delivered.length < 200 && polls < 400) {
      polls++;
      const queries = await extension.poll();
      for (const query of queries) {
        expect((query.params as { files: Array<{ content_base64: string }> }).files[0]?.content_base64.length).to.equal(
          FIVE_MB.length,
        );
        delivered.push(query.correlation_id);
      }
    }
    expect(new Set(delivered)).to.deep.equal(ids);
    expect(delivered, 'a delivered command is not delivered again to a live worker').to.have.length(200);
    expect(await extension.poll(), 'the same worker asking again gets nothing').to.deep.equal([]);
    expect(polls, 'one poll answer stays a size a poll can carry').to.be.at.least(20);
  });
});
