import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import fc from 'fast-check';
import { startHarness, type Harness } from '../../support/daemonHarness.js';

/** A field value of any JSON shape, sometimes deep, sometimes huge, sometimes of the right type. */
const anyValue = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.nat().map((depth) => nest(depth % 60)) },
  { weight: 1, arbitrary: fc.constantFrom(null, -1, 1e308, '', 'eyJ-'.repeat(500), '__proto__') },
);

function nest(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { level: value };
  return value;
}

/** A log entry that is valid, or valid but for some fields replaced by anything. */
const logEntry = fc
  .record({
    level: fc.constantFrom('debug', 'log', 'info', 'warn', 'error'),
    message: fc.string({ unit: 'binary', maxLength: 500 }),
    source: fc.constantFrom('console', 'exception', 'unhandledrejection'),
    url: fc.webUrl(),
    ts: fc.nat(),
    tab_id: fc.nat(),
    args: fc.array(anyValue, { maxLength: 4 }),
  })
  .chain((entry) =>
    fc
      .dictionary(fc.constantFrom('level', 'message', 'source', 'url', 'ts', 'tab_id', 'args', 'extra'), anyValue, { maxKeys: 2 })
      .map((broken) => ({ ...entry, ...broken })),
  );

const entries = fc.array(fc.oneof({ weight: 4, arbitrary: logEntry }, { weight: 1, arbitrary: anyValue }), { maxLength: 40 });

const REQUIRED: Readonly<Record<string, (value: unknown) => boolean>> = {
  level: (v) => ['debug', 'log', 'info', 'warn', 'error'].includes(v as string),
  message: (v) => typeof v === 'string',
  source: (v) => ['console', 'exception', 'unhandledrejection'].includes(v as string),
  url: (v) => typeof v === 'string',
  ts: (v) => typeof v === 'number' && Number.isFinite(v),
};

/** docs/security.md: hostile input, generated. Nothing is a 500, counts add up, nothing is stored half-formed. */
describe('properties of the daemon under generated hostile input (fast-check)', function () {
  this.timeout(120_000);
  let h: Harness;
  let client: Client;

  before(async () => {
    h = await startHarness();
    client = await h.client();
  });
  after(async () => h.stop());

  it('POST /logs: never a 500; received + rejected + filtered = sent; every stored entry is whole', async () => {
    await fc.assert(
      fc.asyncProperty(entries, async (batch) => {
        await h.ext('POST', '/logs', JSON.stringify({ entries: [] })); // the daemon is up
        const { body: clear } = await h.call('GET', '/health');
        const before = clear.buffers.logs.size + clear.buffers.logs.evicted;
        const { status, body } = await h.ext('POST', '/logs', JSON.stringify({ entries: batch }), {
          'content-type': 'application/json',
        });
        expect(status, JSON.stringify(body)).to.equal(200);
        expect(body.received + body.rejected + (body.filtered ?? 0)).to.equal(batch.length);
        const { body: health } = await h.call('GET', '/health');
        expect(health.buffers.logs.size + health.buffers.logs.evicted - before).to.equal(body.received);
        if (body.received > 0) {
          const read = await client.callTool({
            name: 'observe',
            arguments: { what: 'logs', limit: body.received, detail: 'full' },
          });
          for (const entry of (read.structuredContent as { entries: Array<Record<string, unknown>> }).entries) {
            for (const [field, valid] of Object.entries(REQUIRED))
              expect(valid(entry[field]), `${field} of ${JSON.stringify(entry).slice(0, 200)}`).to.equal(true);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the other ingest routes: never a 500, and the counts add up', async () => {
    const routes = ['/network-bodies', '/websocket-events', '/vitals', '/actions', '/page', '/query-result', '/pending-queries'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(fc.record({ entries: fc.array(anyValue, { maxLength: 20 }) }), anyValue),
        async (route, body) => {
          const { status, body: answer } = await h.ext('POST', route, JSON.stringify(body ?? null), {
            'content-type': 'application/json',
          });
          expect(status, `${route}: ${JSON.stringify(answer).slice(0, 200)}`).to.be.oneOf([200, 400]);
          if (
            status === 200 &&
            Array.isArray((body as { entries?: unknown[] })?.entries) &&
            route !== '/page' &&
            !route.includes('quer')
          ) {
            const sent = (body as { entries: unknown[] }).entries.length;
            expect(answer.received + answer.rejected + (answer.filtered ?? 0)).to.equal(sent);
          }
          if (status === 400) expect(answer.error).to.be.a('string');
        },
      ),
      { numRuns: 80 },
    );
  });

  it('MCP tools with any arguments: a tool error with a code and a message, never internal_error, never over budget', async () => {
    const tools = {
      observe: [
        'errors',
        'logs',
        'network',
        'network_bodies',
        'websocket_events',
        'vitals',
        'page',
        'tabs',
        'command_result',
        'pending_commands',
        'failed_commands',
        'actions',
        'timeline',
      ],
      interact: ['execute_js', 'navigate', 'click', 'type', 'scroll', 'screenshot', 'query_dom', 'wait_for'],
      configure: [
        'health',
        'query_status',
        'store',
        'load',
        'list_keys',
        'delete',
        'noise',
        'clear',
        'streaming',
        'streaming_status',
        'recording',
      ],
    };
    const call = fc.constantFrom(...(Object.keys(tools) as Array<keyof typeof tools>)).chain((name) =>
      fc.record({
        name: fc.constant(name),
        selector: fc.oneof(fc.constantFrom(...tools[name]), anyValue),
        args: fc.dictionary(
          fc.oneof(
            fc.constantFrom(
              'limit',
              'after_cursor',
              'wait_ms',
              'url',
              'tab_id',
              'key',
              'data',
              'pattern',
              'op',
              'filters',
              'subscribe',
              'enabled',
              'selector',
              'script',
              'offset',
              'by',
              'around',
              'actions',
              'values',
            ),
            fc.string({ maxLength: 10 }),
          ),
          anyValue,
          { maxKeys: 4 },
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(call, async ({ name, selector, args }) => {
        const key = name === 'observe' ? 'what' : 'action';
        const wait = { wait_ms: 0 }; // never hold a generated call
        const result = (await client.callTool({ name, arguments: { ...args, ...wait, [key]: selector } })) as CallToolResult;
        const text = (result.content[0] as { text: string }).text;
        expect(Buffer.byteLength(text, 'utf8')).to.be.at.most(60_000);
        const payload = JSON.parse(text) as { error?: string; message?: string };
        if (result.isError === true) {
          expect(payload.error).to.match(/^[a-z]+(_[a-z]+)*$/);
          expect(payload.message).to.be.a('string');
          expect(payload.error, payload.message).to.not.equal('internal_error');
        }
      }),
      { numRuns: 150 },
    );
  });
});
