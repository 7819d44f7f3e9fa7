import { LoopbackHttp } from '../adapters/inbound/mcp/bridge/httpExchange.js';
import { PROTOCOL_VERSIONS } from '../adapters/inbound/mcp/serverIdentity.js';
import { VERSION } from './version.js';

/** The warm-up gives up past this (ms) per request: it only saves a first client some milliseconds. */
const WARM_UP_TIMEOUT_MS = 5_000;

/**
 * One MCP session through the daemon's own `/mcp`, as a client would run it: initialize,
 * tools/list, a `configure health` call, then DELETE. The first agent session on a daemon that
 * loaded its MCP side ahead of time found every code path on it still to be compiled (≈ 40 ms
 * more than the sessions after it; docs/benchmarks.md). It reads and changes nothing: the
 * session and its connections are gone when it returns.
 */
export async function warmMcp(port: number, token: string): Promise<void> {
  const http = new LoopbackHttp(`http://127.0.0.1:${port}/mcp`);
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const post = (head: Record<string, string>, message: object) =>
    http.send('POST', head, JSON.stringify(message), WARM_UP_TIMEOUT_MS);
  try {
    const init = await post(headers, {
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
      await post(session, { jsonrpc: '2.0', method: 'notifications/initialized' });
      await post(session, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
      await post(session, {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'configure', arguments: { action: 'health' } },
      });
    } finally {
      await http.send('DELETE', session, undefined, WARM_UP_TIMEOUT_MS);
    }
  } finally {
    http.close();
  }
}
