import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { T0 } from '../../support/lifecycleHarness.js';
import { logEntry, payload, startHarness, type Harness, type SimulatedExtension } from '../../support/daemonHarness.js';
import { entriesOf } from '../../support/listEntries.js';

const T = 1_700_000_000_000;
const ORIGIN = 'http://localhost:5173';

const action = (ts: number, overrides: Record<string, unknown> = {}) => ({
  ts,
  tab_id: 1,
  by: 'human',
  type: 'click',
  url: `${ORIGIN}/pets`,
  locator: "getByRole('button', { name: 'Save', exact: true })",
  ...overrides,
});
const request = (ts: number, overrides: Record<string, unknown> = {}) => ({
  url: `${ORIGIN}/api/pets`,
  method: 'POST',
  status: 200,
  duration_ms: 20,
  ts,
  tab_id: 1,
  ...overrides,
});
const error = (ts: number, message = 'TypeError: pet.id is undefined') =>
  logEntry({ ts, message, url: `${ORIGIN}/pets`, stack: `TypeError: x\n    at save (${ORIGIN}/src/App.tsx:12:5)` });

/** The timeline's rows as objects keyed by its columns. */
const rowsOf = (answer: unknown) => entriesOf(answer);

describe('observe timeline (docs/mcp-tools.md)', () => {
  let h: Harness;
  let ext: SimulatedExtension;
  let client: Client;
  const observe = async (args: Record<string, unknown>) => payload(await client.callTool({ name: 'observe', arguments: args }));
  const toolError = async (args: Record<string, unknown>) => {
    const result = await client.callTool({ name: 'observe', arguments: args });
    expect(result.isError, JSON.stringify(result.structuredContent)).to.equal(true);
    return result.structuredContent as { error: string; message: string };
  };

  beforeEach(async () => {
    h = await startHarness();
    ext = h.extension();
    client = await h.client();
  });

  afterEach(async () => h.stop());

  it('tells one story: navigation, actions with what they caused, errors, failed requests and dialogs, in time order', async () => {
    await ext.send('/actions', [
      action(T, { type: 'navigate', locator: undefined, navigation: 'load' }),
      action(T + 1_000, { type: 'fill', locator: "getByLabel('Name', { exact: true })", value: 'Rex' }),
      action(T + 2_000),
    ]);
    await ext.send('/network-bodies', [
      request(T + 5_000, { method: 'GET', url: `${ORIGIN}/api/poll` }), // no action caused it, it went well: not in the story
      request(T + 2_010, { status: 500 }),
      request(T + 2_020, { method: 'GET', url: `${ORIGIN}/api/pets` }),
      request(T + 9_000, { method: 'GET', url: `${ORIGIN}/api/poll`, status: 0, error: 'net::ERR_FAILED' }),
    ]);
    await ext.send('/logs', [
      error(T + 2_050),
      logEntry({ ts: T + 2_060, level: 'log', message: 'saved?', url: `${ORIGIN}/pets` }),
      logEntry({
        ts: T + 2_070,
        level: 'warn',
        message: 'alert("Saved") answered by browsertap: accepted',
        args: [{ dialog: 'alert', message: 'Saved', answer: 'accepted' }],
        url: `${ORIGIN}/pets`,
      }),
    ]);
    const story = await observe({ what: 'timeline' });
    expect(story.columns.slice(0, 4)).to.deep.equal(['id', 'ts', 'kind', 'what']);
    expect(story).to.include({ ts_base: T, tab_id: 1, origin: ORIGIN, count: 8, has_more: false });
    expect(rowsOf(story)).to.deep.equal([
      { id: 'a1', ts: 0, kind: 'action', what: 'navigate /pets (load)' },
      { id: 'a2', ts: 1_000, kind: 'action', what: `fill getByLabel('Name', { exact: true }) "Rex"` },
      {
        id: 'a3',
        ts: 2_000,
        kind: 'action',
        what: "click getByRole('button', { name: 'Save', exact: true })",
        caused: ['n2', 'n3', 'l1', 'l3'],
      },
      { id: 'n2', ts: 2_010, kind: 'request', what: 'POST /api/pets 500' },
      { id: 'n3', ts: 2_020, kind: 'request', what: 'GET /api/pets 200' },
      { id: 'l1', ts: 2_050, kind: 'error', what: 'TypeError: pet.id is undefined', at: 'src/App.tsx:12:5' },
      { id: 'l3', ts: 2_070, kind: 'dialog', what: 'alert "Saved" accepted' },
      { id: 'n4', ts: 9_000, kind: 'request', what: 'GET /api/poll 0 net::ERR_FAILED' },
    ]);
  });

  it('writes each row on one line, whatever line breaks the page put in a name, a value, a file name or a message', async () => {
    const breaks = ['\r', '\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029'];
    const broken = (word: string) => breaks.map((line) => `${word}${line}`).join('x');
    await ext.send('/actions', [
      action(T, { type: 'navigate', locator: undefined, navigation: 'load' }),
      action(T + 1_000, { type: 'fill', locator: `getByLabel(${JSON.stringify(broken('Name'))})`, value: broken('Rex') }),
      action(T + 1_500, {
        type: 'upload',
        locator: undefined,
        selector: broken('#file'),
        files: [{ name: broken('a.txt'), size: 1 }],
      }),
      action(T + 2_000, { type: 'press', locator: undefined, key: broken('Enter') }),
    ]);
    await ext.send('/logs', [
      logEntry({
        ts: T + 2_050,
        message: `\r${broken('TypeError: pet')}`,
        url: `${ORIGIN}/pets`,
        stack: `E\n    at ${broken('save')} (${ORIGIN}/a.js:1:2)`,
      }),
      logEntry({
        ts: T + 2_070,
        level: 'warn',
        message: 'alert answered by browsertap: accepted',
        args: [{ dialog: 'alert', message: broken('Saved'), answer: 'accepted' }],
        url: `${ORIGIN}/pets`,
      }),
    ]);
    const rows = rowsOf(await observe({ what: 'timeline', limit: 100 }));
    expect(rows.map((row: { kind: string }) => row.kind)).to.deep.equal([
      'action',
      'action',
      'action',
      'action',
      'error',
      'dialog',
    ]);
    for (const row of rows as Array<{ id: string; what: string; at?: string }>) {
      expect(row.what, row.id).not.to.match(/[\u0000-\u001f\u0085\u2028\u2029]/);
      expect(row.at ?? '', row.id).not.to.match(/[\u0000-\u001f\u0085\u2028\u2029]/);
    }
    expect(rows[1].what).to.include('Name x');
  });

  it('counts what an agent’s action caused until its command finished, past the 2 s a person’s action gets', async () => {
    const timed = await startHarness({ fakeClock: true });
    try {
      const agent = await timed.client();
      const fake = timed.extension();
      const queued = payload(await agent.callTool({ name: 'interact', arguments: { action: 'click', selector: 'button' } }));
      const [query] = await fake.poll(0);
      expect(query?.correlation_id).to.equal(queued.correlation_id);
      const start = T0;
      await timed.clock?.tickAsync(2_800);
      await fake.report(queued.correlation_id, 'complete', { result: { ok: true } }); // finished at start + 2 800
      await fake.send('/actions', [
        action(start, { by: 'agent', correlation_id: queued.correlation_id }),
        action(start, { tab_id: 2 }),
      ]);
      await fake.send('/network-bodies', [request(start + 2_500), request(start + 2_900), request(start + 2_500, { tab_id: 2 })]);
      const rows = rowsOf(payload(await agent.callTool({ name: 'observe', arguments: { what: 'timeline' } })));
      expect(rows.find((row) => row.id === 'a1')).to.deep.include({ by: 'agent', caused: ['n1'] });
      expect(rows.find((row) => row.id === 'a2')?.caused).to.equal(undefined);
    } finally {
      await timed.stop();
    }
  });

  it('around an error: the 10 actions before it in its tab, what happened between, and the 2 s after it', async () => {
    const clicks = Array.from({ length: 12 }, (_, i) => action(T + i * 1_000, { locator: `getByTestId('b${i}')` }));
    await ext.send('/actions', [...clicks, action(T + 11_500, { tab_id: 2 })]);
    await ext.send('/logs', [
      error(T + 11_100), // l1: the one asked about
      error(T + 12_900, 'TypeError: followed'), // l2: within 2 s after
      error(T + 13_200, 'TypeError: too late'), // l3: past 2 s
    ]);
    const story = await observe({ what: 'timeline', around: 'l1' });
    expect(story.around).to.equal('l1');
    const ids = rowsOf(story).map((row) => row.id);
    expect(ids).to.deep.equal(['a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10', 'a11', 'a12', 'l1', 'l2']);
    expect(ids).not.to.include('a13'); // another tab
  });

  it('around any entry: a plain log that is not in the story is shown as its centre', async () => {
    await ext.send('/actions', [action(T)]);
    await ext.send('/logs', [logEntry({ ts: T + 100, level: 'log', message: 'hello' })]);
    const rows = rowsOf(await observe({ what: 'timeline', around: 'l1' }));
    expect(rows.map((row) => [row.id, row.kind])).to.deep.equal([
      ['a1', 'action'],
      ['l1', 'log'],
    ]);
  });

  it('names an unknown, evicted or malformed around id in a clear error', async () => {
    expect(await toolError({ what: 'timeline', around: 'l88' })).to.include({ error: 'unknown_entry' });
    expect((await toolError({ what: 'timeline', around: 'l88' })).message).to.contain('l88');
    expect(await toolError({ what: 'timeline', around: 'x88' })).to.include({ error: 'invalid_params' });
    await ext.send(
      '/logs',
      Array.from({ length: 1_001 }, (_, i) => error(T + i)),
    );
    expect(await toolError({ what: 'timeline', around: 'l1' })).to.include({ error: 'entry_evicted' });
  });

  it('stays within 4 000 bytes by default, shortening texts and then leaving out the oldest rows', async () => {
    const long = 'TypeError: '.padEnd(600, 'x');
    await ext.send(
      '/actions',
      Array.from({ length: 60 }, (_, i) =>
        action(T + i * 3_000, { type: 'fill', value: 'v'.repeat(180), locator: `getByLabel('Field ${i}')` }),
      ),
    );
    await ext.send(
      '/logs',
      Array.from({ length: 60 }, (_, i) => error(T + i * 3_000 + 10, `${long}${i}`)),
    );
    const result = (await client.callTool({ name: 'observe', arguments: { what: 'timeline' } })) as CallToolResult;
    const text = (result.content[0] as { text: string }).text;
    expect(Buffer.byteLength(text, 'utf8')).to.be.at.most(4_000);
    const story = payload(result);
    expect(story.has_more).to.equal(true);
    expect(rowsOf(story).at(-1)?.id).to.equal('l60'); // the newest kept
    expect(story.shortened).to.be.below(200);
    for (const row of rowsOf(story)) expect(row.what.length).to.be.at.most(story.shortened);
    // With a limit, the answer may be larger (up to the result budget).
    const bigger = (await client.callTool({ name: 'observe', arguments: { what: 'timeline', limit: 120 } })) as CallToolResult;
    expect(Buffer.byteLength((bigger.content[0] as { text: string }).text, 'utf8')).to.be.above(4_000);
  });

  it('reads on after a cursor and filters by tab', async () => {
    await ext.send('/actions', [action(T), action(T + 100, { tab_id: 2 })]);
    const first = await observe({ what: 'timeline' });
    expect(first.count).to.equal(2);
    await ext.send('/actions', [action(T + 200, { type: 'dblclick' })]);
    await ext.send('/logs', [error(T + 250)]);
    const next = await observe({ what: 'timeline', after_cursor: first.cursor });
    expect(rowsOf(next).map((row) => row.id)).to.deep.equal(['a3', 'l1']);
    expect(rowsOf(next)[0]?.caused).to.deep.equal(['l1']);
    expect(rowsOf(await observe({ what: 'timeline', tab_id: 2 })).map((row) => row.id)).to.deep.equal(['a2']);
    expect(await toolError({ what: 'timeline', after_cursor: 'nope' })).to.include({ error: 'invalid_params' });
    expect(await toolError({ what: 'timeline', around: 'a1', after_cursor: first.cursor })).to.include({
      error: 'invalid_params',
    });
  });
});
