import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { payload, startHarness, type Harness, type SimulatedExtension } from '../../support/daemonHarness.js';
import { entriesOf } from '../../support/listEntries.js';

const T = 1_700_000_000_000;

export const action = (overrides: Record<string, unknown> = {}) => ({
  ts: T,
  tab_id: 1,
  by: 'human',
  type: 'click',
  url: 'http://localhost:5173/pets',
  locator: "getByRole('button', { name: 'Save', exact: true })",
  selector: 'role=button[name="Save"]',
  role: 'button',
  name: 'Save',
  ...overrides,
});

describe('recorded actions: POST /actions, observe actions, recording settings (docs/mcp-tools.md)', () => {
  let h: Harness;
  let ext: SimulatedExtension;
  let client: Client;
  const observe = async (args: Record<string, unknown>) => payload(await client.callTool({ name: 'observe', arguments: args }));
  const configure = async (args: Record<string, unknown>) =>
    payload(await client.callTool({ name: 'configure', arguments: args }));
  const toolError = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.structuredContent)).to.equal(true);
    return result.structuredContent as { error: string; message: string };
  };

  beforeEach(async () => {
    h = await startHarness();
    ext = h.extension();
    client = await h.client();
  });

  afterEach(async () => h.stop());

  describe('ingest', () => {
    it('stores valid actions with ids a1, a2, … and counts a bad one (unknown type or by) as rejected', async () => {
      const { status, body } = await ext.send('/actions', [
        action(),
        action({ type: 'teleport' }),
        action({ by: 'robot' }),
        action({ type: 'fill', locator: "getByLabel('Name', { exact: true })", value: 'Rex', ts: T + 10 }),
      ]);
      expect(status).to.equal(200);
      expect(body).to.include({ received: 2, rejected: 2 });
      expect(body.errors.map((e: { index: number }) => e.index)).to.deep.equal([1, 2]);
      const list = entriesOf(await observe({ what: 'actions' }));
      expect(list.map((a) => [a.id, a.type])).to.deep.equal([
        ['a1', 'click'],
        ['a2', 'fill'],
      ]);
    });

    it('rejects fields past their bounds: a 2 049-character locator, 101 values, 101 files, a negative nth', async () => {
      const { body } = await ext.send('/actions', [
        action({ locator: 'x'.repeat(2_049) }),
        action({ type: 'select', values: Array.from({ length: 101 }, (_, i) => `v${i}`) }),
        action({ type: 'upload', files: Array.from({ length: 101 }, () => ({ name: 'a.txt', size: 1 })) }),
        action({ nth: -1 }),
        action({ type: 'upload', files: [{ name: 'a.txt', size: -1 }] }),
        action({ locator: 'x'.repeat(2_048) }),
      ]);
      expect(body).to.include({ received: 1, rejected: 5 });
    });

    it('is refused without the extension’s Origin, like every ingest route', async () => {
      const { status, body } = await h.call('POST', '/actions', { entries: [action()] });
      expect(status).to.equal(403);
      expect(body.error).to.equal('forbidden_origin');
      expect(entriesOf(await observe({ what: 'actions' }))).to.deep.equal([]);
    });

    it('redacts a typed value that holds a secret, whole, and counts it', async () => {
      const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
      const { body } = await ext.send('/actions', [
        action({ type: 'fill', value: `token ${token}` }),
        action({ type: 'fill', value: 'hunter2', value_name: 'Password', ts: T + 1 }),
        action({ type: 'fill', value: 'Rex', value_name: 'Pet name', ts: T + 2 }),
        action({ type: 'select', values: ['cat', token], ts: T + 3 }),
      ]);
      expect(body).to.include({ received: 4, redacted: 3 });
      const full = (await observe({ what: 'actions', detail: 'full' })).entries;
      expect(full.map((a: { value?: string; values?: string[] }) => a.value ?? a.values)).to.deep.equal([
        '[redacted]',
        '[redacted]',
        'Rex',
        ['cat', '[redacted]'],
      ]);
      expect(JSON.stringify(full)).not.to.contain(token.slice(20));
    });

    it('redacts a typed payment card number whatever the field is called, and an SMS code under its name', async () => {
      const { body } = await ext.send('/actions', [
        action({ type: 'fill', value: '4111 1111 1111 1111', value_name: 'Payment' }),
        action({ type: 'fill', value: '482913', value_name: 'verification_code', ts: T + 1 }),
        action({ type: 'fill', value: '75001', value_name: 'Postal code', ts: T + 2 }),
      ]);
      expect(body).to.include({ received: 3, redacted: 2 });
      const full = (await observe({ what: 'actions', detail: 'full' })).entries;
      expect(full.map((a: { value?: string }) => a.value)).to.deep.equal(['[redacted]', '[redacted]', '75001']);
    });

    it('keeps renamed: true on a click the page renamed as it was pressed, and refuses a renamed that is not a boolean', async () => {
      const renamed = { ts: T, tab_id: 1, by: 'human', type: 'click', url: 'http://localhost:5173/pets', renamed: true };
      const { body } = await ext.send('/actions', [renamed, { ...renamed, renamed: 'yes' }]);
      expect(body).to.include({ received: 1, rejected: 1 });
      expect(await observe({ what: 'entry', id: 'a1' })).to.deep.include({ type: 'click', renamed: true });
    });

    it("keeps a pointer drag's path, and refuses one that is empty, too long, or not pairs of finite numbers", async () => {
      const drag = action({
        type: 'drag',
        moves: [
          [0, 12],
          [2.4, 96],
        ],
      });
      const bad = [[], Array.from({ length: 65 }, () => [1, 1]), [[1, 2, 3]], [['1', 2]], [[0, 1e9]]];
      const { body } = await ext.send('/actions', [drag, ...bad.map((moves) => ({ ...drag, moves }))]);
      expect(body).to.include({ received: 1, rejected: bad.length });
      expect(await observe({ what: 'entry', id: 'a1' })).to.deep.include({
        type: 'drag',
        moves: [
          [0, 12],
          [2, 96],
        ],
      });
    });

    it('keeps by_script: true on a history move the page’s script made, and refuses one that is not a boolean', async () => {
      const pop = { ts: T, tab_id: 1, by: 'human', type: 'navigate', url: 'http://localhost:5173/pets', navigation: 'pop' };
      const { body } = await ext.send('/actions', [
        { ...pop, by_script: true },
        { ...pop, by_script: 1 },
      ]);
      expect(body).to.include({ received: 1, rejected: 1 });
      expect(await observe({ what: 'entry', id: 'a1' })).to.deep.include({ navigation: 'pop', by_script: true });
    });

    it('keeps typed: true on a fill of rich text, and refuses one that is not a boolean', async () => {
      const fill = { ts: T, tab_id: 1, by: 'human', type: 'fill', url: 'http://localhost:5173/pets', value: 'world' };
      const { body } = await ext.send('/actions', [
        { ...fill, typed: true },
        { ...fill, typed: 'yes' },
      ]);
      expect(body).to.include({ received: 1, rejected: 1 });
      expect(await observe({ what: 'entry', id: 'a1' })).to.deep.include({ value: 'world', typed: true });
    });

    it('keeps only name, size and type of picked files', async () => {
      await ext.send('/actions', [
        action({ type: 'upload', files: [{ name: 'cv.pdf', size: 1234, type: 'application/pdf', content: 'AAAA' }] }),
      ]);
      const entry = await observe({ what: 'entry', id: 'a1' });
      expect(entry.files).to.deep.equal([{ name: 'cv.pdf', size: 1234, type: 'application/pdf' }]);
    });

    it('evicts the oldest past 2 000 actions, counted in /health', async () => {
      const batch = Array.from({ length: 2_000 }, (_, i) => action({ ts: T + i }));
      await ext.send('/actions', batch);
      await ext.send('/actions', [action({ ts: T + 5_000, type: 'dblclick' })]);
      const { body } = await h.call('GET', '/health');
      expect(body.buffers.actions).to.deep.equal({ size: 2_000, capacity: 2_000, evicted: 1 });
      const gone = await toolError('observe', { what: 'entry', id: 'a1' });
      expect(gone.error).to.equal('entry_evicted');
      expect((await observe({ what: 'entry', id: 'a2001' })).type).to.equal('dblclick');
    });
  });

  describe('observe actions', () => {
    beforeEach(async () => {
      await ext.send('/actions', [
        action({
          type: 'navigate',
          url: 'http://localhost:5173/pets',
          navigation: 'load',
          locator: undefined,
          selector: undefined,
          role: undefined,
          name: undefined,
        }),
        action({ ts: T + 100 }),
        action({ ts: T + 200, type: 'fill', locator: "getByLabel('Name', { exact: true })", value: 'Rex' }),
        action({ ts: T + 300, type: 'press', key: 'Enter', locator: "getByLabel('Name', { exact: true })" }),
        action({
          ts: T + 400,
          by: 'agent',
          correlation_id: 'corr-1700000000400-0a1b2c3d',
          tab_id: 2,
          url: 'http://localhost:5173/other',
        }),
      ]);
    });

    it('lists compactly as a table: id, ts, by, type, locator, value, key, and the url where it changes', async () => {
      const list = await observe({ what: 'actions' });
      expect(list.columns).to.deep.equal([
        'id',
        'ts',
        'by',
        'type',
        'locator',
        'value',
        'key',
        'url',
        'correlation_id',
        'tab_id',
      ]);
      expect(list.ts_base).to.equal(T);
      expect(list.origin).to.equal('http://localhost:5173');
      const rows = entriesOf(list);
      expect(rows[0]).to.deep.equal({ id: 'a1', ts: 0, by: 'human', type: 'navigate', url: '/pets', tab_id: 1 });
      expect(rows[2]).to.deep.equal({
        id: 'a3',
        ts: 200,
        by: 'human',
        type: 'fill',
        locator: "getByLabel('Name', { exact: true })",
        value: 'Rex',
        tab_id: 1,
      });
      expect(rows[3]).to.include({ key: 'Enter' });
      expect(rows[4]).to.include({ by: 'agent', correlation_id: 'corr-1700000000400-0a1b2c3d', url: '/other', tab_id: 2 });
    });

    it('never folds identical actions: each is a step with its own id', async () => {
      await ext.send('/actions', [action({ ts: T + 500 }), action({ ts: T + 600 })]);
      const rows = entriesOf(await observe({ what: 'actions', tab_id: 1 }));
      expect(rows.map((r) => r.id)).to.deep.equal(['a1', 'a2', 'a3', 'a4', 'a6', 'a7']);
      expect(rows.every((r) => r.count === undefined)).to.equal(true);
    });

    it('filters by who acted; any other by is invalid_params', async () => {
      expect(entriesOf(await observe({ what: 'actions', by: 'agent' })).map((r) => r.id)).to.deep.equal(['a5']);
      expect(entriesOf(await observe({ what: 'actions', by: 'human' }))).to.have.length(4);
      expect((await toolError('observe', { what: 'actions', by: 'robot' })).error).to.equal('invalid_params');
    });

    it('follows the list rules: limit, cursor, tab_id and detail:"full"', async () => {
      const page = await observe({ what: 'actions', limit: 2 });
      expect(entriesOf(page).map((r) => r.id)).to.deep.equal(['a4', 'a5']);
      expect(page.has_more).to.equal(true);
      const first = await observe({ what: 'actions', tab_id: 1, limit: 2, after_cursor: 0 });
      expect(entriesOf(first).map((r) => r.id)).to.deep.equal(['a1', 'a2']);
      const next = await observe({ what: 'actions', tab_id: 1, after_cursor: first.cursor });
      expect(entriesOf(next).map((r) => r.id)).to.deep.equal(['a3', 'a4']);
      const full = await observe({ what: 'actions', detail: 'full', limit: 1 });
      expect(full.entries[0]).to.deep.include({ id: 'a5', selector: 'role=button[name="Save"]', role: 'button', name: 'Save' });
    });

    it('holds a read with wait_ms until the next action arrives', async () => {
      const { cursor } = await observe({ what: 'actions' });
      const waiting = observe({ what: 'actions', after_cursor: cursor, wait_ms: 5_000 });
      await h.holding();
      await ext.send('/actions', [action({ ts: T + 900, type: 'dblclick' })]);
      expect(entriesOf(await waiting).map((r) => [r.id, r.type])).to.deep.equal([['a6', 'dblclick']]);
    });

    it('observe entry a3 gives the action in full', async () => {
      expect(await observe({ what: 'entry', id: 'a3' })).to.deep.include({
        id: 'a3',
        type: 'fill',
        value: 'Rex',
        url: 'http://localhost:5173/pets',
      });
    });

    it('configure clear actions empties the buffer; clear all does too', async () => {
      expect(await configure({ action: 'clear', buffer: 'actions' })).to.deep.equal({ cleared: { actions: 5 } });
      expect(entriesOf(await observe({ what: 'actions' }))).to.deep.equal([]);
      await ext.send('/actions', [action()]);
      expect((await configure({ action: 'clear', buffer: 'all' })).cleared.actions).to.equal(1);
    });
  });

  describe('configure recording', () => {
    const poll = async () =>
      (await h.ext('POST', '/pending-queries', { instance_id: 'i', boot_id: 'b', wait_ms: 0 })).body as {
        queries: unknown[];
        recording: { actions: boolean; values: boolean };
      };

    it('reads the settings with no argument: both on by default, and every poll answer carries them', async () => {
      expect(await configure({ action: 'recording' })).to.deep.equal({ recording: { actions: true, values: true } });
      expect((await poll()).recording).to.deep.equal({ actions: true, values: true });
    });

    it('changes, answers and saves them (they survive a restart)', async () => {
      expect(await configure({ action: 'recording', values: false })).to.deep.equal({
        recording: { actions: true, values: false },
      });
      expect((await poll()).recording).to.deep.equal({ actions: true, values: false });
      expect(JSON.parse(readFileSync(join(h.stateDir, 'recording.json'), 'utf8'))).to.deep.equal({
        actions: true,
        values: false,
      });
      const again = await startHarness({ stateDir: h.stateDir });
      try {
        const other = await again.client();
        const read = payload(await other.callTool({ name: 'configure', arguments: { action: 'recording' } }));
        expect(read.recording).to.deep.equal({ actions: true, values: false });
      } finally {
        await again.stop();
      }
    });

    it('refuses a value that is not a boolean and changes nothing', async () => {
      const error = await toolError('configure', { action: 'recording', actions: 'no' });
      expect(error.error).to.equal('invalid_params');
      expect(error.message).to.contain('actions');
      expect((await configure({ action: 'recording' })).recording).to.deep.equal({ actions: true, values: true });
    });

    it('wakes a held poll at once with the new settings', async () => {
      const started = Date.now();
      const held = h.ext('POST', '/pending-queries', { instance_id: 'i', boot_id: 'b', wait_ms: 20_000 });
      await h.holding();
      await configure({ action: 'recording', actions: false });
      const answer = await held;
      expect(Date.now() - started).to.be.below(10_000); // half the poll's wait: the change ended it
      expect(answer.body).to.deep.equal({ queries: [], recording: { actions: false, values: true } });
    });

    it('with values off, drops the values the extension still sends', async () => {
      await configure({ action: 'recording', values: false });
      await ext.send('/actions', [
        action({ type: 'fill', value: 'Rex', value_name: 'Pet name' }),
        action({ type: 'select', values: ['a'] }),
      ]);
      const full = (await observe({ what: 'actions', detail: 'full' })).entries;
      for (const entry of full) expect(entry).not.to.have.any.keys('value', 'values', 'value_name');
    });

    it('with actions off, stores the agent’s actions but not the person’s (counted as filtered)', async () => {
      await configure({ action: 'recording', actions: false });
      const { body } = await ext.send('/actions', [
        action(),
        action({ by: 'agent', correlation_id: 'corr-1-00000000' }),
        action({ type: 'bogus' }),
      ]);
      expect(body).to.include({ received: 1, filtered: 1, rejected: 1 });
      expect(entriesOf(await observe({ what: 'actions' })).map((r) => r.by)).to.deep.equal(['agent']);
    });
  });
});
