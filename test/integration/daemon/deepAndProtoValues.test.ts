import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { logEntry, payload, startHarness, type Harness } from '../../support/daemonHarness.js';

/** `{"d":{"d":…"leaf"}}` with `levels` objects, as JSON text. */
const nestedJson = (levels: number) => `${'{"d":'.repeat(levels)}"leaf"${'}'.repeat(levels)}`;

/** Values past the depth bound and `__proto__` keys, through the real HTTP edge (docs/security.md). */
describe('deep values and __proto__ keys: cut with a word, kept as data', () => {
  let h: Harness;
  let client: Client;
  const configure = async (args: Record<string, unknown>) =>
    payload(await client.callTool({ name: 'configure', arguments: args }));
  const fullLogs = async () =>
    payload(await client.callTool({ name: 'observe', arguments: { what: 'logs', detail: 'full' } })).entries as Array<
      Record<string, unknown>
    >;
  const ingest = (args: string) =>
    h.ext('POST', '/logs', `{"entries":[${JSON.stringify(logEntry({ message: 'm' })).replace(/}$/, `,"args":${args}}`)}]}`, {
      'content-type': 'application/json',
    });

  beforeEach(async () => {
    h = await startHarness();
    client = await h.client();
  });
  afterEach(async () => h.stop());

  it('configure store of a value nested 30 deep answers that it was cut, where, and stores the cut', async () => {
    const answer = await configure({ action: 'store', key: 'deep', data: JSON.parse(nestedJson(30)) });
    expect(answer).to.include({ stored: true, key: 'deep', truncated: true, cut: 1 });
    expect(answer.cut_at).to.deep.equal(['/d'.repeat(20)]);
    expect(answer.message).to.match(/1 value was nested deeper than 20 levels and stored as "\[depth\]"/);
    const loaded = await configure({ action: 'load', key: 'deep' });
    expect(JSON.stringify(loaded.data)).to.equal(`${'{"d":'.repeat(20)}"[depth]"${'}'.repeat(20)}`);
  });

  it('configure store keeps __proto__ keys as data and answers without a cut', async () => {
    const data = JSON.parse('{"__proto__":{"admin":true},"list":[{"__proto__":1}]}') as unknown;
    const answer = await configure({ action: 'store', key: 'proto', data });
    expect(answer).to.deep.equal({ stored: true, key: 'proto', bytes: 53 });
    const loaded = await configure({ action: 'load', key: 'proto' });
    expect(JSON.stringify(loaded.data)).to.equal('{"__proto__":{"admin":true},"list":[{"__proto__":1}]}');
  });

  it('ingested console arguments keep their __proto__ keys', async () => {
    expect((await ingest('[{"__proto__":{"polluted":1},"y":2}]')).body).to.include({ received: 1, rejected: 0 });
    const [entry] = await fullLogs();
    expect(JSON.stringify(entry?.args)).to.equal('[{"__proto__":{"polluted":1},"y":2}]');
    expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
  });

  it('an ingested entry whose arguments were cut for depth says truncated', async () => {
    expect((await ingest(`[${nestedJson(30)}]`)).body).to.include({ received: 1, rejected: 0 });
    const [entry] = await fullLogs();
    expect(JSON.stringify(entry?.args)).to.contain('"[depth]"');
    expect(entry?.truncated).to.equal(true);
  });
});
