import { expect } from 'chai';
import fc from 'fast-check';
import { request } from 'node:http';
import { ROUTES } from '../../../src/adapters/inbound/http/routeTable.js';
import { startHarness, type Harness } from '../../support/daemonHarness.js';

/** Sends `path` byte for byte (fetch would normalise it), with no Origin, as a page's `<img>` or no-cors fetch does. */
function send(port: number, method: string, path: string, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: body === undefined ? {} : { 'content-type': 'text/plain' } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const EXTENSION_ROUTES = [...ROUTES].filter(([, kind]) => kind === 'extension').map(([path]) => path);

/** Another spelling of `path` (still starting with a slash, or Node itself refuses it): letters in either case, characters percent-encoded (either hex case), extra slashes. */
const spelling = (path: string) =>
  fc
    .tuple(
      fc.array(fc.constantFrom('keep', 'upper', 'encode', 'encode-lower'), { minLength: path.length, maxLength: path.length }),
      fc.constantFrom('', '/', '//', '/.', '%2F'),
      fc.constantFrom('', '/', '//'),
    )
    .map(([choices, tail, head]) => {
      const body = [...path]
        .map((char, i) => {
          const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
          switch (i === 0 ? 'keep' : choices[i]) {
            case 'upper':
              return char.toUpperCase();
            case 'encode':
              return `%${hex.toUpperCase()}`;
            case 'encode-lower':
              return `%${hex}`;
            default:
              return char;
          }
        })
        .join('');
      return `${head}${body.startsWith('/') && head !== '' ? body.slice(1) : body}${tail}`;
    })
    .filter((spelled) => spelled !== path);

describe('one path, one rule (docs/security.md)', () => {
  let h: Harness;

  before(async () => {
    h = await startHarness();
  });

  after(async () => h.stop());

  it('no spelling of an extension route answers a request without Origin, and no command or presence leaks', async function () {
    this.timeout(60_000);
    const client = await h.client();
    const queued = await client.callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return 1' } });
    const correlationId = (queued.structuredContent as { correlation_id: string }).correlation_id;
    const query = '?instance_id=page-made-up&boot_id=b1&extension_version=6.6.6';

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...EXTENSION_ROUTES).chain((route) => fc.tuple(fc.constant(route), spelling(route))),
        fc.constantFrom('GET', 'POST'),
        async ([, spelled], method) => {
          const answer = await send(
            h.port,
            method,
            `${spelled}${query}`,
            method === 'POST' ? '{"instance_id":"page-made-up","boot_id":"b1"}' : undefined,
          );
          expect([403, 404], `${method} ${spelled} → ${answer.status} ${answer.body}`).to.include(answer.status);
        },
      ),
      { numRuns: 400 },
    );

    const health = await h.call('GET', '/health');
    expect(health.body.extension.connected).to.equal(false);
    expect(JSON.stringify(health.body)).to.not.contain('page-made-up');
    const state = await client.callTool({
      name: 'observe',
      arguments: { what: 'command_result', correlation_id: correlationId },
    });
    expect((state.structuredContent as { timeline: Record<string, unknown> }).timeline).to.not.have.property('delivered_at');
  });

  it('names the route a misspelled path was meant for, with 404', async () => {
    const answer = await send(h.port, 'GET', '/HEALTH/');
    expect(answer.status).to.equal(404);
    expect(JSON.parse(answer.body)).to.deep.equal({
      error: 'not_found',
      message: 'no route GET /HEALTH/ (paths are exact: /health)',
    });
  });

  it('still serves every route spelled exactly', async () => {
    expect((await send(h.port, 'GET', '/health')).status).to.equal(200);
    expect((await send(h.port, 'GET', '/')).status).to.equal(200);
    expect((await h.ext('POST', '/logs', { entries: [] })).status).to.equal(200);
  });
});
