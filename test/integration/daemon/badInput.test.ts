import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { request } from 'node:http';
import { EXTENSION_HEADERS, logEntry, payload, startHarness, type Harness } from '../../support/daemonHarness.js';

/** Sends `size` bytes of body without a Content-Length (chunked), to hit the streaming limit. */
function chunkedPost(port: number, path: string, size: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...EXTENSION_HEADERS },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', (error) =>
      String(error).includes('EPIPE') || String(error).includes('ECONNRESET') ? undefined : reject(error),
    );
    const chunk = 'x'.repeat(64 * 1024);
    for (let sent = 0; sent < size; sent += chunk.length) req.write(chunk);
    req.end();
  });
}

describe('bad input: a clear answer, nothing half-stored, the daemon keeps serving', () => {
  let h: Harness;
  let client: Client;
  const tool = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    return { isError: result.isError === true, body: payload(result) };
  };

  before(async () => {
    h = await startHarness();
    client = await h.client();
  });

  after(async () => h.stop());

  afterEach(async () => {
    const health = await h.call('GET', '/health');
    expect(health.status, 'daemon still serving').to.equal(200);
  });

  describe('extension API', () => {
    it('malformed JSON → 400 invalid_json with the parser’s message', async () => {
      const response = await h.ext('POST', '/logs', '{"entries": [', { 'content-type': 'application/json' });
      expect(response.status).to.equal(400);
      expect(response.body.error).to.equal('invalid_json');
      expect(response.body.message).to.match(/not valid JSON/);
    });

    it('a declared body over 1 MB → 413 before it is read', async () => {
      const big = JSON.stringify({ entries: [logEntry({ message: 'y'.repeat(1_100_000) })] });
      const response = await h.ext('POST', '/logs', big);
      expect(response.status).to.equal(413);
      expect(response.body.error).to.equal('payload_too_large');
    });

    it('a streamed body passing 1 MB → 413', async () => {
      const response = await chunkedPost(h.port, '/logs', 2 * 1024 * 1024);
      expect(response.status).to.equal(413);
    });

    it('exactly 1 MB is still accepted', async () => {
      const padding = 1024 * 1024 - JSON.stringify({ entries: [logEntry({ message: '' })] }).length;
      const body = JSON.stringify({ entries: [logEntry({ message: 'm'.repeat(padding) })] });
      expect(Buffer.byteLength(body)).to.equal(1024 * 1024);
      expect((await h.ext('POST', '/logs', body)).body).to.include({ received: 1 });
    });

    it('wrong types inside entries → counted as rejected, never stored', async () => {
      const before = (await h.call('GET', '/health')).body.buffers.logs.size;
      const response = await h
        .extension()
        .send('/logs', [
          logEntry({ ts: 'yesterday' }),
          logEntry({ tab_id: 1.5 }),
          logEntry({ args: 'not-an-array' }),
          logEntry({ message: 42 }),
          { ...logEntry(), __proto__: { level: 'error' } },
          null,
          'text',
        ]);
      expect(response.body).to.include({ received: 1, rejected: 6 });
      expect((await h.call('GET', '/health')).body.buffers.logs.size).to.equal(before + 1);
    });

    it('a result for an unknown id → 200 accepted:false, a malformed result → 400', async () => {
      expect((await h.extension().report('corr-1-ffffffff', 'complete')).body).to.deep.equal({
        accepted: false,
        reason: 'unknown_correlation_id',
      });
      expect((await h.ext('POST', '/query-result', { correlation_id: 'x', status: 'done' })).status).to.equal(400);
      expect((await h.ext('POST', '/query-result', { status: 'complete' })).body.error).to.equal('invalid_body');
    });

    it('an unknown route → 404, a wrong method → 405', async () => {
      expect((await h.call('GET', '/nope')).body).to.include({ error: 'not_found' });
      expect((await h.ext('PUT', '/logs', { entries: [] })).status).to.equal(405);
    });
  });

  describe('MCP tools', () => {
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ['observe', { what: 'everything' }, 'unknown_action', /unknown what "everything"; one of: errors, logs/],
      ['observe', { what: 7 }, 'unknown_action', /unknown what 7/],
      ['observe', {}, 'invalid_params', /what is required/],
      ['observe', { what: 'logs', limit: 'ten' }, 'invalid_params', /limit/],
      ['observe', { what: 'logs', limit: 5000 }, 'invalid_params', /limit/],
      ['observe', { what: 'logs', limt: 3 }, 'invalid_params', /limt: not an argument of observe logs \(accepted: limit/],
      ['observe', { what: 'errors', min_level: 'warn' }, 'invalid_params', /min_level: not an argument of observe errors/],
      ['observe', { what: 'logs', min_level: 'loud' }, 'invalid_params', /min_level/],
      ['observe', { what: 'logs', wait_ms: 100 }, 'invalid_params', /wait_ms needs after_cursor/],
      ['observe', { what: 'command_result' }, 'invalid_params', /correlation_id/],
      ['observe', { what: 'command_result', correlation_id: 'corr-1-00000000' }, 'unknown_correlation_id', /corr-1-00000000/],
      // docs/mcp-tools.md and 9 arguments, each one step past its bound.
      ['observe', { what: 'logs', detail: 'fuller' }, 'invalid_params', /detail/],
      ['observe', { what: 'entry', id: `l${'1'.repeat(32)}` }, 'invalid_params', /id/],
      ['observe', { what: 'entry', id: `l${'9'.repeat(16)}` }, 'invalid_params', /not an entry id/],
      ['observe', { what: 'entry', id: 'l0' }, 'invalid_params', /not an entry id/],
      ['observe', { what: 'summary', after_cursor: 'x'.repeat(65) }, 'invalid_params', /after_cursor/],
      ['observe', { what: 'summary', after_cursor: 'abc.1' }, 'invalid_params', /not a cursor returned by observe summary/],
      ['interact', { action: 'click', selector: '#a', nth: 10_001 }, 'invalid_params', /nth/],
      ['interact', { action: 'click', selector: '#a', nth: -1 }, 'invalid_params', /nth/],
      ['interact', { action: 'click', selector: '#a', frame: 'f'.repeat(1_001) }, 'invalid_params', /frame/],
      ['interact', { action: 'press_key', key: 'k'.repeat(41) }, 'invalid_params', /key/],
      ['interact', { action: 'press_key', key: '' }, 'invalid_params', /key/],
      ['interact', { action: 'dialog' }, 'invalid_params', /accept/],
      ['interact', { action: 'dialog', accept: true, text: 'x'.repeat(10_001) }, 'invalid_params', /text/],
      ['interact', { action: 'teleport' }, 'unknown_action', /unknown action "teleport"/],
      ['interact', { action: 'execute_js' }, 'invalid_params', /script/],
      [
        'interact',
        { action: 'navigate', url: 'javascript:alert(1)' },
        'invalid_params',
        /url: must be an http\(s\), file or about: url/,
      ],
      ['interact', { action: 'click', selector: '' }, 'invalid_params', /selector/],
      ['interact', { action: 'refresh', timeout_ms: 60_001 }, 'invalid_params', /timeout_ms/],
      ['interact', { action: 'refresh', wait_ms: 15_001 }, 'invalid_params', /wait_ms/],
      ['interact', { action: 'scroll' }, 'invalid_params', /needs ref, selector, or x and\/or y/],
      ['interact', { action: 'click' }, 'invalid_params', /needs ref \(from snapshot\) or selector/],
      ['interact', { action: 'click', ref: 'e1', selector: '#a' }, 'invalid_params', /ref or selector, not both/],
      ['interact', { action: 'click', ref: 'e1', nth: 1 }, 'invalid_params', /a ref is one element/],
      [
        'interact',
        { action: 'click', ref: 'button' },
        'invalid_params',
        /ref: a ref from snapshot looks like e12 \(or f7e12 in a frame\)/,
      ],
      ['interact', { action: 'click', ref: 'e0' }, 'invalid_params', /ref/],
      ['interact', { action: 'click', ref: 'f0e1' }, 'invalid_params', /ref/],
      ['interact', { action: 'click', ref: 'f1e1x' }, 'invalid_params', /ref/],
      ['interact', { action: 'click', ref: `e${'9'.repeat(10)}` }, 'invalid_params', /ref/],
      ['interact', { action: 'click', selector: '#a', settle_ms: 10_001 }, 'invalid_params', /settle_ms/],
      ['interact', { action: 'click', selector: '#a', settle_ms: -1 }, 'invalid_params', /settle_ms/],
      ['interact', { action: 'hover', selector: '#a', settle_ms: 5 }, 'invalid_params', /settle_ms: not an argument/],
      ['interact', { action: 'snapshot', max_depth: 101 }, 'invalid_params', /max_depth/],
      ['interact', { action: 'snapshot', max_depth: 0 }, 'invalid_params', /max_depth/],
      ['interact', { action: 'drag', selector: '#a' }, 'invalid_params', /to_ref or to_selector/],
      ['interact', { action: 'drag', ref: 'e1', to_ref: 'e2', to_selector: '#b' }, 'invalid_params', /to_ref or to_selector/],
      ['interact', { action: 'upload', selector: '#f' }, 'invalid_params', /files/],
      ['interact', { action: 'upload', selector: '#f', files: [] }, 'invalid_params', /files/],
      [
        'interact',
        { action: 'upload', selector: '#f', files: [{ name: 'a', content_base64: 'not base64!' }] },
        'invalid_params',
        /content_base64: must be base64/,
      ],
      [
        'interact',
        { action: 'upload', selector: '#f', files: Array.from({ length: 21 }, () => ({ name: 'a', content_base64: '' })) },
        'invalid_params',
        /files/,
      ],
      [
        'interact',
        // Two files of 2.5 MB + 3 bytes each: one step past 5 MB in all.
        {
          action: 'upload',
          selector: '#f',
          files: [0, 1].map(() => ({ name: 'a', content_base64: 'A'.repeat(((2.5 * 1024 * 1024 + 3) / 3) * 4) })),
        },
        'invalid_params',
        /over 5242880 bytes in all/,
      ],
      [
        'interact',
        // One file of 5 MB + 1 byte (whole base64 quads, no padding): one byte past the limit.
        {
          action: 'upload',
          selector: '#f',
          files: [{ name: 'a', content_base64: Buffer.alloc(5 * 1024 * 1024 + 1).toString('base64') }],
        },
        'invalid_params',
        /the files are over 5242880 bytes in all/,
      ],
      [
        'interact',
        // One file of 5 MB + 2 bytes: past the longest base64 one file may have, the same sentence.
        {
          action: 'upload',
          selector: '#f',
          files: [{ name: 'a', content_base64: Buffer.alloc(5 * 1024 * 1024 + 2).toString('base64') }],
        },
        'invalid_params',
        /the files are over 5242880 bytes in all/,
      ],
      ['interact', { action: 'screenshot', full_page: true, selector: '#a' }, 'invalid_params', /not both/],
      ['interact', { action: 'audit', rules: ['Not A Rule'] }, 'invalid_params', /rules\.0: an axe-core rule id/],
      ['interact', { action: 'audit', rules: [] }, 'invalid_params', /rules/],
      ['configure', { action: 'explode' }, 'unknown_action', /unknown action/],
      ['configure', { action: 'store', key: '../../etc/passwd', data: 1 }, 'invalid_params', /not allowed/],
      ['configure', { action: 'store', key: '.hidden', data: 1 }, 'invalid_params', /not allowed/],
      ['configure', { action: 'store', key: 'a/b', data: 1 }, 'invalid_params', /not allowed/],
      ['configure', { action: 'store', key: 'k' }, 'invalid_params', /data/],
      ['configure', { action: 'store', key: 'big', data: 'q'.repeat(270_000) }, 'value_too_large', /limit is 262144 bytes/],
      ['configure', { action: 'load', key: 'never-stored' }, 'unknown_key', /never-stored/],
      ['configure', { action: 'noise', op: 'add', pattern: '(?<=a+)b' }, 'unsafe_pattern', /lookaround/],
      ['configure', { action: 'noise', op: 'add', pattern: 'a[abc]{40}$' }, 'unsafe_pattern', /too costly/],
      ['configure', { action: 'noise', op: 'add', pattern: 'x', category: 'cats' }, 'invalid_params', /category/],
      ['configure', { action: 'noise', op: 'wipe' }, 'invalid_params', /op/],
      ['configure', { action: 'clear', buffer: 'disk' }, 'invalid_params', /buffer must be one of/],
    ];

    for (const [name, args, code, message] of cases) {
      it(`${name} ${JSON.stringify(args).slice(0, 70)} → ${code}`, async () => {
        const { isError, body } = await tool(name, args);
        expect(isError).to.equal(true);
        expect(body.error).to.equal(code);
        expect(body.message).to.match(message);
      });
    }

    it('stores nothing for a refused store, queues nothing for a refused interact', async () => {
      expect((await tool('configure', { action: 'list_keys' })).body.keys).to.not.include('big');
      expect((await tool('observe', { what: 'pending_commands' })).body.pending).to.deep.equal([]);
      expect((await tool('configure', { action: 'noise', op: 'list' })).body.count).to.equal(0);
    });

    it('an upload of exactly 5 MB in one padded file is accepted: the MCP endpoint takes bodies past the extension API’s 1 MB', async () => {
      const content_base64 = Buffer.alloc(5 * 1024 * 1024, 7).toString('base64'); // 5 242 880 bytes: ends with '='
      expect(content_base64.endsWith('=')).to.equal(true);
      const { isError, body } = await tool('interact', {
        action: 'upload',
        selector: '#f',
        files: [{ name: 'big.bin', content_base64 }],
      });
      expect(isError, JSON.stringify(body).slice(0, 200)).to.equal(false);
      expect(body.status).to.equal('queued');
      await tool('configure', { action: 'health' });
    });

    it('an upload of exactly 5 MB in two files ending in == is accepted', async () => {
      const content_base64 = Buffer.alloc(2.5 * 1024 * 1024, 7).toString('base64'); // 2 621 440 bytes each: ends with '=='
      expect(content_base64.endsWith('==')).to.equal(true);
      const { isError, body } = await tool('interact', {
        action: 'upload',
        selector: '#f',
        files: [
          { name: 'a.bin', content_base64 },
          { name: 'b.bin', content_base64 },
        ],
      });
      expect(isError, JSON.stringify(body).slice(0, 200)).to.equal(false);
      expect(body.status).to.equal('queued');
    });

    it('an unknown tool is an error, and the session keeps working', async () => {
      const result = await client
        .callTool({ name: 'teleport', arguments: {} })
        .catch((error: Error) => ({ isError: true, content: [{ type: 'text', text: error.message }] }));
      expect(result.isError).to.equal(true);
      expect((await tool('observe', { what: 'errors' })).isError).to.equal(false);
    });

    it('malformed JSON-RPC on /mcp → 400 parse error', async () => {
      const response = await h.call('POST', '/mcp', '{"jsonrpc": "2.0", "method": ', {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${h.token}`,
      });
      expect(response.status).to.equal(400);
      expect(response.body.error).to.equal('invalid_json');
    });

    it('an unknown MCP session → 404 so the client re-initializes', async () => {
      const response = await h.call(
        'POST',
        '/mcp',
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${h.token}`,
          'mcp-session-id': 'no-such-session',
        },
      );
      expect(response.status).to.equal(404);
      expect(response.body.error.code).to.equal(-32001);
    });
  });
});
