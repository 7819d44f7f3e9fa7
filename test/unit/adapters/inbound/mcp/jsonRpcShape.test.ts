import { expect } from 'chai';
import { checkMessage } from '../../../../../src/adapters/inbound/mcp/bridge/jsonRpcShape.js';

describe('checkMessage (JSON-RPC 2.0 shapes the bridge passes on)', () => {
  for (const valid of [
    { jsonrpc: '2.0', id: 1, method: 'ping' },
    { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'observe' } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', method: 'x', params: [1] },
    { jsonrpc: '2.0', id: 7, result: {} },
    { jsonrpc: '2.0', id: 7, result: null },
    { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
  ]) {
    it(`passes on ${JSON.stringify(valid)}`, () => expect(checkMessage(valid)).to.deep.equal({ ok: true, message: valid }));
  }

  for (const [value, id] of [
    [1, null],
    [null, null],
    ['ping', null],
    [{ jsonrpc: '2.0', id: 4 }, 4],
    [{ jsonrpc: '2.0', id: 'q' }, 'q'],
    [{ jsonrpc: '2.0', id: 5, result: 1, error: { code: 1, message: 'm' } }, 5],
    [{ jsonrpc: '2.0', id: 6, error: 'bad' }, 6],
    [{ jsonrpc: '2.0', id: 6, error: { code: 1.5, message: 'm' } }, 6],
    [{ jsonrpc: '1.0', id: 8, method: 'ping' }, 8],
    [{ id: 9, method: 'ping' }, 9],
    [{ jsonrpc: '2.0', id: 10, method: 42 }, 10],
    [{ jsonrpc: '2.0', id: 11, method: 'x', params: 'y' }, 11],
    [{ jsonrpc: '2.0', id: 12, method: 'x', params: null }, 12],
    [{ jsonrpc: '2.0', id: { nested: 1 }, method: 'ping' }, null],
    [{ jsonrpc: '2.0', id: [1] }, null],
    [{ jsonrpc: '2.0' }, null],
    [{ jsonrpc: '2.0', result: {} }, null],
  ] as const) {
    it(`refuses ${JSON.stringify(value)} as Invalid Request with id ${JSON.stringify(id)}`, () => {
      const checked = checkMessage(value);
      expect(checked.ok).to.equal(false);
      expect(checked.ok ? undefined : checked.id).to.equal(id);
    });
  }
});
