import { expect } from 'chai';
import { heapAfterGc } from '../../support/heap.js';
import { startHarness, type Harness } from '../../support/daemonHarness.js';

/**
 * A bridge's MCP session lives as long as its agent, so nothing may pile up per call (docs/security.md).
 * The SDK's JSON-response mode kept ≈ 5 KB per call until the session ended (two 30 s floods
 * took the daemon from 92 to 662 MB); 3 000 calls made that +15 MB.
 */
describe('memory of one long MCP session', function () {
  this.timeout(60_000);
  let h: Harness;

  before(async () => {
    h = await startHarness();
  });
  after(async () => h.stop());

  it('stays flat over 3 000 calls of ping, observe and configure (was +15 MB)', async () => {
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${h.token}`,
    };
    const init = await fetch(`${h.base}/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'memory', version: '1' } },
      }),
    });
    await init.text();
    const session = {
      ...headers,
      'mcp-session-id': init.headers.get('mcp-session-id') as string,
      'mcp-protocol-version': '2025-06-18',
    };
    let id = 1;
    const bodies = [
      () => ({ jsonrpc: '2.0', id: id++, method: 'ping' }),
      () => ({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name: 'observe', arguments: { what: 'errors' } } }),
      () => ({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name: 'configure', arguments: { action: 'health' } } }),
    ];
    const calls = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const response = await fetch(`${h.base}/mcp`, {
          method: 'POST',
          headers: session,
          body: JSON.stringify(bodies[i % 3]!()),
        });
        await response.text();
      }
    };
    await calls(600); // warm up: compiled code, pools, caches
    const before = heapAfterGc();
    await calls(3_000);
    const growth = heapAfterGc() - before;
    expect(growth, `heap grew ${growth.toFixed(2)} MB`).to.be.below(3);
  });
});
