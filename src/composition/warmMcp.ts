import { request } from 'node:http';
import { PROTOCOL_VERSIONS } from '../adapters/inbound/mcp/serverIdentity.js';
import { VERSION } from './version.js';

/** The warm-up gives up past this (ms): it only saves a first client some milliseconds. */
const WARM_UP_TIMEOUT_MS = 5_000;

/**
 * One MCP session through the daemon's own `/mcp`, as a client would run it: initialize,
 * tools/list, a `configure health` call, then DELETE. The first agent session on a daemon that
 * loaded its MCP side ahead of time found every code path on it still to be compiled (≈ 50 ms
 * more than the sessions after it; docs/benchmarks.md). It reads and changes nothing: the
 * session is gone when it returns.
 */
export async function warmMcp(port: number, token: string): Promise<void> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const init = await exchange(port, 'POST', headers, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: PROTOCOL_VERSIONS[0],
      capabilities: {},
      clientInfo: { name: 'browsertap-warm-up', version: VERSION },
    },
  });
  const sessionId = init.headers['mcp-session-id'];
  if (init.status !== 200 || typeof sessionId !== 'string') throw new Error(`initialize answered ${init.status}`);
  const session = { ...headers, 'mcp-session-id': sessionId, 'mcp-protocol-version': PROTOCOL_VERSIONS[0] as string };
  try {
    await exchange(port, 'POST', session, { jsonrpc: '2.0', method: 'notifications/initialized' });
    await exchange(port, 'POST', session, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await exchange(port, 'POST', session, {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'configure', arguments: { action: 'health' } },
    });
  } finally {
    await exchange(port, 'DELETE', session);
  }
}

function exchange(
  port: number,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/mcp', method, headers, agent: false, timeout: WARM_UP_TIMEOUT_MS },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
